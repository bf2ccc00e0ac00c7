/** What one receipt takes (the contract's bounds): the till says so at the scan, not at the close. */
import { describe, expect, it } from 'vitest';
import { MAX_RECEIPT_LINES, MAX_STAMPS_PER_LINE } from '../../../shared/contract/operations/bounds.js';
import { addFound, type Found, lineLimit, parseQuantity, type SaleLine } from './sale-lines.js';

const found = (code: string, extra: Partial<Found> = {}): Found => ({
  code,
  name: `Товар ${code}`,
  unit: 'шт',
  price: '10.00',
  quantity: '1',
  excise: false,
  weighted: false,
  ...extra,
});

const linesOf = (n: number): SaleLine[] =>
  Array.from({ length: n }, (_, i) => String(i)).reduce<SaleLine[]>(
    (lines, code) => addFound(lines, found(code), 'confirmed'),
    [],
  );

describe('what one receipt takes', () => {
  it('takes a new line up to the contract’s lines, then only more of the lines it has', () => {
    expect(lineLimit(linesOf(MAX_RECEIPT_LINES - 1), found('new'))).toBeUndefined();
    const full = linesOf(MAX_RECEIPT_LINES);
    expect(lineLimit(full, found('new'))).toBe('receiptFull');
    expect(lineLimit(full, found('0'))).toBeUndefined();
  });

  it('takes an excise line up to a stamp a unit of what a line takes, and says so for the next unit', () => {
    const vodka = found('V', { excise: true, quantity: String(MAX_STAMPS_PER_LINE) });
    const lines = addFound([], vodka, 'confirmed');
    expect(lineLimit(lines, found('V', { excise: true }))).toBe('lineFull');
    expect(parseQuantity(String(MAX_STAMPS_PER_LINE), false, true)).toHaveProperty('quantity');
    expect(parseQuantity(String(MAX_STAMPS_PER_LINE + 1), false, true)).toEqual({ problem: 'tooMuch' });
    // Goods without stamps are not held to it.
    expect(parseQuantity(String(MAX_STAMPS_PER_LINE + 1), false, false)).toHaveProperty('quantity');
  });
});
