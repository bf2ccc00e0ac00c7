/**
 * The status bar's offline clock: while the register works without the tax server, since when and
 * how much of the session's and the month's offline hours is used, a warning in plain words well
 * before a limit (the back office's margins: settings.fiscal_limits_save), and the stop once one is
 * reached. Nothing is shown while the register is online or the till has no PRRO.
 */
import { useTranslation } from 'react-i18next';
import '../features/shift/shift.css';
import { clockOf, clockWords } from '../features/shift/offline-clock.js';
import { useShiftRefreshOnEvents, useShiftState } from '../features/shift/use-shift.js';
import { useSettings } from '../rpc/hooks.js';
import { useUi } from '../state/ui-store.js';
import { useShopTimeZone } from '../ui/shop-time.js';

export function OfflineClock() {
  const { t, i18n } = useTranslation('shift');
  const zone = useShopTimeZone();
  const show = useUi((s) => s.show);
  const state = useShiftState(useSettings().data?.till.kasm);
  useShiftRefreshOnEvents();
  const clock = clockOf(state.row);
  if (clock.kind === 'online') return null;
  const { text, title } = clockWords(t, clock, i18n.language === 'en' ? 'en' : 'uk', zone);
  // A live region around the button: a warning is read out when it appears, the button opens the shift.
  return (
    <span className="offline-clock-live" role={clock.kind === 'offline' ? 'status' : 'alert'}>
      <button
        type="button"
        className={`offline-clock ${clock.kind}`}
        title={title}
        onClick={() => show('shift')}
        data-testid="offline-clock"
        data-state={clock.kind}
        data-limit={clock.limit}
        data-hours={state.row?.offline_hours ?? ''}
      >
        {text}
      </button>
    </span>
  );
}
