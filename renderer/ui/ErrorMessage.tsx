import { useTranslation } from 'react-i18next';
import { errorText } from './error-words.js';

/**
 * Shown next to what caused it; `role="alert"` so a screen reader says it at once. The raw text
 * behind the words (a code, the service's English, the field) is one click away, for whoever
 * has to report it.
 */
export function ErrorMessage({ error, testId }: { error: unknown; testId?: string }) {
  const { t } = useTranslation();
  if (!error) return null;
  const { text, raw } = errorText(t, error);
  return (
    <div className="error" role="alert" data-testid={testId ?? 'error'}>
      <p className="error-text">{text}</p>
      <RawDetails raw={raw} />
    </div>
  );
}

export function RawDetails({ raw }: { raw: string }) {
  const { t } = useTranslation();
  if (raw === '') return null;
  return (
    <details className="error-details">
      <summary>{t('common:errors.details')}</summary>
      <pre data-testid="error-raw">{raw}</pre>
    </details>
  );
}
