/**
 * The ESC/POS printer's state in the status bar, as the main process last asked it (every 30 s,
 * before a close, after each print): nothing for the system printer, whose state nobody can read;
 * a warning the cashier sees before the next sale when it is out of paper, its cover is open, it
 * does not answer, or its paper is running out.
 */
import { useTranslation } from 'react-i18next';
import type { PrinterState } from '../../../shared/bridge/api.js';
import { DeviceBadge, type DeviceTone } from '../../ui/DeviceBadge.js';

export function PrinterStatus({ state }: { readonly state: PrinterState | null }) {
  const { t } = useTranslation('receipt');
  if (!state) return null;
  const { condition } = state;
  const near = condition === 'ready' && state.paperNearEnd;
  // Red when the next receipt will not print; amber while it still prints on the last of the roll.
  const tone: DeviceTone = condition !== 'ready' && condition !== 'unknown' ? 'bad' : near ? 'warn' : 'ok';
  return (
    <DeviceBadge
      kind="printer-state"
      tone={tone}
      words={near ? t('state.nearEnd') : t(`state.${condition}`)}
      name={t('state.short')}
      detail={state.reason || undefined}
      data-testid="printer-state"
      data-condition={condition}
      data-near-end={state.paperNearEnd}
    />
  );
}
