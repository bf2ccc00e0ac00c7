/** The customer display in the status bar: nothing while it is off; loud when the last screen could not be written. */
import { useTranslation } from 'react-i18next';
import type { CustomerDisplayState } from '../../../shared/bridge/api.js';
import { DeviceBadge } from '../../ui/DeviceBadge.js';

export function CustomerDisplayStatus({ state }: { state: CustomerDisplayState }) {
  const { t } = useTranslation('display');
  if (state.state === 'off') return null;
  return (
    <DeviceBadge
      kind="display-state"
      tone={state.state === 'unreachable' ? 'bad' : 'ok'}
      words={t(`state.${state.state}`)}
      name={t('short')}
      detail={state.reason || undefined}
      data-testid="display-state"
      data-state={state.state}
    />
  );
}
