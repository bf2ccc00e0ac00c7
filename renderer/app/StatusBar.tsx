/**
 * Always visible: the connection to the server, writes waiting to be sent (and those waiting for
 * another service), a disk that refuses the till's own files, the ESC/POS receipt printer's state,
 * and how old the till's catalogue copy is, which is what it sells from offline. The register's offline clock and its signing key speak
 * up when they matter. It keeps one line from 1024 px up (app.css): a part that may be cut short
 * carries its whole words in its title.
 */
import { useTranslation } from 'react-i18next';
import type { CatalogState } from '../../shared/bridge/api.js';
import { CustomerDisplayStatus } from '../features/customer-display/index.js';
import { FiscalStatus } from '../features/fiscal-state/index.js';
import { SessionBadge } from '../features/people/SessionBadge.js';
import { KeyStatus } from '../features/prro-keys/index.js';
import { PrinterStatus } from '../features/receipt/index.js';
import { ScaleStatus } from '../features/scale/index.js';
import { TerminalStatus } from '../features/terminal/index.js';
import { UpdateStatus } from '../features/updates/index.js';
import { useStatus } from '../rpc/hooks.js';
import { useUi } from '../state/ui-store.js';
import { NARROW_SCREEN, useMediaQuery } from '../ui/use-media-query.js';
import { OfflineClock } from './OfflineClock.js';

/** A catalogue copy older than this is shown as a warning: the shelf prices may have moved. */
const OLD_CATALOG_MS = 10 * 60_000;

function CatalogAge({ catalog }: { catalog: CatalogState }) {
  const { t } = useTranslation();
  const narrow = useMediaQuery(NARROW_SCREEN);
  if (catalog.syncedAt === null) {
    return (
      <span className="catalog-age warn" title={t('common:catalog.never')} data-testid="catalog-age" data-age="never">
        {t('common:catalog.never')}
      </span>
    );
  }
  const ms = Math.max(0, Date.now() - Date.parse(catalog.syncedAt));
  const minutes = Math.floor(ms / 60_000);
  const age =
    minutes < 1
      ? t('common:catalog.now')
      : minutes < 60
        ? t('common:catalog.minutes', { count: minutes })
        : t('common:catalog.hours', { count: Math.floor(minutes / 60) });
  // A narrow bar says it shorter ("Каталог: щойно"); the title keeps the whole.
  const full = t('common:catalog.age', { age });
  const text = narrow ? t('common:catalog.ageShort', { age }) : full;
  return (
    <span
      className={ms > OLD_CATALOG_MS ? 'catalog-age warn' : 'catalog-age'}
      // Whole in the title, for a narrow bar that cuts the words short.
      title={`${full}. ${t('common:catalog.title', { goods: catalog.goods, cards: catalog.cards })}`}
      data-testid="catalog-age"
      data-age={minutes}
      data-goods={catalog.goods}
    >
      {text}
    </span>
  );
}

export function StatusBar() {
  const { t } = useTranslation();
  const status = useStatus();
  const show = useUi((s) => s.show);
  const s = status.data;
  const connection = s?.connection ?? 'unknown';
  const waiting = s ? s.queue.queued + s.queue.sending : 0;
  const attention = s ? s.queue.refused + s.queue.reconcile : 0;
  const elsewhere = s?.queue.elsewhere ?? 0;
  const queueWords = [
    waiting > 0 ? t('common:queue.waiting', { count: waiting }) : t('common:queue.allSent'),
    ...(attention > 0 ? [t('common:queue.needsAttention', { count: attention })] : []),
    ...(elsewhere > 0 ? [t('common:queue.elsewhere', { count: elsewhere })] : []),
  ].join(' · ');
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
        title={queueWords}
        onClick={() => show('outbox')}
      >
        <span className="bar-text">
          {waiting > 0 ? t('common:queue.waiting', { count: waiting }) : t('common:queue.allSent')}
          {attention > 0 ? (
            <strong className="attention"> · {t('common:queue.needsAttention', { count: attention })}</strong>
          ) : null}
          {elsewhere > 0 ? (
            <span data-testid="queue-elsewhere"> · {t('common:queue.elsewhere', { count: elsewhere })}</span>
          ) : null}
        </span>
      </button>
      <FiscalStatus />
      <OfflineClock />
      <KeyStatus />
      {s?.terminal ? <TerminalStatus status={s.terminal} /> : null}
      {s?.storageFault ? (
        <strong
          className="storage-fault warn"
          role="alert"
          title={t('common:storageFault')}
          data-testid="storage-fault"
          data-since={s.storageFault}
        >
          {t('common:storageFault')}
        </strong>
      ) : null}
      {s ? <PrinterStatus state={s.printer} /> : null}
      {s?.customerDisplay ? <CustomerDisplayStatus state={s.customerDisplay} /> : null}
      {s ? <CatalogAge catalog={s.catalog} /> : null}
      {s?.scale ? <ScaleStatus status={s.scale} /> : null}
      {s?.update ? <UpdateStatus update={s.update} cashier={s.cashier} /> : null}
      {s?.cashier ? <SessionBadge cashier={s.cashier} /> : null}
    </footer>
  );
}
