/**
 * This till's fiscal state from the reads the status bar already makes (pos.shift_state for the
 * offline clock, pos.prro_key_state for the key's chip): no read of its own. While the till cannot
 * reach its service those reads fail and keep their last answer: the state is then as last known
 * (`stale`), which the screens say, never "sent" as if it were news.
 */
import { useSettings, useStatus } from '../../rpc/hooks.js';
import { useTillKeyState } from '../prro-keys/index.js';
import { useShiftState } from '../shift/use-shift.js';
import { type FiscalState, fiscalStateOf } from './fiscal-state.js';

export interface FiscalView {
  readonly state: FiscalState;
  /** The last read failed (the service cannot be reached): the state is the last one known. */
  readonly stale: boolean;
}

export function useFiscalState(): FiscalView {
  const kasm = useSettings().data?.till.kasm;
  const shift = useShiftState(kasm);
  const key = useTillKeyState(kasm);
  const connection = useStatus().data?.connection;
  const failed = shift.errorUpdatedAt > shift.dataUpdatedAt;
  return { state: fiscalStateOf(shift.row, key.row), stale: failed || (connection !== undefined && connection !== 'online') };
}
