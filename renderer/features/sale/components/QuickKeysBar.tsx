/**
 * Goods without a barcode, a key away: the quick-key grid set up in Settings (F9). The first nine
 * answer Alt+1…Alt+9 (by physical key, any layout); every one is a button.
 */
import { useTranslation } from 'react-i18next';
import type { QuickKey } from '../../../../shared/bridge/api.js';

export function QuickKeysBar(props: {
  readonly keys: readonly QuickKey[];
  readonly names: Readonly<Record<string, string>>;
  readonly onPick: (code: string) => void;
}) {
  const { t } = useTranslation('sale');
  const slots = props.keys.map((k, i) => ({ ...k, n: i + 1 })).filter((k) => k.code !== '');
  if (slots.length === 0) return null;
  return (
    <nav className="quick-keys" aria-label={t('keys.quick')} data-testid="quick-keys">
      {slots.map((k) => (
        <button
          key={k.n}
          type="button"
          className="quick-key"
          onClick={() => props.onPick(k.code)}
          data-testid={`quick-key-${k.n}`}
        >
          {k.n <= 9 ? <kbd>Alt+{k.n}</kbd> : null} {k.label || props.names[k.code] || k.code}
        </button>
      ))}
    </nav>
  );
}
