/**
 * The status bar's word on this till's receipts at the tax server: with it ("Чеки у податковій"),
 * on their way, or stopped by a refusal, which a cashier must not learn first at the Z-report. The
 * register working offline and a key that cannot sign have words of their own beside it (the
 * offline clock, the key's chip), so it is silent then. A stopped queue opens the PRRO queue (F5).
 */
import { useTranslation } from 'react-i18next';
import { useUi } from '../../state/ui-store.js';
import { useFiscalState } from './use-fiscal-state.js';
import './fiscal-state.css';

export function FiscalStatus() {
  const { t } = useTranslation('fiscal');
  const show = useUi((s) => s.show);
  const { state, stale } = useFiscalState();
  if (state.kind === 'refused') {
    const title = [t('bar.refusedTitle', { count: state.count }), stale ? t('bar.stale') : ''].filter(Boolean).join(' ');
    return (
      <span className="fiscal-status-live" role="alert">
        <button
          type="button"
          className="fiscal-status bad"
          title={title}
          onClick={() => show('prro')}
          data-testid="fiscal-status"
          data-state="refused"
          data-stale={stale}
        >
          {t('bar.refused')}
          <span className="visually-hidden"> {title}</span>
        </button>
      </span>
    );
  }
  if (state.kind !== 'sent' && state.kind !== 'sending') return null;
  // What was last known is not said as news while the service cannot be reached.
  if (stale) return null;
  const sending = state.kind === 'sending';
  return (
    <span
      className={sending ? 'fiscal-status sending' : 'fiscal-status ok'}
      title={sending ? t('bar.sendingTitle', { count: state.count }) : t('bar.sentTitle')}
      data-testid="fiscal-status"
      data-state={state.kind}
    >
      {sending ? t('bar.sending', { count: state.count }) : t('bar.sent')}
    </span>
  );
}
