/** The outbox items of a view: what each is, where it is, why it stopped, and what can be done. */
import { useTranslation } from 'react-i18next';
import type { QueueItem } from '../../../shared/bridge/api.js';
import { BridgeError } from '../../bridge/index.js';
import { ErrorMessage, RawDetails } from '../../ui/ErrorMessage.js';
import { errorText } from '../../ui/error-words.js';
import { shopDateTime, useShopTimeZone } from '../../ui/shop-time.js';
import { labelOf } from './labels.js';
import { needsPerson } from './views.js';

interface Props {
  readonly items: readonly QueueItem[];
  /** The item a retry is being sent for. */
  readonly retrying: number | null;
  /** A retry the core would not do (sent again meanwhile, say), shown on its item. */
  readonly failed: { readonly id: number; readonly error: unknown } | null;
  readonly onRetry: (item: QueueItem) => void;
  readonly onReconcile: (item: QueueItem) => void;
  /** Asks before sending a write made for another service to the one the till works with now. */
  readonly onSendHere: (item: QueueItem) => void;
}

const BADGE: Record<QueueItem['state'], string> = {
  queued: '',
  sending: '',
  done: 'ok',
  refused: 'bad',
  reconcile: 'warn',
  reconciled: 'ok',
};

export function QueueTable({ items, retrying, failed, onRetry, onReconcile, onSendHere }: Props) {
  const { t } = useTranslation('outbox');
  const zone = useShopTimeZone();
  return (
    <table className="outbox-table" data-testid="outbox-table">
      <thead>
        <tr>
          <th className="num">{t('columns.id')}</th>
          <th>{t('columns.summary')}</th>
          <th>{t('columns.state')}</th>
          <th className="num">{t('columns.attempts')}</th>
          <th>{t('columns.next')}</th>
          <th>{t('columns.waiting')}</th>
          <th>{t('columns.problem')}</th>
          <th>{t('columns.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.id} data-testid="outbox-item" data-id={item.id} data-state={item.state} className={`state-${item.state}`}>
            <td className="num">{item.id}</td>
            <td>
              <div className="outbox-summary" data-testid="outbox-label">
                {labelOf(t, item)}
              </div>
              <div className="outbox-meta">
                {t('created', { at: shopDateTime(item.createdAt, zone) })} ·{' '}
                {t('forService', { service: item.service === '' ? t('embeddedService') : item.service })}
              </div>
              <details className="error-details">
                <summary>{t('technical')}</summary>
                <pre>{[item.summary, item.method, item.group, item.idempotencyKey].join('\n')}</pre>
              </details>
            </td>
            <td>
              <span className={`badge ${BADGE[item.state]}`}>{t(`states.${item.state}`)}</span>
            </td>
            <td className="num">{item.attempts}</td>
            <td>{shopDateTime(item.nextAttemptAt, zone)}</td>
            <td>{item.waitingFor === null ? '' : t('waitingFor', { id: item.waitingFor })}</td>
            <td>
              <Problem item={item} />
            </td>
            <td>
              {needsPerson(item.state) ? (
                <div className="outbox-actions">
                  <button
                    type="button"
                    className="primary"
                    disabled={retrying === item.id}
                    onClick={() => onRetry(item)}
                    data-testid={`outbox-retry-${item.id}`}
                  >
                    {retrying === item.id ? t('retrying') : t('retry')}
                  </button>
                  <button type="button" onClick={() => onReconcile(item)} data-testid={`outbox-reconcile-${item.id}`}>
                    {t('reconcile')}
                  </button>
                </div>
              ) : null}
              {item.elsewhere ? (
                <button type="button" onClick={() => onSendHere(item)} data-testid={`outbox-send-here-${item.id}`}>
                  {t('sendHere.action')}
                </button>
              ) : null}
              {failed?.id === item.id ? <ErrorMessage error={failed.error} testId={`outbox-action-error-${item.id}`} /> : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Problem({ item }: { item: QueueItem }) {
  const { t } = useTranslation('outbox');
  const { text: words, raw } = item.lastError ? errorText(t, BridgeError.from(item.lastError)) : { text: '', raw: '' };
  return (
    <div data-testid={`outbox-problem-${item.id}`}>
      {needsPerson(item.state) && words ? <p className="error">{words}</p> : null}
      {words ? <RawDetails raw={raw} /> : null}
      {item.state === 'reconcile' ? <p className="outbox-help">{t('reconcileHelp')}</p> : null}
      {!needsPerson(item.state) && words ? <p className="outbox-help">{t('lastTry', { problem: words })}</p> : null}
      {item.note ? <p className="outbox-help">{t('note', { note: item.note })}</p> : null}
    </div>
  );
}
