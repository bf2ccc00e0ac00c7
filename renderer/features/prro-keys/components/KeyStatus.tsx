/**
 * The status bar's word on this till's key, only when it matters (key-state.ts, keyNoticeOf): an
 * expired key or one locked with documents waiting for their signature as an alert, a missing key
 * or one about to expire as a warning. The bar shows it as a small chip, the words before the colon
 * ("Ключ КЕП заблоковано"), so the bar keeps one line at 1024 px; the whole sentence, with how many
 * documents wait, is its title, what a screen reader reads (the rest visually hidden), and is said
 * again on the key screen the chip opens. It also keeps the till's key read fresh on the core's
 * events (mounted once, here), so the sale's notice needs no reads of its own.
 */
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../rpc/hooks.js';
import { useUi } from '../../../state/ui-store.js';
import { keyNoticeOf } from '../key-state.js';
import { chipOf, keyNoticeText } from '../notice-words.js';
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
  const text = keyNoticeText(t, notice);
  const { head, rest } = chipOf(text);
  const urgent = notice.kind === 'expired' || notice.kind === 'locked';
  return (
    <span className="key-status-live" role={urgent ? 'alert' : 'status'}>
      <button
        type="button"
        className={`key-status ${urgent ? 'bad' : 'warn'}`}
        title={`${text}\n${t('bar.open')}`}
        onClick={() => show('keys')}
        data-testid="key-status"
        data-kind={notice.kind}
      >
        {head}
        {rest ? <span className="visually-hidden">{rest}</span> : null}
      </button>
    </span>
  );
}
