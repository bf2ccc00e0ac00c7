import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Dec, formatAmount, formatMoney } from '../../../money/money.js';
import { Field } from '../../../ui/Field.js';
import { cashEntry } from '../cash.js';
import type { CloseResult } from '../sale-actions.js';
import { CloseFailure } from './CloseFailure.js';
import { Dialog } from './Dialog.js';

/**
 * Cash payment: the amount handed over follows the total until the cashier types (a buyer with
 * exact money needs one Enter), the change is shown as it is typed, and less than the total is
 * refused before sending. It may open while the last prices are still being confirmed: the total
 * then settles in front of the cashier and paying waits for it.
 */
export function CashDialog(props: {
  readonly total: Dec;
  readonly pricing: boolean;
  readonly onPay: (given: Dec) => Promise<CloseResult>;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation('sale');
  const [typed, setTyped] = useState<string | undefined>(undefined);
  const text = typed ?? formatAmount(props.total).replace(/\s/g, '');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Exclude<CloseResult, { kind: 'closed' }> | null>(null);
  const entry = cashEntry(text, props.total);
  const problem =
    'problem' in entry
      ? entry.problem === 'less'
        ? t('cash.less', { total: formatMoney(props.total), missing: formatMoney(entry.missing) })
        : t(`cash.${entry.problem}`)
      : undefined;

  const pay = async () => {
    if (busy || props.pricing || !('given' in entry)) return;
    setBusy(true);
    setFailure(null);
    const result = await props.onPay(entry.given);
    setBusy(false);
    if (result.kind === 'closed') props.onClose();
    else setFailure(result);
  };

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
            disabled={busy || props.pricing || problem !== undefined}
            data-testid="cash-pay"
          >
            {busy ? t('sending') : t('cash.pay')}
          </button>
        </>
      }
    >
      <p className="cash-total">
        {t('cash.total')}: <strong data-testid="cash-total">{formatMoney(props.total)}</strong>
      </p>
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
          {t('problem.pricing')}
        </p>
      ) : null}
      <CloseFailure result={failure} />
    </Dialog>
  );
}
