import { describe, expect, it } from 'vitest';
import type { SaleLine } from '../sale/sale-lines.js';
import type { CloseReport } from '../sale/sale-store.js';
import { type SaleSnapshot, viewOnChange } from './follow-sale.js';

const line = (code: string, name: string, quantity: string, price: string, sum: string): SaleLine => ({
  code,
  name,
  unit: 'шт',
  quantity,
  price,
  discountPercent: '0',
  discount: '0.00',
  sum,
  excise: false,
  weighted: false,
  stamps: [],
  priceState: 'confirmed',
  revision: 0,
});
const sale = (lines: SaleLine[], lastClose: CloseReport | null = null): SaleSnapshot => ({ lines, lastClose });

const BREAD = line('4820000000017', 'Хліб Український', '1', '28.50', '28.50');
const MILK = line('4820000000024', 'Молоко 2,5%', '1', '42.90', '42.90');

describe('what the sale tells the customer display', () => {
  it('the line just scanned, and the line whose quantity or price changed', () => {
    expect(viewOnChange(sale([]), sale([BREAD]))).toEqual({
      kind: 'line',
      name: 'Хліб Український',
      quantity: '1',
      price: '28.50',
      sum: '28.50',
    });
    expect(viewOnChange(sale([BREAD]), sale([BREAD, MILK]))).toMatchObject({ kind: 'line', name: 'Молоко 2,5%' });
    const twoBread = { ...BREAD, quantity: '2', sum: '57.00' };
    expect(viewOnChange(sale([BREAD, MILK]), sale([twoBread, MILK]))).toMatchObject({
      kind: 'line',
      quantity: '2',
      sum: '57.00',
    });
    // The back office's price for it came back.
    const priced = { ...MILK, price: '39.90', sum: '39.90' };
    expect(viewOnChange(sale([BREAD, MILK]), sale([BREAD, priced]))).toMatchObject({ kind: 'line', sum: '39.90' });
  });

  it('the sum so far when a line goes; nothing for a change the customer does not see (a stamp, the selection)', () => {
    expect(viewOnChange(sale([BREAD, MILK]), sale([MILK]))).toEqual({ kind: 'total', total: '42.90' });
    expect(viewOnChange(sale([BREAD]), sale([{ ...BREAD, stamps: ['AAAA'] }]))).toBeUndefined();
    const same = [BREAD];
    expect(viewOnChange(sale(same), sale(same))).toBeUndefined();
  });

  it('the greeting when the sale is cancelled or set aside; nothing for a close, which says the payment itself', () => {
    expect(viewOnChange(sale([BREAD]), sale([]))).toEqual({ kind: 'idle' });
    const closed: CloseReport = { status: 'queued', ndoc: 'K1-a', total: '28.50', change: '1.50', outboxId: 3 };
    expect(viewOnChange(sale([BREAD]), sale([], closed))).toBeUndefined();
  });

  it('a parked sale recalled: what it comes to', () => {
    expect(viewOnChange(sale([]), sale([BREAD, MILK]))).toEqual({ kind: 'total', total: '71.40' });
  });
});
