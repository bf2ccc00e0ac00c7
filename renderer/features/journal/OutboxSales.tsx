/** Sales this till closed that the send queue still holds, or sent today: nothing a cashier rang up is out of sight. */
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../money/money.js';
import { useQueueItems } from '../../rpc/hooks.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { outboxSales } from './receipts.js';

/** Enough of the outbox for a day of sales at one till. */
const QUEUE_WINDOW = 500;

const startOfToday = () => {
  const d = new Date();
  d.setHours(0, 0, 0, 0);
  return d.toISOString();
};

/** The till's own clock, in the interface language. */
const time = (iso: string, language: string) =>
  new Date(iso).toLocaleTimeString(language, { hour: '2-digit', minute: '2-digit' });

export function OutboxSales() {
  const { t, i18n } = useTranslation('journal');
  const queue = useQueueItems({ limit: QUEUE_WINDOW });
  const sales = outboxSales(queue.data ?? [], startOfToday());
  return (
    <section className="journal-outbox" aria-labelledby="journal-outbox-title">
      <h2 id="journal-outbox-title">{t('outbox.title')}</h2>
      <p className="journal-muted">{t('outbox.hint')}</p>
      <ErrorMessage error={queue.error} testId="journal-outbox-error" />
      {queue.isSuccess && sales.length === 0 ? <p>{t('outbox.none')}</p> : null}
      {sales.length > 0 ? (
        <table>
          <thead>
            <tr>
              <th>{t('outbox.time')}</th>
              <th>{t('outbox.sale')}</th>
              <th>{t('outbox.state')}</th>
              <th>{t('outbox.receipt')}</th>
            </tr>
          </thead>
          <tbody>
            {sales.map((s) => (
              <tr key={s.id} data-testid="journal-outbox-row" data-state={s.state}>
                <td>{time(s.createdAt, i18n.language)}</td>
                <td>{s.summary}</td>
                <td>
                  <span
                    className={`badge ${s.state === 'done' ? 'ok' : s.state === 'refused' || s.state === 'reconcile' ? 'bad' : 'warn'}`}
                  >
                    {t(`outbox.states.${s.state}`)}
                  </span>
                </td>
                <td>
                  {s.closed ? t('outbox.receiptOf', { nc: s.closed.check_number, total: formatMoney(s.closed.total) }) : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
