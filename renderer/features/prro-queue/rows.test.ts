import { describe, expect, it } from 'vitest';
import { type ErrorRow, gridRows, shortHash, shownTime } from './rows.js';

const row = (id: string, localNum: string, hash: string, prev: string, status: string, numprro = '4000211452'): ErrorRow => ({
  id,
  created_at: '2026-11-20T08:20:20+02:00',
  offline_session_id: '1',
  local_doc_number: localNum,
  local_num: localNum,
  fiscal_number: '',
  doc_type: 'z_report',
  control_code: '5411',
  doc_hash: hash,
  prev_doc_hash: prev,
  user_id: 'Бондаренко',
  last_error: '',
  status,
  kasm: '2',
  numprro,
});

describe('grid rows', () => {
  it('carry the status the service reports, by name, and the chain verdict', () => {
    const [z, close] = gridRows([row('143', '43', 'a', 'z', '3'), row('144', '44', 'b', 'a', '6')]);
    expect(z).toMatchObject({ id: '143', status: 'rejected', chain: { kind: 'unlisted' } });
    expect(close).toMatchObject({ id: '144', status: 'blocked', chain: { kind: 'linked', previousId: '143' } });
  });

  it('check the chain of each register when the rows are of several', () => {
    const rows = [row('1', '1', 'a', '', '3', 'A'), row('2', '1', 'b', 'x', '3', 'B'), row('3', '2', 'c', 'b', '6', 'B')];
    expect(gridRows(rows).map((r) => r.chain.kind)).toEqual(['first', 'break', 'linked']);
  });

  it('carry the shift of each document from the unsettled chain, and none while it is unknown', () => {
    const rows = [row('143', '43', 'a', 'z', '3'), row('144', '44', 'b', 'a', '6')];
    expect(gridRows(rows, new Map([['143', '12']])).map((r) => r.shift)).toEqual(['12', '']);
    expect(gridRows(rows).map((r) => r.shift)).toEqual(['', '']);
  });

  it('keep a status code outside the contract without a name', () => {
    expect(gridRows([row('1', '1', 'a', '', '12')])[0]?.status).toBeUndefined();
  });
});

describe('shown values', () => {
  it('show the shop’s own time of a document, not the browser’s', () => {
    expect(shownTime('2026-11-20T08:20:20+02:00')).toBe('20.11.2026 08:20:20');
    expect(shownTime('2026-11-20T23:05+02:00')).toBe('20.11.2026 23:05:00');
    expect(shownTime('вчора')).toBe('вчора');
  });

  it('shorten a hash to its first twelve characters', () => {
    expect(shortHash('c2a01854f42e50a8ec8c36746851684dd90a2981e2c1f4470a312058663e4564')).toBe('c2a01854f42e…');
    expect(shortHash('')).toBe('');
  });
});
