/** The shell: screen tabs with their function keys, the open screen, the status bar. */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useCustomerDisplay } from '../features/customer-display/index.js';
import { ManagerConfirmDialog } from '../features/people/ManagerConfirmDialog.js';
import { SignInScreen } from '../features/people/SignInScreen.js';
import { useIdleLock } from '../features/people/use-idle-lock.js';
import { ReceiptHost } from '../features/receipt/index.js';
import { useCatalogMirror } from '../features/sale/use-catalog-mirror.js';
import { initI18n } from '../i18n/i18n.js';
import { useBridgeEvents, useSettings, useStatus } from '../rpc/hooks.js';
import { type ScreenId, useUi } from '../state/ui-store.js';
import { BridgeLost } from './BridgeLost.js';
import { ScreenBoundary } from './ScreenBoundary.js';
import { StatusBar } from './StatusBar.js';
import { componentOf, keyLabel, SCREENS, tabOf } from './screens.js';
import { useGlobalScan } from './use-global-scan.js';
import { useScreenKeys } from './use-screen-keys.js';

/** Screens that need nobody signed in: where the till's service and its queue are put right. */
const OPEN_WHEN_LOCKED: readonly ScreenId[] = ['outbox', 'settings', 'diagnostics'];

export function App() {
  const { t } = useTranslation();
  const screen = useUi((s) => s.screen);
  const show = useUi((s) => s.show);
  const settings = useSettings();
  const status = useStatus();
  const cashier = status.data?.cashier ?? null;
  const everSignedIn = useRef(false);
  if (cashier) everSignedIn.current = true;
  useIdleLock(settings.data?.idleLockMinutes ?? 0, cashier !== null);
  useBridgeEvents();
  useCatalogMirror();
  useScreenKeys();
  useGlobalScan();
  useCustomerDisplay(settings.data?.customerDisplay?.enabled === true);
  const language = settings.data?.language;
  useEffect(() => {
    if (language) {
      initI18n(language);
      document.documentElement.lang = language;
    }
  }, [language]);
  const Current = componentOf(screen);
  const tab = tabOf(screen);
  // The lit tab in sight, should the row be wider than the window and scroll (app.css, .tabs).
  const tabs = useRef<HTMLElement>(null);
  useEffect(() => {
    tabs.current
      ?.querySelector<HTMLElement>(`[data-testid="tab-${tab}"]`)
      ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [tab]);
  // Nobody sells until a cashier signs in (and again after the lock); the status bar stays, so the
  // connection shows. The service screens stay open: a till pointed at the wrong service, or at a
  // back office that has no people yet, must still be put right.
  const locked = status.data !== undefined && !cashier;
  if (locked && !OPEN_WHEN_LOCKED.includes(screen)) {
    return (
      <div className="app locked">
        <BridgeLost />
        <SignInScreen wasSignedIn={everSignedIn.current} />
        <StatusBar />
      </div>
    );
  }
  return (
    <div className="app">
      <BridgeLost />
      <nav ref={tabs} className="tabs" aria-label={t('common:appName')}>
        {SCREENS.map((s) => (
          <button
            key={s.id}
            type="button"
            className={s.id === tab ? 'tab active' : 'tab'}
            aria-current={s.id === tab ? 'page' : undefined}
            data-testid={`tab-${s.id}`}
            onClick={() => show(s.id)}
          >
            <kbd>{keyLabel(s)}</kbd> <span className="tab-name">{t(`common:screens.${s.id}`)}</span>
          </button>
        ))}
      </nav>
      <main className="screen" data-testid={`screen-${screen}`}>
        {locked ? (
          <p className="locked-banner" role="status" data-testid="locked-banner">
            {t('people:signIn.lockedBanner')}
          </p>
        ) : null}
        {/* Keyed by screen: going to another screen and back starts the failed one afresh. */}
        <ScreenBoundary key={screen} screen={screen}>
          {Current ? <Current /> : null}
        </ScreenBoundary>
      </main>
      <ManagerConfirmDialog />
      <StatusBar />
      <ReceiptHost />
    </div>
  );
}
