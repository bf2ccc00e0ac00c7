/** The customer display in the status bar: nothing while it is off; loud when the last screen could not be written. */
import { useTranslation } from 'react-i18next';
import type { CustomerDisplayState } from '../../../shared/bridge/api.js';
import './customer-display.css';

export function CustomerDisplayStatus({ state }: { state: CustomerDisplayState }) {
  const { t } = useTranslation('display');
  if (state.state === 'off') return null;
  const words = t(`state.${state.state}`);
  return (
    <span
      className={state.state === 'unreachable' ? 'display-state warn' : 'display-state'}
      data-testid="display-state"
      data-state={state.state}
      title={state.reason ? `${words}: ${state.reason}` : words}
    >
      {words}
    </span>
  );
}
