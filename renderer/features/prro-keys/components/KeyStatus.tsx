/**
 * The status bar's word on this till's key, only when it matters (key-state.ts, keyNoticeOf): an
 * expired key or one locked with documents waiting for their signature as an alert, a missing key
 * or one about to expire as a warning. It opens the key screen. It also keeps the till's key read
 * fresh on the core's events (mounted once, here), so the sale's notice needs no reads of its own.
 */
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../rpc/hooks.js';
import { useUi } from '../../../state/ui-store.js';
import { keyNoticeOf } from '../key-state.js';
import { useKeyRefreshOnEvents, useTillKeyState } from '../use-key-state.js';
import '../prro-keys.css';

export function KeyStatus() {
  const { t } = useTranslation('keys');
  const show = useUi((s) => s.show);
  const kasm = useSettings().data?.till.kasm;
  const { row } = useTillKeyState(kasm);
  useKeyRefreshOnEvents(kasm);
  const notice = keyNoticeOf(row);
  if (!notice) return null;
  const text =
    notice.kind === 'expired'
      ? t('bar.expired')
      : notice.kind === 'locked'
        ? t('bar.locked', { count: notice.count })
        : notice.kind === 'missing'
          ? notice.count > 0
            ? t('bar.missingWaiting', { count: notice.count })
            : t('bar.missing')
          : notice.days === 0
            ? t('bar.expiringToday')
            : t('bar.expiring', { count: notice.days });
  const urgent = notice.kind === 'expired' || notice.kind === 'locked';
  return (
    <span className="key-status-live" role={urgent ? 'alert' : 'status'}>
      <button
        type="button"
        className={`key-status ${urgent ? 'bad' : 'warn'}`}
        title={t('bar.open')}
        onClick={() => show('keys')}
        data-testid="key-status"
        data-kind={notice.kind}
      >
        {text}
      </button>
    </span>
  );
}
