/**
 * F9: where the till's service is, its access key (replaced, never shown), a connection test,
 * which till this is, the interface language, and the way to the registers' signing keys (Alt+P).
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicSettings } from '../../../shared/bridge/api.js';
import { useSettings, useSettingsUpdate, useStatus } from '../../rpc/hooks.js';
import { useUi } from '../../state/ui-store.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { Loading } from '../../ui/Loading.js';
import { CustomerDisplaySection } from '../customer-display/index.js';
import { IdleLockSection } from '../people/IdleLockSection.js';
import { ScaleSection } from '../scale/index.js';
import { TerminalSection } from '../terminal/index.js';
import { settingsAccess } from './access.js';
import { KeysSection } from './KeysSection.js';
import { KEYS, settingsKey } from './keys.js';
import { LanguageSection } from './LanguageSection.js';
import { PrinterDeviceSection } from './PrinterDeviceSection.js';
import { PrinterSection } from './PrinterSection.js';
import { QuickKeysSection } from './QuickKeysSection.js';
import { KEY_FIELD_ID, ServiceSection } from './ServiceSection.js';
import { TillSection } from './TillSection.js';
import { useServiceActions } from './use-service-actions.js';
import './settings.css';
import { KeyHints } from '../../ui/KeyHints.js';

export function SettingsScreen() {
  const settings = useSettings();
  if (settings.data) return <Settings settings={settings.data} />;
  return settings.error ? <ErrorMessage error={settings.error} /> : <Loading />;
}

function Settings({ settings }: { settings: PublicSettings }) {
  const { t } = useTranslation('settings');
  const actions = useServiceActions();
  const language = useSettingsUpdate();
  const access = settingsAccess(settings.settingUp, useStatus().data?.cashier ?? null);
  const latest = useRef({ actions, language, settings });
  latest.current = { actions, language, settings };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const key = settingsKey(e);
      if (!key) return;
      e.preventDefault();
      const { actions: a, language: l, settings: s } = latest.current;
      if (key === 'test' && !a.test.isPending)
        document.querySelector<HTMLButtonElement>('[data-testid="settings-test"]')?.click();
      else if (key === 'key') document.getElementById(KEY_FIELD_ID)?.focus();
      else if (key === 'language' && !l.isPending) l.mutate({ language: s.language === 'uk' ? 'en' : 'uk' });
      else if (key === 'prroKeys') useUi.getState().show('keys');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <section className="settings" aria-labelledby="settings-title">
      <h1 id="settings-title">{t('title')}</h1>
      <p className={`settings-access ${access.who}`} role="status" data-testid="settings-access" data-who={access.who}>
        {t(`access.${access.who}`)}
      </p>
      <div className="settings-grid">
        {/* Keyed by who may edit: a manager signing in starts the forms from what is saved. */}
        <ServiceSection key={`service-${access.identity}`} settings={settings} actions={actions} editable={access.identity} />
        <TillSection key={`till-${access.identity}`} till={settings.till} editable={access.identity} />
        {/* The card terminal is a manager's, as the till's identity (electron/core/settings/authority.ts). */}
        {access.personal ? (
          <TerminalSection key={`terminal-${access.identity}`} terminal={settings.terminal} editable={access.identity} />
        ) : null}
        {/* The scale is a manager's too: a weighted good is sold by its word. */}
        {access.personal ? (
          <ScaleSection key={`scale-${access.identity}`} scale={settings.scale} editable={access.identity} />
        ) : null}
        <KeysSection kasm={settings.till.kasm} />
        <PrinterDeviceSection
          key={`printer-device-${access.identity}`}
          device={settings.printerDevice}
          editable={access.identity}
        />
        {/* The customer display is a manager's, as the till's other devices. */}
        {access.personal ? (
          <CustomerDisplaySection
            key={`display-${access.identity}`}
            display={settings.customerDisplay}
            editable={access.identity}
          />
        ) : null}
        <LanguageSection language={settings.language} />
        {/* What a locked till may not do is not offered: it is refused by the main process anyway. */}
        {access.personal ? (
          <>
            <PrinterSection printer={settings.printer} escpos={settings.printerDevice.connection !== 'system'} />
            <QuickKeysSection keys={settings.quickKeys} />
            <IdleLockSection minutes={settings.idleLockMinutes} />
          </>
        ) : null}
      </div>
      <KeyHints
        className="settings-keys"
        title={t('keys.legend')}
        hints={KEYS.map((k) => ({ keys: k.keys, label: t(`keys.${k.action}`) }))}
      />
    </section>
  );
}
