import { describe, expect, it } from 'vitest';
import { updateGate } from './update-gate.js';

describe('the update gate', () => {
  const between = { shift: 'closed', writesWaiting: 0, cardPending: false } as const;
  it('opens only between shifts, with nothing waiting to be sent and no card payment unsettled', () => {
    expect(updateGate(between)).toEqual({ open: true });
    expect(updateGate({ ...between, shift: 'open' })).toEqual({ open: false, why: 'shift_open' });
    // The service did not say: the till may be mid-shift, so no.
    expect(updateGate({ ...between, shift: 'unknown' })).toEqual({ open: false, why: 'shift_unknown' });
    expect(updateGate({ ...between, writesWaiting: 1 })).toEqual({ open: false, why: 'writes_waiting' });
    expect(updateGate({ ...between, cardPending: true })).toEqual({ open: false, why: 'card_pending' });
  });
});
