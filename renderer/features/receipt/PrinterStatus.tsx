/**
 * The ESC/POS printer's state in the status bar, as the main process last asked it (every 30 s,
 * before a close, after each print): nothing while all is well or for the system printer, whose
 * state nobody can read; a warning the cashier sees before the next sale when it is out of paper,
 * its cover is open, it does not answer, or its paper is running out.
 */
import { useTranslation } from 'react-i18next';
import type { PrinterState } from '../../../shared/bridge/api.js';

export function PrinterStatus({ state }: { readonly state: PrinterState | null }) {
  const { t } = useTranslation('receipt');
  if (!state) return null;
  const { condition } = state;
  const near = condition === 'ready' && state.paperNearEnd;
  const words = near ? t('state.nearEnd') : t(`state.${condition}`);
  // Red when the next receipt will not print; amber while it still prints on the last of the roll.
  const bad = condition !== 'ready' && condition !== 'unknown';
  const warn = near || bad;
  return (
    <span
      className={bad ? 'printer-state bad' : near ? 'printer-state warn' : 'printer-state'}
      role={warn ? 'alert' : undefined}
      title={state.reason === '' ? words : `${words} (${state.reason})`}
      data-testid="printer-state"
      data-condition={condition}
      data-near-end={state.paperNearEnd}
    >
      {words}
    </span>
  );
}
