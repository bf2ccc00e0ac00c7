import { useTranslation } from 'react-i18next';

export interface KeyHint {
  readonly keys: string;
  readonly label: string;
}

/** The keys of a screen, always in sight. */
export function KeyHints({ hints }: { hints: readonly KeyHint[] }) {
  const { t } = useTranslation('sale');
  return (
    <ul className="key-hints" aria-label={t('keyHints')} data-testid="key-hints">
      {hints.map((h) => (
        <li key={h.keys}>
          <kbd>{h.keys}</kbd> {h.label}
        </li>
      ))}
    </ul>
  );
}
