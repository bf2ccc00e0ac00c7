/** Sales this till closed that the send queue still holds, or sent today: nothing a cashier rang up is out of sight. */
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../money/money.js';
import { useQueueItems } from '../../rpc/hooks.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { shopTime, useShopTimeZone } from '../../ui/shop-time.js';
import { labelOf } from '../outbox/labels.js';
import { outboxSales } from './receipts.js';

/** Enough of the outbox for a day of sales at one till. */
const QUEUE_WINDOW = 500;

/** Midnight of the shop's today, in its time zone (not the machine's). */
function startOfShopToday(timeZone: string, now = new Date()): string {
  const [h = '0', m = '0', sec = '0'] = shopTime(now.toISOString(), timeZone, true).split(':');
  return new Date(now.getTime() - ((Number(h) * 60 + Number(m)) * 60 + Number(sec)) * 1000 - now.getMilliseconds()).toISOString();
}

export function OutboxSales() {
  const { t } = useTranslation('journal');
  const zone = useShopTimeZone();
  const queue = useQueueItems({ limit: QUEUE_WINDOW });
  const sales = outboxSales(queue.data ?? [], startOfShopToday(zone));
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
                <td>{shopTime(s.createdAt, zone)}</td>
                <td>{labelOf(t, s)}</td>
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
