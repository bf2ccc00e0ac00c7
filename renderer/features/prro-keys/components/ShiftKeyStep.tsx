/**
 * The key at the shift's opening. Before the shift opens, a loaded key that is locked (and not
 * unattended) is unlocked with its password (a senior cashier or manager; a cashier gets the
 * manager's confirmation over the dialog), so the shift's documents are signed as they come. A
 * wrong password keeps the dialog open with the refusal. The shift may still be opened without it:
 * its documents then wait for a signature, as they do when no key is loaded (said beforehand). An
 * unlocked or unattended key asks nothing.
 */
import { useTranslation } from 'react-i18next';
import type { KeyAuthority } from '../authority.js';
import { expiryOf, isRealServer, type KeyRow, needsUnlock } from '../key-state.js';
import { UnlockDialog } from './UnlockDialog.js';
import '../prro-keys.css';

/** What the open panel says of the key beforehand, if anything. */
export function ShiftKeyNote({ row }: { readonly row: KeyRow | undefined }) {
  const { t } = useTranslation('keys');
  if (!row) return null;
  const expiry = expiryOf(row);
  const what = needsUnlock(row)
    ? 'locked'
    : expiry === 'expired'
      ? 'expired'
      : expiry === 'none' && isRealServer(row)
        ? 'missing'
        : null;
  if (!what) return null;
  return (
    <p
      className={what === 'locked' ? 'stale shift-key-note' : 'key-alert warn shift-key-note'}
      role="status"
      data-testid="shift-key-note"
      data-key={what}
    >
      {t(`shift.${what}`)}
    </p>
  );
}

export function ShiftKeyUnlock(props: {
  readonly row: KeyRow;
  readonly authority: KeyAuthority;
  /** Unlocked: the shift opens now. */
  readonly onUnlocked: () => void;
  /** The person chose to open the shift without unlocking. */
  readonly onWithout: () => void;
  readonly onCancel: () => void;
}) {
  const { t } = useTranslation('keys');
  return (
    <UnlockDialog
      row={props.row}
      authority={props.authority}
      words={{
        title: t('shift.unlockTitle', { kasm: props.row.kasm }),
        body: t('shift.unlockBody'),
        submit: t('shift.submit'),
      }}
      alternative={{ label: t('shift.without'), note: t('shift.withoutNote'), onClick: props.onWithout }}
      onDone={props.onUnlocked}
      onClose={props.onCancel}
    />
  );
}
