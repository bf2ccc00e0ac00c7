import { describe, expect, it } from 'vitest';
import { type ChainRow, dependentsOf, shiftsById } from './dependents.js';

const doc = (id: string, numprro: string, localNum: number, shift = '7'): ChainRow => ({
  id,
  kasm: numprro === 'A' ? '1' : '2',
  numprro,
  shift_id: shift,
  local_num: String(localNum),
  offline_session_id: '',
  local_doc_number: '0',
  doc_type: 'receipt',
  created_at: '2026-11-20T08:20:20+02:00',
  fiscal_number: '',
  status: '6',
  doc_hash: `h${id}`,
  prev_doc_hash: '',
});
// Register A: 10 (rejected) then 11, 12 blocked behind it; register B: 4, 5.
const CHAIN = [doc('a10', 'A', 10), doc('a11', 'A', 11), doc('a12', 'A', 12, '8'), doc('b4', 'B', 4), doc('b5', 'B', 5)];
const at = (id: string) => {
  const d = CHAIN.find((c) => c.id === id) as ChainRow;
  return { id: d.id, numprro: d.numprro, local_num: d.local_num };
};

describe('the documents a change re-places', () => {
  it('are the later unsettled documents of the same register, in chain order', () => {
    expect(dependentsOf(CHAIN, [at('a10')]).map((d) => d.id)).toEqual(['a11', 'a12']);
    expect(dependentsOf(CHAIN, [at('a11')]).map((d) => d.id)).toEqual(['a12']);
  });

  it('are none for the last document of a chain, or for a register with nothing after it', () => {
    expect(dependentsOf(CHAIN, [at('a12')])).toEqual([]);
    expect(dependentsOf(CHAIN, [at('b5')])).toEqual([]);
    expect(dependentsOf([], [at('a10')])).toEqual([]);
  });

  it('leave out the documents changed together, and count a selection that leaves later ones behind', () => {
    // Every blocked document of A changed at once: nothing of A is left behind them.
    expect(dependentsOf(CHAIN, [at('a11'), at('a12')])).toEqual([]);
    // The rejected one and the first blocked one: the last blocked one depends on them.
    expect(dependentsOf(CHAIN, [at('a10'), at('a11')]).map((d) => d.id)).toEqual(['a12']);
    // Across registers: each register's own tail.
    expect(dependentsOf(CHAIN, [at('b4'), at('a11')]).map((d) => d.id)).toEqual(['a12', 'b5']);
  });

  it('count from a document no longer in the unsettled chain by its place', () => {
    expect(dependentsOf(CHAIN, [{ id: 'gone', numprro: 'A', local_num: '9' }]).map((d) => d.id)).toEqual(['a10', 'a11', 'a12']);
  });
});

describe('the shift of a listed document', () => {
  it('is read by its id from the unsettled chain', () => {
    const shifts = shiftsById(CHAIN);
    expect(shifts.get('a12')).toBe('8');
    expect(shifts.get('b4')).toBe('7');
    expect(shifts.get('missing')).toBeUndefined();
  });
});
