/**
 * What a scan (or a quick key, a search) came to: a dialog to open, or something to say. It never
 * closes a dialog: a slow lookup must not close the cash dialog the cashier opened since.
 */
import type { ScanResult } from '../actions/types.js';
import { useNotice } from '../notice-store.js';
import type { Open } from './open.js';

export function followScan(result: ScanResult, setOpen: (open: Open) => void): void {
  if (result.kind === 'line' && result.needsStamps) setOpen({ kind: 'stamps', code: result.code });
  else if (result.kind === 'age' || result.kind === 'weigh') setOpen({ kind: result.kind, candidate: result.candidate });
  else if (result.kind === 'stamp') {
    // A stamp scanned straight into the sale: said under the code field, as the stamp dialog would.
    const r = result.result;
    const say = useNotice.getState().say;
    if (r.kind === 'added')
      say({ tone: 'info', key: r.queued ? 'stamp.queued' : 'stamp.added', values: { stamp: result.stamp } });
    else if (r.kind !== 'empty') {
      const error = 'error' in r ? r.error : undefined;
      say({ tone: 'error', key: `stamp.${r.kind}`, values: { stamp: result.stamp, example: '' }, ...(error ? { error } : {}) });
    }
  }
}
