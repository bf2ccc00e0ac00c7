/**
 * What opens a dialog of the sale screen from its keys and buttons: the stamps of the line that
 * needs them, payment (or what stops it, said), a manual price for the selected line.
 */
import { saleProblem } from '../close-request.js';
import { problemKey } from '../components/CloseFailure.js';
import { useNotice } from '../notice-store.js';
import { stampsMissing } from '../sale-lines.js';
import { useSale } from '../sale-store.js';
import type { Open } from './open.js';

export function openers(setOpen: (open: Open) => void) {
  const openStamps = () => {
    const all = useSale.getState();
    const current = all.lines[all.selected];
    const line = current && stampsMissing(current) > 0 ? current : all.lines.find((l) => stampsMissing(l) > 0);
    if (line) setOpen({ kind: 'stamps', code: line.code });
  };
  const pay = () => {
    const problem = saleProblem(useSale.getState().lines);
    // Prices still being confirmed settle in front of the cashier, in the open dialog.
    if (!problem || problem.kind === 'pricing') return setOpen({ kind: 'cash' });
    const [key, values] = problemKey(problem);
    useNotice.getState().say({ tone: 'error', key, values });
    if (problem.kind === 'stamps') openStamps();
  };
  const openManual = () => {
    const s = useSale.getState();
    const line = s.lines[s.selected];
    if (line) setOpen({ kind: 'manual', code: line.code });
    else useNotice.getState().say({ tone: 'error', key: 'manual.noLine' });
  };
  return { openStamps, pay, openManual };
}
