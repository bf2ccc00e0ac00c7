import { useTranslation } from 'react-i18next';
import { errorWords } from './error-words.js';

/** Shown next to what caused it; `role="alert"` so a screen reader says it at once. */
export function ErrorMessage({ error, testId }: { error: unknown; testId?: string }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p className="error" role="alert" data-testid={testId ?? 'error'}>
      {errorWords(t, error)}
    </p>
  );
}
