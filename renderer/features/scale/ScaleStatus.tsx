/**
 * The scale in the status bar: nothing while none is set up or before it was first asked (it is
 * asked only when a good is weighed, or tested in F9); loud once it stopped answering.
 */
import { useTranslation } from 'react-i18next';
import type { ScaleStatus as Status } from '../../../shared/bridge/api.js';
import { DeviceBadge } from '../../ui/DeviceBadge.js';

export function ScaleStatus({ status }: { status: Status }) {
  const { t } = useTranslation('scale');
  if (status.state === 'unknown') return null;
  return (
    <DeviceBadge
      kind="scale-state"
      tone={status.state === 'unreachable' ? 'bad' : 'ok'}
      words={t(`state.${status.state}`)}
      name={t('legend')}
      data-testid="scale-status"
      data-state={status.state}
    />
  );
}
