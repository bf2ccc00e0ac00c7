import { describe, expect, it } from 'vitest';
import { Dec } from '../../money/money.js';
import { cashToTake, checkAmount, type OpenDebtRow, onlyNcParam, owedBy, selectedRows } from './selection.js';

const row = (check_number: string, debt: string): OpenDebtRow => ({
  check_number,
  debt,
  total: '100.00',
  paid: new Dec('100.00').minus(debt).toFixed(2),
  date_added: '2025-03-10',
});
// Sums that binary floating point gets wrong (0.1 + 0.2) must come out exact.
const ROWS = [row('7', '0.10'), row('9', '0.20'), row('12', '1234.55')];

describe('the receipts a repayment settles', () => {
  it('are every open receipt when none is ticked, and only the ticked ones otherwise', () => {
    expect(selectedRows(ROWS, new Set()).map((r) => r.check_number)).toEqual(['7', '9', '12']);
    expect(selectedRows(ROWS, new Set(['12', '7'])).map((r) => r.check_number)).toEqual(['7', '12']);
  });

  it('owe the exact decimal sum of their debts', () => {
    expect(owedBy(selectedRows(ROWS, new Set(['7', '9']))).toFixed(2)).toBe('0.30');
    expect(owedBy(ROWS).toFixed(2)).toBe('1234.85');
    expect(owedBy([]).toFixed(2)).toBe('0.00');
  });

  it('are named in only_nc in receipt order, and left empty when all or none are ticked', () => {
    expect(onlyNcParam(ROWS, new Set(['12', '7']))).toBe('7,12');
    expect(onlyNcParam(ROWS, new Set())).toBe('');
    expect(onlyNcParam(ROWS, new Set(['7', '9', '12']))).toBe('');
  });

  it('ignore a ticked receipt that is no longer open', () => {
    expect(onlyNcParam(ROWS, new Set(['99']))).toBe('');
    expect(selectedRows(ROWS, new Set(['99']))).toHaveLength(3);
  });
});

describe('the amount typed', () => {
  const owed = new Dec('0.30');

  it('may be left empty: the whole debt of the selection', () => {
    expect(checkAmount('  ', owed)).toEqual({ amount: undefined });
  });

  it('is read with a comma or a dot and may equal the debt exactly', () => {
    expect(checkAmount('0,3', owed).amount?.toFixed(2)).toBe('0.30');
    expect(checkAmount('0.29', owed).problem).toBeUndefined();
  });

  it('is refused when it is not a number, not positive, finer than a kopeck or above the debt', () => {
    expect(checkAmount('abc', owed).problem).toBe('notNumber');
    expect(checkAmount('0', owed).problem).toBe('notPositive');
    expect(checkAmount('-1', owed).problem).toBe('notPositive');
    expect(checkAmount('0.105', owed).problem).toBe('kopecks');
    expect(checkAmount('0.31', owed).problem).toBe('overDebt');
  });
});

describe('the cash a repayment takes', () => {
  const rows = [row('1', '42.04'), row('2', '18.00')];
  const shown = (c: { repaid: Dec; cash: Dec; rounding: Dec }) => [c.repaid, c.cash, c.rounding].map((d) => d.toFixed(2));

  it('rounds each receipt settled, oldest first, as its repayment receipt does', () => {
    // 42.04 → 42.00 and 8.06 → 8.10 at 0.10: 50.10 for 50.10, though each part rounded.
    expect(shown(cashToTake(rows, new Dec('50.10'), 10))).toEqual(['50.10', '50.10', '0.00']);
    expect(shown(cashToTake(rows, new Dec('12.30'), 50))).toEqual(['12.30', '12.50', '0.20']);
    expect(shown(cashToTake(rows, undefined, 10))).toEqual(['60.04', '60.00', '-0.04']);
    expect(shown(cashToTake(rows, new Dec('42.07'), 10))).toEqual(['42.07', '42.00', '-0.07']);
  });
});
