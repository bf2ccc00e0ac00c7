/**
 * The till's update in the status bar: nothing when there is none; "Оновлення 1.2.3 після зміни"
 * while it waits for the shift's end; once offered (between shifts), a button that installs it (a
 * manager's: the till quits and starts again). The main process asks the gate again at the click.
 */
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SignedIn, UpdateState } from '../../../shared/bridge/api.js';
import { BridgeError } from '../../../shared/bridge/errors.js';
import { getBridge } from '../../bridge/index.js';

export function UpdateStatus({ update, cashier }: { update: UpdateState; cashier: SignedIn | null }) {
  const { t } = useTranslation('common');
  const install = useMutation({ mutationFn: () => getBridge().updateInstall() });
  if (update.state !== 'ready' || update.version === null) return null;
  const version = update.version;
  if (update.reason !== null)
    return (
      <span className="update-state" data-testid="update-state" data-state="waiting" title={t('update.waitingTitle')}>
        {t('update.waiting', { version })}
      </span>
    );
  const refused = install.error instanceof BridgeError ? install.error.message : null;
  return (
    <button
      type="button"
      className="update-state"
      data-testid="update-state"
      data-state="offered"
      disabled={install.isPending || cashier?.role !== 'manager'}
      title={cashier?.role === 'manager' ? t('update.installTitle') : t('update.managerOnly')}
      onClick={() => install.mutate()}
    >
      {t('update.install', { version })}
      {refused ? ` · ${refused}` : ''}
    </button>
  );
}
