/** Settings: after how many idle minutes the till locks (0: never). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettingsUpdate } from '../../rpc/hooks.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { Field } from '../../ui/Field.js';

const MAX_MINUTES = 240;

export function IdleLockSection({ minutes }: { readonly minutes: number }) {
  const { t } = useTranslation('people');
  const update = useSettingsUpdate();
  const [draft, setDraft] = useState(String(minutes));
  const [tried, setTried] = useState(false);
  const value = /^\d{1,3}$/.test(draft.trim()) ? Number(draft.trim()) : Number.NaN;
  const problem = Number.isInteger(value) && value <= MAX_MINUTES ? undefined : t('idle.problem', { max: MAX_MINUTES });
  return (
    <form
      noValidate
      className="settings-section"
      aria-labelledby="settings-idle"
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (!problem) update.mutate({ idleLockMinutes: value });
      }}
    >
      <h2 id="settings-idle">{t('idle.legend')}</h2>
      <Field
        label={t('idle.minutes')}
        inputMode="numeric"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        problem={tried ? problem : undefined}
        data-testid="settings-idle-minutes"
      />
      <button type="submit" disabled={update.isPending} data-testid="settings-idle-save">
        {t('idle.save')}
      </button>
      {update.isSuccess ? (
        <p className="settings-saved" role="status" data-testid="settings-idle-saved">
          {t('idle.saved')}
        </p>
      ) : null}
      <ErrorMessage error={update.error} />
    </form>
  );
}
