/**
 * On the sale screen, at once and in words, when this till's receipts do not reach the tax server:
 * the refused document and the server's reason, how many documents stand still, and what to do
 * (call the manager, the PRRO queue on F5); or, when a key cannot sign, the key's own notice. It
 * reads the rows the status bar already reads, and is its own component so its updates never
 * render the sale's lines again.
 */
import { useTranslation } from 'react-i18next';
import { KeySignWait } from '../prro-keys/index.js';
import { useFiscalState } from './use-fiscal-state.js';
import './fiscal-state.css';

/** A long refusal is cut on the screen; its whole text is the notice's title. */
const SHOWN_CHARS = 220;

export function ReceiptsWait() {
  const { t } = useTranslation('fiscal');
  const { state, stale } = useFiscalState();
  if (state.kind !== 'refused') return <KeySignWait />;
  const { refusal } = state;
  const doc = t(`sale.docs.${refusal.docType}`, { defaultValue: t('sale.docs.other') });
  const text = refusal.text.length > SHOWN_CHARS ? `${refusal.text.slice(0, SHOWN_CHARS - 1)}…` : refusal.text;
  const code = refusal.code === '' ? '' : t('sale.code', { code: refusal.code });
  return (
    <div
      className="receipts-wait"
      role="alert"
      data-testid="receipts-wait"
      data-doc={refusal.docId}
      data-count={state.count}
      data-stale={stale}
      title={refusal.text}
    >
      <p>
        <strong>{t('sale.refused')}</strong>{' '}
        {t('sale.why', { doc, id: refusal.docId, code, text, interpolation: { escapeValue: false } })}{' '}
        {t('sale.waiting', { count: state.count })}
      </p>
      <p>
        {t('sale.act')}
        {stale ? ` ${t('sale.stale')}` : ''}
      </p>
    </div>
  );
}
