import { describe, expect, it } from 'vitest';
import { type ErrorRow, gridRows, shortHash, shownTime } from './rows.js';

const row = (id: string, localNum: string, hash: string, prev: string, lastError = ''): ErrorRow => ({
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
  last_error: lastError,
});

describe('grid rows', () => {
  it('carry the inferred status and, for one register, the chain verdict', () => {
    const rows = [
      row('143', '43', 'a', 'z', 'ORDERDATE не є датою'),
      row('144', '44', 'b', 'a', 'очікує на документ №43 (id 143), …'),
    ];
    const [z, close] = gridRows(rows, true);
    expect(z).toMatchObject({ id: '143', status: 'rejected', chain: { kind: 'unlisted' } });
    expect(close).toMatchObject({ id: '144', status: 'blocked', chain: { kind: 'linked', previousId: '143' } });
  });

  it('leave the chain unchecked when the rows may be of several registers', () => {
    expect(gridRows([row('1', '1', 'a', '')], false)[0]?.chain).toBeUndefined();
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
