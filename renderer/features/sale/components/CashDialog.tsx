import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Dec, formatAmount, formatMoney } from '../../../money/money.js';
import { Field } from '../../../ui/Field.js';
import type { CloseResult } from '../actions/types.js';
import { cashEntry } from '../cash.js';
import { quickCash } from '../quick-cash.js';
import { CloseFailure } from './CloseFailure.js';
import { Dialog } from './Dialog.js';

/**
 * Cash payment: the amount due is the total rounded as cash is (NBU; money/cash-rounding.ts); the
 * amount handed over follows it until the cashier types (a buyer with exact money needs one
 * Enter), the change is shown as it is typed, and less than the due amount is refused before
 * sending. It may open while the last prices are still being confirmed: the total then settles in
 * front of the cashier and paying waits for it; an Enter (or a click) given meanwhile is held and
 * pays once they settle (issue 20: offline, a product the till never sold takes 1.3–1.6 s to
 * confirm, and the Enter was thrown away), on the amount as it then stands.
 */
export function CashDialog(props: {
  readonly total: Dec;
  /** What the buyer pays in cash: the total rounded. */
  readonly due: Dec;
  readonly pricing: boolean;
  readonly onPay: (given: Dec) => Promise<CloseResult>;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation('sale');
  const [typed, setTyped] = useState<string | undefined>(undefined);
  const text = typed ?? formatAmount(props.due).replace(/\s/g, '');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Exclude<CloseResult, { kind: 'closed' }> | null>(null);
  const entry = cashEntry(text, props.due);
  const problem =
    'problem' in entry
      ? entry.problem === 'less'
        ? t('cash.less', { total: formatMoney(props.due), missing: formatMoney(entry.missing) })
        : t(`cash.${entry.problem}`)
      : undefined;

  const quick = quickCash(props.due);
  const choose = (amount: Dec) => setTyped(formatAmount(amount).replace(/\s/g, ''));

  /** The cashier said pay while prices were being confirmed: it pays once they are. */
  const [held, setHeld] = useState(false);
  const pay = async () => {
    if (busy) return;
    if (props.pricing) return setHeld(true);
    setHeld(false);
    if (!('given' in entry)) return;
    setBusy(true);
    setFailure(null);
    const result = await props.onPay(entry.given);
    setBusy(false);
    if (result.kind === 'closed') props.onClose();
    else setFailure(result);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: pays with this render's amount, once, when the prices settle.
  useEffect(() => {
    if (held && !props.pricing) void pay();
  }, [held, props.pricing]);

  return (
    <Dialog
      title={t('cash.title')}
      testId="cash-dialog"
      onClose={props.onClose}
      actions={
        <>
          <button type="button" onClick={props.onClose} disabled={busy}>
            {t('common:actions.cancel')}
          </button>
          <button
            type="button"
            className="primary"
            onClick={pay}
            disabled={busy || held || problem !== undefined}
            data-testid="cash-pay"
            data-held={held}
          >
            {busy ? t('sending') : held ? t('cash.held') : t('cash.pay')}
          </button>
        </>
      }
    >
      <p className="cash-total">
        {t('cash.total')}: <strong data-testid="cash-total">{formatMoney(props.due)}</strong>
        {props.due.eq(props.total) ? null : (
          <span className="cash-rounding" data-testid="cash-rounding">
            {' '}
            {t('cash.rounded', { total: formatMoney(props.total) })}
          </span>
        )}
      </p>
      <fieldset className="quick-cash" aria-label={t('cash.quick')}>
        {quick.map((amount, i) => (
          <button
            key={amount.toFixed(2)}
            type="button"
            onClick={() => choose(amount)}
            data-testid="quick-cash"
            data-amount={amount.toFixed(2)}
          >
            <kbd>Alt+{i + 1}</kbd> {i === 0 ? t('cash.exact') : formatMoney(amount)}
          </button>
        ))}
      </fieldset>
      <Field
        label={t('cash.given')}
        data-testid="cash-given"
        className="amount-input"
        inputMode="decimal"
        autoComplete="off"
        autoFocus
        onFocus={(e) => e.currentTarget.select()}
        value={text}
        problem={problem}
        onChange={(e) => setTyped(e.target.value)}
        onKeyDown={(e) => {
          // Alt+1…Alt+5 by physical key, whatever the layout: the quick amounts.
          const digit = e.altKey ? /^Digit([1-9])$/.exec(e.code) : null;
          const amount = digit ? quick[Number(digit[1]) - 1] : undefined;
          if (amount) {
            e.preventDefault();
            choose(amount);
            return;
          }
          if (e.key !== 'Enter') return;
          e.preventDefault();
          void pay();
        }}
      />
      <p className="cash-change">
        {t('cash.change')}:{' '}
        <strong className="total" data-testid="change" data-change={'change' in entry ? entry.change.toFixed(2) : ''}>
          {'change' in entry ? formatMoney(entry.change) : '—'}
        </strong>
      </p>
      {props.pricing ? (
        <p className="loading" role="status" data-testid="cash-pricing">
          {held ? t('cash.heldPricing') : t('problem.pricing')}
        </p>
      ) : null}
      <CloseFailure result={failure} />
    </Dialog>
  );
}
