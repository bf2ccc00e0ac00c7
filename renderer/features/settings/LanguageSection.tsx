/** The interface language: saved at once, and the shell switches every screen when it is. */
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../shared/bridge/api.js';
import { useSettingsUpdate } from '../../rpc/hooks.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';

export const LANGUAGES: readonly Language[] = ['uk', 'en'];

export function LanguageSection({ language }: { language: Language }) {
  const { t } = useTranslation('settings');
  const update = useSettingsUpdate();
  return (
    <section className="settings-section" aria-labelledby="settings-language">
      <h2 id="settings-language">{t('language.legend')}</h2>
      <div className="row" role="radiogroup" aria-labelledby="settings-language">
        {LANGUAGES.map((l) => (
          <label key={l} className={l === language ? 'settings-choice active' : 'settings-choice'} lang={l}>
            <input
              type="radio"
              name="settings-language"
              value={l}
              checked={l === language}
              disabled={update.isPending}
              onChange={() => update.mutate({ language: l })}
              data-testid={`settings-language-${l}`}
            />
            {t(`language.${l}`)}
          </label>
        ))}
      </div>
      <ErrorMessage error={update.error} />
    </section>
  );
}
