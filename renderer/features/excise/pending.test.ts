import { describe, expect, it } from 'vitest';
import { type DuplicateRow, knownPending, pendingDuplicates, saleStamps } from './pending.js';

const LINES = [
  { code: '4820000000001', name: 'Коньяк', stamps: ['AAKZ0001', 'AAKZ0002'] },
  { code: '4820000000002', name: 'Хліб', stamps: [] },
  { code: '4820000000003', name: 'Горілка', stamps: ['AAKZ0003'] },
];

const row = (excise_mark: string, check_number: string, cashdesk_number: string): DuplicateRow => ({
  excise_mark,
  code: '4820000000001',
  check_number,
  cashdesk_number,
});

describe('the stamps of the sale in progress', () => {
  it('are listed with the product each was scanned for', () => {
    expect(saleStamps(LINES)).toEqual([
      { stamp: 'AAKZ0001', code: '4820000000001', name: 'Коньяк' },
      { stamp: 'AAKZ0002', code: '4820000000001', name: 'Коньяк' },
      { stamp: 'AAKZ0003', code: '4820000000003', name: 'Горілка' },
    ]);
    expect(saleStamps([])).toEqual([]);
  });
});

describe('pending duplicates', () => {
  it('are the duplicates of this till that are on no receipt yet', () => {
    const rows = [row('M1', '', '1'), row('M2', '118', '1'), row('M3', '', '3')];
    expect(pendingDuplicates(rows, 1)).toEqual([row('M1', '', '1')]);
  });
});

describe('the stamps a release of all names', () => {
  it('are those of the sale and the unsold duplicates, each once', () => {
    expect(knownPending(saleStamps(LINES), [row('AAKZ0003', '', '1'), row('M9', '', '1')])).toEqual([
      'AAKZ0001',
      'AAKZ0002',
      'AAKZ0003',
      'M9',
    ]);
  });
});
