/**
 * The scale in the status bar: nothing while none is set up or before it was first asked (it is
 * asked only when a good is weighed, or tested in F9); loud once it stopped answering.
 */
import { useTranslation } from 'react-i18next';
import type { ScaleStatus as Status } from '../../../shared/bridge/api.js';
import './scale.css';

export function ScaleStatus({ status }: { status: Status }) {
  const { t } = useTranslation('scale');
  if (status.state === 'unknown') return null;
  const words = t(`state.${status.state}`);
  return (
    <span
      className={status.state === 'unreachable' ? 'scale-state warn' : 'scale-state'}
      data-testid="scale-status"
      data-state={status.state}
      title={words}
    >
      {words}
    </span>
  );
}
