/** Always visible: connection to the server and writes waiting to be sent. */
import { useTranslation } from 'react-i18next';
import { useStatus } from '../rpc/hooks.js';
import { useUi } from '../state/ui-store.js';

export function StatusBar() {
  const { t } = useTranslation();
  const status = useStatus();
  const show = useUi((s) => s.show);
  const s = status.data;
  const connection = s?.connection ?? 'unknown';
  const waiting = s ? s.queue.queued + s.queue.sending : 0;
  const attention = s ? s.queue.refused + s.queue.reconcile : 0;
  return (
    <footer className="status-bar">
      <span className={`connection connection-${connection}`} data-testid="connection" data-state={connection}>
        {t(`common:connection.${connection}`)}
      </span>
      <button
        type="button"
        className="queue-indicator"
        data-testid="queue-indicator"
        data-waiting={waiting}
        onClick={() => show('outbox')}
      >
        {waiting > 0 ? t('common:queue.waiting', { count: waiting }) : t('common:queue.allSent')}
        {attention > 0 ? (
          <strong className="attention"> · {t('common:queue.needsAttention', { count: attention })}</strong>
        ) : null}
      </button>
    </footer>
  );
}
