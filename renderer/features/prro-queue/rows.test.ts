import { describe, expect, it } from 'vitest';
import { gridRow, type PageRow, shortHash, shownTime } from './rows.js';

const row = (id: string, status: string, chain: Partial<PageRow> = {}): PageRow => ({
  tag: 'ROW',
  id,
  created_at: '2026-11-20T08:20:20+02:00',
  offline_session_id: '1',
  local_doc_number: id,
  local_num: id,
  fiscal_number: '',
  doc_type: 'z_report',
  control_code: '5411',
  doc_hash: 'a',
  prev_doc_hash: 'z',
  user_id: 'Бондаренко',
  last_error: '',
  status,
  kasm: '2',
  numprro: '4000211452',
  shift_id: '12',
  chain: 'unlisted',
  chain_previous_id: '',
  chain_expected: '',
  ...chain,
});

describe('grid rows', () => {
  it('carry the status the service reports, by name, its shift and the chain verdict it judged', () => {
    expect(gridRow(row('143', '3'))).toMatchObject({ id: '143', status: 'rejected', shift: '12', chain: { kind: 'unlisted' } });
    expect(gridRow(row('144', '6', { chain: 'linked', chain_previous_id: '143' }))).toMatchObject({
      status: 'blocked',
      chain: { kind: 'linked', previousId: '143' },
    });
    expect(gridRow(row('1', '3', { chain: 'break', chain_expected: 'b' })).chain).toEqual({
      kind: 'break',
      previousId: null,
      expected: 'b',
    });
    expect(gridRow(row('1', '3', { chain: 'first', shift_id: '' }))).toMatchObject({ chain: { kind: 'first' }, shift: '' });
  });

  it('keep a status code outside the contract without a name, and no tag', () => {
    const r = gridRow(row('1', '12'));
    expect(r.status).toBeUndefined();
    expect(r.row).not.toHaveProperty('tag');
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
