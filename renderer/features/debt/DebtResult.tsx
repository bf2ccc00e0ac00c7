/**
 * The service's answer to a repayment, as it gave it: the summary, then each receipt settled. Cash
 * repaid at a till with a PRRO has a repayment receipt per receipt settled: the customer's paper,
 * given by PayDebt as a sale's receipt is (the printer settings: printed, shown first, or on the
 * screen only) as soon as the answer comes, and shown here to print again with Alt+P.
 */
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { dec, formatMoney } from '../../money/money.js';
import { formatRoundingMoney } from '../../money/rounding-shown.js';
import { PrintPaperButton } from '../receipt/index.js';
import type { PaidDebt } from './payment.js';

/** The repayment receipts of an answer, one per receipt settled where the till has a PRRO. */
export const repaymentPapers = (result: PaidDebt) =>
  result.documents.filter((d) => d.prroDocId !== '').map((d) => ({ docId: d.prroDocId }));

export function DebtResult({ result, akas }: { result: PaidDebt; akas: string }) {
  const { t } = useTranslation('debt');
  const box = useRef<HTMLElement>(null);
  const papers = useMemo(() => repaymentPapers(result), [result]);
  // On a small screen the answer lands below the fold: bring it into sight. A block body, so the
  // effect returns nothing: scrollIntoView returns a Promise in current Chromium, and an effect
  // returning it makes React call it as the cleanup ("l is not a function") when the answer goes.
  useEffect(() => {
    box.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  return (
    <section className="debt-result" ref={box} aria-live="polite" data-testid="debt-result">
      <h3>{t('result.title')}</h3>
      <dl className="debt-summary">
        <div>
          <dt>{t('result.paid')}</dt>
          <dd className="total" data-testid="debt-result-paid">
            {formatMoney(result.paid)}
          </dd>
        </div>
        {result.cash && !dec(result.cash.rounding).isZero() ? (
          <div>
            <dt>{t('result.cashPaid')}</dt>
            <dd data-testid="debt-result-cash">
              {t('result.cashRounded', {
                cash: formatMoney(result.cash.paid),
                rounding: formatRoundingMoney(result.cash.rounding),
              })}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{result.tender === 'cash' ? `${t('result.cashBalance')} (${akas})` : t('result.bonusBalance')}</dt>
          <dd data-testid="debt-result-balance">{formatMoney(result.balance)}</dd>
        </div>
        <div>
          <dt>{t('result.remaining')}</dt>
          <dd data-testid="debt-result-remaining">{formatMoney(result.remainingDebt)}</dd>
        </div>
      </dl>
      <table>
        <thead>
          <tr>
            <th>{t('result.document')}</th>
            <th className="num">{t('result.documentPaid')}</th>
          </tr>
        </thead>
        <tbody>
          {result.documents.map((d) => (
            <tr key={d.documentNumber} data-testid="debt-result-row">
              <td>{d.documentNumber}</td>
              <td className="num">{formatMoney(d.paid)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {papers.length > 0 ? <PrintPaperButton targets={papers} label={t('result.print')} testId="debt-result-print" /> : null}
    </section>
  );
}
