/** The service address: empty for the embedded service, or a remote one's http(s) address. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicSettings } from '../../../shared/bridge/api.js';
import { useSettingsUpdate } from '../../rpc/hooks.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { Field } from '../../ui/Field.js';
import { urlProblem } from './validate.js';

export function ServiceSection({ settings }: { settings: PublicSettings }) {
  const { t } = useTranslation('settings');
  const update = useSettingsUpdate();
  const [url, setUrl] = useState(settings.serviceUrl);
  const [tried, setTried] = useState(false);
  const problem = urlProblem(url);
  const saved = update.data?.serviceUrl;
  // The core picks embedded or remote when it starts (electron/core/core.ts), so a switch waits for a restart.
  const needsRestart = saved !== undefined && (saved === '') !== settings.embedded;
  return (
    <form
      // The checks are the screen's own, worded under each field, not the browser's bubbles.
      noValidate
      className="settings-section"
      aria-labelledby="settings-service"
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (!problem) update.mutate({ serviceUrl: url.trim() });
      }}
    >
      <h2 id="settings-service">{t('service.legend')}</h2>
      <p className="settings-note" data-testid="settings-service-mode">
        {settings.embedded ? t('service.embedded') : t('service.remote', { url: settings.serviceUrl })}
      </p>
      <Field
        label={t('service.url')}
        type="url"
        inputMode="url"
        placeholder={t('service.urlHint')}
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        problem={tried && problem ? t(`problems.${problem}`) : undefined}
        data-testid="settings-url"
      />
      <button type="submit" disabled={update.isPending} data-testid="settings-url-save">
        {update.isPending ? t('common:sending') : t('service.save')}
      </button>
      {update.isSuccess ? (
        <p className="settings-saved" role="status">
          {needsRestart ? t('service.restart') : t('saved')}
        </p>
      ) : null}
      <ErrorMessage error={update.error} />
    </form>
  );
}
