import { useTranslation } from 'react-i18next';

export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <p className="loading" role="status" aria-live="polite">
      {label ?? t('common:loading')}
    </p>
  );
}

/** Says that what is shown came from the till's cache while the server is away. */
export function StaleNotice({ stale }: { stale: boolean | undefined }) {
  const { t } = useTranslation();
  return stale ? (
    <p className="stale" role="status" data-testid="stale">
      {t('common:stale')}
    </p>
  ) : null;
}
