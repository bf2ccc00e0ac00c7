/**
 * On the sale screen, before anything is rung up: no shift is open at this till (or the open one
 * ran past its hours), so a receipt will not close. Said at once, not at the payment (issue 20),
 * from the shift state the status bar already reads, with the key to the shift screen.
 */
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../rpc/hooks.js';
import { useUi } from '../../state/ui-store.js';
import { useShiftState } from '../shift/use-shift.js';
import './fiscal-state.css';

export function NoShiftNotice() {
  const { t } = useTranslation('fiscal');
  const show = useUi((s) => s.show);
  const { row } = useShiftState(useSettings().data?.till.kasm);
  if (!row) return null;
  const closed = row.shift_id === '';
  const overdue = !closed && Number(row.shift_hours) >= Number(row.shift_max_hours);
  if (!closed && !overdue) return null;
  return (
    <p className="no-shift" role="alert" data-testid="no-shift" data-kind={closed ? 'closed' : 'overdue'}>
      <strong>{t(closed ? 'shift.closed' : 'shift.overdue', { hours: row.shift_max_hours })}</strong> {t('shift.act')}{' '}
      <button type="button" onClick={() => show('shift')} data-testid="no-shift-open">
        <kbd>Shift+F1</kbd> {t('shift.open')}
      </button>
    </p>
  );
}
