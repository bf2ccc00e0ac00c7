/**
 * What the bank card terminal said when it did not approve the card part, or when the back office
 * refused a close the terminal had approved: the sale stays open, and the cashier hears whether
 * money left the card. An outcome the till could not learn offers to ask the terminal again.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getBridge } from '../../../bridge/index.js';
import { formatMoney } from '../../../money/money.js';
import { ErrorMessage, RawDetails } from '../../../ui/ErrorMessage.js';
import type { CloseResult } from '../actions/types.js';

type CardFailureResult = Extract<CloseResult, { kind: 'card' | 'cardRefused' }>;

export function CardFailure({ result, onSettled }: { result: CardFailureResult; onSettled?: () => void }) {
  const { t } = useTranslation('sale');
  const [asking, setAsking] = useState(false);
  if (result.kind === 'cardRefused') {
    return (
      <div className="close-failure" data-testid="close-error" data-card="refused" data-voided={result.voided}>
        <strong>{t(result.voided ? 'terminal.refusedVoided' : 'terminal.refusedNotVoided')}</strong>
        <ErrorMessage error={result.error} testId="close-error-reason" />
      </div>
    );
  }
  const o = result.outcome;
  // A decline in the terminal's own words (PrivatBank's terminals speak Ukrainian); 'none': it never took it.
  // Money the terminal took that the sale cannot close on (a partial approval) comes first: was it given back?
  const text =
    o.status === 'declined' && o.taken
      ? t(o.taken.voided ? 'terminal.partialVoided' : 'terminal.partialNotVoided', { amount: formatMoney(o.taken.amount) })
      : o.status === 'declined'
        ? o.code === 'none'
          ? t('terminal.notTaken')
          : o.reason === ''
            ? t('terminal.declinedNoReason', { code: o.code })
            : t('terminal.declined', { reason: o.reason })
        : o.status === 'unavailable'
          ? t('terminal.unavailable')
          : t('terminal.unknown');
  const recover = async () => {
    setAsking(true);
    try {
      await getBridge().cardRecover();
    } finally {
      setAsking(false);
      onSettled?.();
    }
  };
  return (
    <div
      className="close-failure"
      role="alert"
      data-testid="close-error"
      data-card={o.status}
      data-voided={o.status === 'declined' && o.taken ? o.taken.voided : undefined}
    >
      <strong data-testid="card-failure-text">{text}</strong>
      {o.status === 'declined' ? null : <RawDetails raw={o.reason} />}
      {o.status === 'unknown' ? (
        <button type="button" className="secondary" data-testid="card-recover" disabled={asking} onClick={() => void recover()}>
          {asking ? t('terminal.recovering') : t('terminal.recover')}
        </button>
      ) : null}
    </div>
  );
}
