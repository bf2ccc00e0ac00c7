/** The shell: screen tabs with their function keys, the open screen, the status bar. */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ReceiptHost } from '../features/receipt/index.js';
import { initI18n } from '../i18n/i18n.js';
import { useBridgeEvents, useSettings } from '../rpc/hooks.js';
import { useUi } from '../state/ui-store.js';
import { BridgeLost } from './BridgeLost.js';
import { ScreenBoundary } from './ScreenBoundary.js';
import { StatusBar } from './StatusBar.js';
import { SCREENS } from './screens.js';
import { useGlobalScan } from './use-global-scan.js';
import { useScreenKeys } from './use-screen-keys.js';

export function App() {
  const { t } = useTranslation();
  const screen = useUi((s) => s.screen);
  const show = useUi((s) => s.show);
  const settings = useSettings();
  useBridgeEvents();
  useScreenKeys();
  useGlobalScan();
  const language = settings.data?.language;
  useEffect(() => {
    if (language) {
      initI18n(language);
      document.documentElement.lang = language;
    }
  }, [language]);
  const Current = (SCREENS.find((s) => s.id === screen) ?? SCREENS[0])?.component;
  return (
    <div className="app">
      <BridgeLost />
      <nav className="tabs" aria-label={t('common:appName')}>
        {SCREENS.map((s) => (
          <button
            key={s.id}
            type="button"
            className={s.id === screen ? 'tab active' : 'tab'}
            aria-current={s.id === screen ? 'page' : undefined}
            data-testid={`tab-${s.id}`}
            onClick={() => show(s.id)}
          >
            <kbd>{s.key}</kbd> {t(`common:screens.${s.id}`)}
          </button>
        ))}
      </nav>
      <main className="screen" data-testid={`screen-${screen}`}>
        {/* Keyed by screen: going to another screen and back starts the failed one afresh. */}
        <ScreenBoundary key={screen} screen={screen}>
          {Current ? <Current /> : null}
        </ScreenBoundary>
      </main>
      <StatusBar />
      <ReceiptHost />
    </div>
  );
}
