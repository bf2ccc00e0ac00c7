import { describe, expect, it } from 'vitest';
import { type ShiftDocRow, shiftDocs } from './shift-docs.js';

const doc = (id: string, num: number, prev: string, expected: string, status = '2'): ShiftDocRow => ({
  id,
  kasm: '1',
  numprro: '4000211451',
  shift_id: '7',
  local_num: String(num),
  offline_session_id: '',
  local_doc_number: '0',
  doc_type: 'receipt',
  created_at: '2026-11-20T08:20:20+02:00',
  fiscal_number: '',
  status,
  doc_hash: `h${id}`,
  prev_doc_hash: prev,
  expected_prev_hash: expected,
  ref: `receipt:${id}`,
  user_id: 'Касир',
  last_error: '',
  control_code: '',
});

describe('a shift’s documents against the chain', () => {
  it('link each document to the one before it, even across the shift’s start', () => {
    const docs = shiftDocs([doc('1', 41, 'h0', 'h0'), doc('2', 42, 'h1', 'h1')]);
    expect(docs.map((d) => d.link)).toEqual(['linked', 'linked']);
    expect(docs[0]?.status).toBe('accepted');
  });

  it('mark a break where the previous hash is not the chain’s, whatever the case of the hex', () => {
    const docs = shiftDocs([doc('1', 41, 'h0', 'h0'), doc('2', 42, 'hX', 'h1'), doc('3', 43, 'H2', 'h2')]);
    expect(docs.map((d) => d.link)).toEqual(['linked', 'break', 'linked']);
  });

  it('take the register’s first document as first, unless it names a previous one', () => {
    expect(shiftDocs([doc('1', 1, '', '')])[0]?.link).toBe('first');
    expect(shiftDocs([doc('1', 1, 'h0', '')])[0]?.link).toBe('break');
  });

  it('show a withdrawn document as history, never as a break', () => {
    expect(shiftDocs([doc('1', 42, 'zz', '', '5')])[0]).toMatchObject({ link: 'withdrawn', status: 'cancelled' });
  });
});
