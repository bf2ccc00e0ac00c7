/**
 * A manual price or discount on the selected line (Ctrl+D): the manager scans their card and
 * types their PIN; the back office checks it, records who confirmed, and prices the line. The PIN
 * goes straight to the service, never into the outbox. Without a connection nothing can be
 * confirmed, and the dialog says so instead of pretending.
 */

import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Dec, dec, parseAmount } from '../../../money/money.js';
import { ErrorMessage } from '../../../ui/ErrorMessage.js';
import { Field } from '../../../ui/Field.js';
import { shopTime, useShopTimeZone } from '../../../ui/shop-time.js';
import type { ManualResult } from '../actions/types.js';
import type { SaleLine } from '../sale-lines.js';
import { Dialog } from './Dialog.js';

type Kind = 'price' | 'percent';

export function ManualPriceDialog(props: {
  readonly line: SaleLine;
  readonly online: boolean;
  readonly onConfirm: (change: {
    price?: Dec;
    percent?: Dec;
    reason: string;
    managerCard: string;
    pin: string;
  }) => Promise<ManualResult>;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation('sale');
  const { line } = props;
  const [kind, setKind] = useState<Kind>('price');
  const [value, setValue] = useState('');
  const [reason, setReason] = useState('');
  const [card, setCard] = useState('');
  const [pin, setPin] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<Exclude<ManualResult, { kind: 'confirmed' }> | null>(null);

  const amount = parseAmount(value);
  const valueProblem = problemOfValue(kind, amount, line.price, t);
  const cardProblem = card.trim() === '' ? t('manual.needManager') : undefined;
  const pinProblem = /^\d{4,12}$/.test(pin) ? undefined : t('manual.needPin');

  const confirm = async () => {
    setTried(true);
    if (busy || !props.online || valueProblem || cardProblem || pinProblem || !amount) return;
    setBusy(true);
    const result = await props.onConfirm({
      ...(kind === 'price' ? { price: amount } : { percent: amount }),
      reason: reason.trim(),
      managerCard: card.trim(),
      pin,
    });
    setBusy(false);
    // A PIN is typed afresh for every attempt.
    setPin('');
    if (result.kind === 'confirmed') props.onClose();
    else setAnswer(result);
  };

  return (
    <Dialog
      title={t('manual.title', { name: line.name })}
      testId="manual-dialog"
      onClose={props.onClose}
      actions={
        <>
          <button type="button" onClick={props.onClose}>
            {t('common:actions.cancel')}
          </button>
          <button
            type="button"
            className="primary"
            disabled={busy || !props.online}
            onClick={() => void confirm()}
            data-testid="manual-confirm"
          >
            {busy ? t('sending') : t('manual.confirm')}
          </button>
        </>
      }
    >
      <p className="muted">{t('manual.note')}</p>
      {props.online ? null : (
        <p className="error" role="alert" data-testid="manual-offline">
          {t('manual.offline')}
        </p>
      )}
      <KindChoice kind={kind} onChange={setKind} />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void confirm();
        }}
      >
        <Field
          label={kind === 'price' ? t('manual.price', { unit: line.unit, price: line.price }) : t('manual.percent')}
          inputMode="decimal"
          autoComplete="off"
          autoFocus
          value={value}
          problem={tried ? valueProblem : undefined}
          onChange={(e) => setValue(e.target.value)}
          data-testid="manual-value"
        />
        <Field
          label={t('manual.reason')}
          value={reason}
          maxLength={255}
          onChange={(e) => setReason(e.target.value)}
          data-testid="manual-reason"
        />
        <Field
          label={t('manual.manager')}
          autoComplete="off"
          value={card}
          problem={tried ? cardProblem : undefined}
          onChange={(e) => setCard(e.target.value)}
          data-testid="manual-card"
        />
        <Field
          label={t('manual.pin')}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          value={pin}
          problem={tried ? pinProblem : undefined}
          onChange={(e) => setPin(e.target.value)}
          data-testid="manual-pin"
        />
        <button type="submit" hidden tabIndex={-1} />
      </form>
      {answer ? <ManualAnswer answer={answer} /> : null}
    </Dialog>
  );
}

/** What is wrong with the typed price (above nothing, not above the list price) or percent, in the cashier's words. */
function problemOfValue(kind: Kind, amount: Dec | undefined, price: string, t: TFunction<'sale'>): string | undefined {
  const most = kind === 'price' ? dec(price) : dec(100);
  if (amount?.gt(0) && !amount.gt(most) && amount.decimalPlaces() <= 2) return undefined;
  return kind === 'price' ? t('manual.badPrice', { price }) : t('manual.badPercent');
}

function KindChoice(props: { readonly kind: Kind; readonly onChange: (kind: Kind) => void }) {
  const { t } = useTranslation('sale');
  return (
    <fieldset className="manual-kind">
      {(['price', 'percent'] as const).map((k) => (
        <label key={k}>
          <input
            type="radio"
            name="manual-kind"
            checked={props.kind === k}
            onChange={() => props.onChange(k)}
            data-testid={`manual-kind-${k}`}
          />
          {k === 'price' ? t('manual.kindPrice') : t('manual.kindPercent')}
        </label>
      ))}
    </fieldset>
  );
}

/** The service's answer to a confirmation that did not price the line. */
function ManualAnswer(props: { readonly answer: Exclude<ManualResult, { kind: 'confirmed' }> }) {
  const { t } = useTranslation('sale');
  const zone = useShopTimeZone();
  const { answer } = props;
  if (answer.kind === 'failed') return <ErrorMessage error={answer.error} testId="manual-answer" />;
  return (
    <p className="error" role="alert" data-testid="manual-answer">
      {answer.kind === 'wrongPin'
        ? t('manual.wrongPin', { count: answer.attemptsLeft })
        : t('manual.locked', { time: shopTime(answer.until, zone) })}
    </p>
  );
}
