import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../money/money.js';
import type { CloseReport as Report } from '../sale-store.js';

/** How the last sale ended: closed with its receipt number, saved to be sent, or in doubt (call the manager). */
export function CloseReport({ report }: { report: Report | null }) {
  const { t } = useTranslation('sale');
  if (!report) return null;
  const tone = report.status === 'done' ? 'ok' : report.status === 'queued' ? 'warn' : 'bad';
  return (
    <output
      className={`close-report ${tone}`}
      data-testid="close-result"
      data-status={report.status}
      data-ndoc={report.ndoc}
      data-check={report.status === 'done' ? report.checkNumber : ''}
    >
      {report.status === 'done' ? (
        <strong>{t(report.sent ? 'result.sent' : 'result.done', { check: report.checkNumber })}</strong>
      ) : null}
      {report.status === 'queued' ? <strong>{t('result.queued')}</strong> : null}
      {report.status === 'reconcile' ? <strong>{t('result.reconcile', { total: formatMoney(report.total) })}</strong> : null}
      {report.status !== 'reconcile' ? (
        <span className="close-change" data-testid="close-change" data-change={report.change}>
          {t('result.change', { change: formatMoney(report.change) })}
        </span>
      ) : null}
      {report.status === 'done' && report.bonusAccrued !== '0.00' ? (
        <span>{t('result.bonus', { bonus: formatMoney(report.bonusAccrued) })}</span>
      ) : null}
    </output>
  );
}
