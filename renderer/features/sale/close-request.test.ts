import { describe, expect, it } from 'vitest';
import { dec } from '../../money/money.js';
import { closeParams, saleProblem } from './close-request.js';
import type { SaleLine } from './sale-lines.js';

const line = (l: Partial<SaleLine>): SaleLine => ({
  code: '4821004000041',
  name: 'Молоко',
  unit: 'шт',
  quantity: '2',
  price: '58.30',
  discountPercent: '7',
  discount: '8.16',
  sum: '108.44',
  excise: false,
  weighted: false,
  stamps: [],
  priceState: 'confirmed',
  revision: 1,
  ...l,
});

describe('what stops a sale from being paid', () => {
  it('an empty sale, prices still being asked, and a zero total', () => {
    expect(saleProblem([])).toEqual({ kind: 'empty' });
    expect(saleProblem([line({ priceState: 'pending' })])).toEqual({ kind: 'pricing' });
    expect(saleProblem([line({ sum: '0.00', price: '0', discount: '0' })])).toEqual({ kind: 'nothingToPay' });
    expect(saleProblem([line({ priceState: 'unconfirmed' })])).toBeUndefined();
  });

  it('an excise line without a stamp for every unit, or sold by a fraction', () => {
    const vodka = line({ name: 'Горілка', excise: true, quantity: '3', stamps: ['A1'] });
    expect(saleProblem([vodka])).toEqual({ kind: 'stamps', name: 'Горілка', missing: 2 });
    expect(saleProblem([{ ...vodka, stamps: ['A1', 'A2', 'A3'] }])).toBeUndefined();
    expect(saleProblem([{ ...vodka, quantity: '1.5' }])).toEqual({ kind: 'pieces', name: 'Горілка' });
    // Stamps are asked before prices are waited for: the cashier has something to do.
    expect(saleProblem([{ ...vodka, priceState: 'pending' }])).toMatchObject({ kind: 'stamps' });
  });
});

describe('the close request', () => {
  it('sends the lines as priced, the cash part as a payment and the cash handed over as nal', () => {
    const p = closeParams({
      ndoc: 'K1-abc',
      kasm: 1,
      lines: [
        line({}),
        line({ code: '4821001000013', quantity: '1', price: '42.50', discount: '0.00', sum: '42.50', stamps: [] }),
      ],
      card: '',
      tenders: [{ type: 'nal', amount: dec('150.94') }],
      cashGiven: dec('200'),
      mixed: false,
    });
    expect(p).toEqual({
      ndoc: 'K1-abc',
      kasm: 1,
      sum: '150.94',
      rows: [
        { code: '4821004000041', quant: '2', price: '58.30', discount: '8.16', sum: '108.44', excise_marks: [] },
        { code: '4821001000013', quant: '1', price: '42.50', discount: '0.00', sum: '42.50', excise_marks: [] },
      ],
      payments: [{ type: 'nal', amount: '150.94' }],
      nal: '200.00',
    });
  });

  it('names the card on debt and bonus, the certificate number on a certificate, and marks the sale mixed', () => {
    const p = closeParams({
      ndoc: 'K1-abc',
      kasm: 2,
      lines: [line({ excise: true, stamps: ['AAKZ1', 'AAKZ2'] })],
      card: '2299001001491',
      tenders: [
        { type: 'debt', amount: dec('50') },
        { type: 'bonus', amount: dec('8.44') },
        { type: 'cert', amount: dec('50'), certNumber: 'C-1' },
      ],
      cashGiven: dec(0),
      mixed: true,
    });
    expect(p.payments).toEqual([
      { type: 'debt', amount: '50.00', card: '2299001001491' },
      { type: 'bonus', amount: '8.44', card: '2299001001491' },
      { type: 'cert', amount: '50.00', cert_number: 'C-1' },
    ]);
    expect(p.nal).toBeUndefined();
    expect(p).toMatchObject({ mixed: 1, mixed_card: '2299001001491' });
    expect(p.rows[0]?.excise_marks).toEqual(['AAKZ1', 'AAKZ2']);
  });
});
