/**
 * The way from the settings to the registers' signing keys (Alt+P), with this till's key in a few
 * words: the screen itself is features/prro-keys.
 */
import { useTranslation } from 'react-i18next';
import { useUi } from '../../state/ui-store.js';
import { useTillKeyState } from '../prro-keys/index.js';
import { lockOf } from '../prro-keys/key-state.js';

export function KeysSection({ kasm }: { readonly kasm: number }) {
  const { t } = useTranslation('keys');
  const show = useUi((s) => s.show);
  const state = useTillKeyState(kasm);
  const row = state.row;
  const lock = row ? lockOf(row) : undefined;
  const words =
    state.isSuccess && !row
      ? t('settings.noRegister')
      : lock === 'unlocked'
        ? t('settings.thisTill') + t('settings.fine')
        : lock === 'unattended'
          ? t('settings.thisTill') + t('settings.unattended')
          : lock === 'locked'
            ? t('settings.thisTill') + t('settings.locked')
            : lock === 'none'
              ? t('settings.thisTill') + t('settings.missing')
              : '';
  return (
    <section className="settings-section" aria-labelledby="settings-prro-keys" data-testid="settings-prro-keys">
      <h2 id="settings-prro-keys">{t('settings.legend')}</h2>
      <p className="settings-note">{t('settings.note')}</p>
      {words ? (
        <p data-testid="settings-prro-keys-state" data-lock={lock ?? ''}>
          {words}
        </p>
      ) : null}
      <button type="button" className="primary" onClick={() => show('keys')} data-testid="settings-prro-keys-open">
        {t('settings.open')} <kbd>Alt+P</kbd>
      </button>
    </section>
  );
}
