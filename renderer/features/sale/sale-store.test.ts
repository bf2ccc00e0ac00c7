// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { dec } from '../../money/money.js';
import { type Found, parseQuantity, priceOf, saleTotal, stampsMissing } from './sale-lines.js';
import { newNdoc, useSale } from './sale-store.js';

const milk: Found = {
  code: '4821004000041',
  name: 'Молоко',
  unit: 'шт',
  price: '58.30',
  quantity: '1',
  excise: false,
  weighted: false,
};
const cheese: Found = {
  code: '4821002000012',
  name: 'Сир Гауда',
  unit: 'кг',
  price: '330.70',
  quantity: '0.532',
  excise: false,
  weighted: true,
};
const vodka: Found = {
  code: '4821006000015',
  name: 'Горілка',
  unit: 'шт',
  price: '189.90',
  quantity: '1',
  excise: true,
  weighted: false,
};

const sale = () => useSale.getState();

beforeEach(() => {
  localStorage.clear();
  sale().cancel();
});

describe('the sale in progress', () => {
  it('numbers a sale document on its first line, unique and naming the till', () => {
    const ndoc = sale().begin(3);
    expect(ndoc).toMatch(/^K3-[0-9a-z]+-[0-9a-z]{7}$/);
    expect(sale().begin(3)).toBe(ndoc);
    expect(newNdoc(3)).not.toBe(newNdoc(3));
  });

  it('adds a scanned product as a line priced at the shelf price, and selects it', () => {
    const line = sale().addFound(milk, 'pending');
    expect(line).toMatchObject({ quantity: '1', price: '58.30', sum: '58.30', discount: '0.00', priceState: 'pending' });
    expect(sale().selected).toBe(0);
  });

  it('merges a second scan of the same product into its line', () => {
    sale().addFound(milk, 'pending');
    sale().addFound(cheese, 'pending');
    const line = sale().addFound(milk, 'pending');
    expect(sale().lines).toHaveLength(2);
    expect(line.quantity).toBe('2');
    expect(line.sum).toBe('116.60');
    expect(sale().selected).toBe(0);
  });

  it('takes the weight of a weighted barcode as the quantity, the sum rounded half-up to kopecks', () => {
    const line = sale().addFound(cheese, 'pending');
    // 0.532 × 330.70 = 175.9324
    expect(line.sum).toBe('175.93');
    const again = sale().addFound({ ...cheese, quantity: '0.25' }, 'pending');
    // 0.782 × 330.70 = 258.6074
    expect(again.quantity).toBe('0.782');
    expect(again.sum).toBe('258.61');
  });

  it('edits a quantity, estimating with the percent the back office gave until it answers again', () => {
    const first = sale().addFound(milk, 'pending');
    sale().applyPriced(milk.code, first.revision, {
      name: 'Молоко 2.5%',
      quantity: '1.000',
      price: '58.30',
      discount_percent: '7',
      discount: '4.08',
      sum: '54.22',
    });
    const line = sale().setQuantity(milk.code, dec('3'), 'unconfirmed');
    // 3 × 58.30 = 174.90; less 7 % = 162.657 → 162.66; discount 12.24
    expect(line).toMatchObject({
      quantity: '3',
      sum: '162.66',
      discount: '12.24',
      name: 'Молоко 2.5%',
      priceState: 'unconfirmed',
    });
  });

  it("ignores the back office's answer for a quantity that changed since", () => {
    const first = sale().addFound(milk, 'pending');
    sale().addFound(milk, 'pending');
    sale().applyPriced(milk.code, first.revision, {
      name: 'x',
      quantity: '1.000',
      price: '58.30',
      discount_percent: '0',
      discount: '0.00',
      sum: '58.30',
    });
    expect(sale().lines[0]).toMatchObject({ quantity: '2', sum: '116.60', priceState: 'pending' });
    sale().setPriceState(milk.code, first.revision, 'unconfirmed');
    expect(sale().lines[0]?.priceState).toBe('pending');
  });

  it('removes a line and keeps a line selected', () => {
    sale().addFound(milk, 'pending');
    sale().addFound(cheese, 'pending');
    sale().remove(cheese.code);
    expect(sale().lines.map((l) => l.code)).toEqual([milk.code]);
    expect(sale().selected).toBe(0);
    sale().remove(milk.code);
    expect(sale().selected).toBe(-1);
  });

  it('moves the selection with the arrows without leaving the lines', () => {
    sale().addFound(milk, 'pending');
    sale().addFound(cheese, 'pending');
    sale().move(-1);
    sale().move(-1);
    expect(sale().selected).toBe(0);
    sale().move(5);
    expect(sale().selected).toBe(1);
  });

  it('totals exactly in kopecks where binary floating point would not', () => {
    sale().addFound({ ...milk, code: 'a', price: '0.10' }, 'pending');
    sale().addFound({ ...milk, code: 'b', price: '0.20' }, 'pending');
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(saleTotal(sale().lines).toFixed(2)).toBe('0.30');
    for (let i = 0; i < 9; i++) sale().addFound({ ...milk, code: 'a', price: '0.10' }, 'pending');
    expect(saleTotal(sale().lines).toFixed(2)).toBe('1.20');
  });

  it('counts the stamps an excise line still needs, and drops those beyond a lowered quantity', () => {
    sale().addFound(vodka, 'pending');
    sale().addFound(vodka, 'pending');
    expect(stampsMissing(sale().lines[0]!)).toBe(2);
    sale().addStamp(vodka.code, 'AAKZ1');
    sale().addStamp(vodka.code, 'AAKZ2');
    expect(stampsMissing(sale().lines[0]!)).toBe(0);
    sale().setQuantity(vodka.code, dec(1), 'pending');
    expect(sale().trimStamps(vodka.code)).toEqual(['AAKZ2']);
    expect(sale().lines[0]?.stamps).toEqual(['AAKZ1']);
    expect(stampsMissing({ ...sale().lines[0]!, excise: false })).toBe(0);
  });

  it('starts a new sale after a close, keeping the report until the next scan', () => {
    sale().begin(1);
    sale().addFound(milk, 'pending');
    sale().finish({ status: 'queued', ndoc: 'K1-x', total: '58.30', change: '0.00', outboxId: 7 });
    expect(sale()).toMatchObject({ ndoc: '', lines: [], card: null, lastClose: { status: 'queued' } });
    sale().addFound(milk, 'pending');
    expect(sale().lastClose).toBeNull();
  });

  it('turns the report of a queued close into its receipt once it is sent', () => {
    sale().finish({ status: 'queued', ndoc: 'K1-x', total: '58.30', change: '0.00', outboxId: 7 });
    const done = {
      status: 'done',
      ndoc: 'K1-x',
      checkNumber: '41',
      total: '58.30',
      change: '0.00',
      bonusAccrued: '0.00',
    } as const;
    sale().closeDelivered(8, done);
    expect(sale().lastClose?.status).toBe('queued');
    sale().closeDelivered(7, done);
    expect(sale().lastClose).toEqual(done);
  });

  it('parks a sale to serve the next buyer and recalls it as it was, stamps, card and age check included', () => {
    sale().begin(1);
    sale().addFound(vodka, 'confirmed');
    sale().addStamp(vodka.code, 'AAKZ508001 4100007919');
    sale().attachCard({ code: '2299000000017', holder: 'Шевчук' });
    sale().confirmAge(18);
    const ndoc = sale().ndoc;
    expect(sale().park()?.ndoc).toBe(ndoc);
    expect(sale()).toMatchObject({ ndoc: '', lines: [], card: null, ageChecked: 0 });
    sale().addFound(milk, 'pending');
    expect(sale().recall(ndoc)).toBeUndefined();
    sale().cancel();
    expect(sale().recall(ndoc)?.ndoc).toBe(ndoc);
    expect(sale()).toMatchObject({ ndoc, card: { code: '2299000000017' }, ageChecked: 18, parked: [] });
    expect(sale().lines[0]?.stamps).toEqual(['AAKZ508001 4100007919']);
    expect(sale().park()).toBeDefined();
    expect(sale().park()).toBeUndefined();
  });

  it('drops stamps released elsewhere from their lines', () => {
    sale().addFound(vodka, 'confirmed');
    sale().setQuantity(vodka.code, dec(2), 'confirmed');
    sale().addStamp(vodka.code, 'S1');
    sale().addStamp(vodka.code, 'S2');
    sale().dropStamps(['S1']);
    expect(sale().lines[0]?.stamps).toEqual(['S2']);
  });

  it('keeps the sale in progress across a reload', () => {
    sale().begin(1);
    sale().addFound(milk, 'pending');
    sale().attachCard({ code: '2299001001491', holder: 'Іваненко' });
    const kept = JSON.parse(localStorage.getItem('cashdesk.sale') ?? '{}');
    expect(kept.state).toMatchObject({ ndoc: sale().ndoc, card: { code: '2299001001491' } });
    expect(kept.state.lines).toHaveLength(1);
    // The price asked before the reload is not waited for after it.
    expect(kept.state.lines[0].priceState).toBe('unconfirmed');
  });
});

describe('pricing a line as the back office does', () => {
  it('gives sum = quantity × price − discount in whole kopecks', () => {
    for (const [q, p, pct] of [
      ['1', '58.30', '0'],
      ['0.532', '330.70', '5'],
      ['3', '19.99', '7'],
      ['0.001', '0.10', '3'],
    ] as const) {
      const { sum, discount } = priceOf(dec(q), dec(p), dec(pct));
      expect(sum.decimalPlaces()).toBeLessThanOrEqual(2);
      expect(sum.eq(dec(q).mul(dec(p)).minus(discount).toDecimalPlaces(2))).toBe(true);
    }
  });
});

describe('a quantity typed by the cashier', () => {
  it('takes a comma or a dot, and grams for goods by weight', () => {
    expect(parseQuantity('1,5', true)).toEqual({ quantity: dec('1.5') });
    expect(parseQuantity(' 0.125 ', true)).toEqual({ quantity: dec('0.125') });
    expect(parseQuantity('3', false)).toEqual({ quantity: dec('3') });
  });

  it('refuses nothing, zero or less, letters, a fraction of a gram, and too much, saying which', () => {
    expect(parseQuantity('', true)).toEqual({ problem: 'notNumber' });
    expect(parseQuantity('abc', false)).toEqual({ problem: 'notNumber' });
    expect(parseQuantity('-2', false)).toEqual({ problem: 'notPositive' });
    expect(parseQuantity('0', false)).toEqual({ problem: 'notPositive' });
    expect(parseQuantity('0.0005', true)).toEqual({ problem: 'places' });
    expect(parseQuantity('1000', true)).toEqual({ problem: 'tooMuch' });
  });

  it('sells goods by the piece in whole pieces only, and no absurd number of them', () => {
    expect(parseQuantity('0,001', false)).toEqual({ problem: 'pieces' });
    expect(parseQuantity('1.5', false)).toEqual({ problem: 'pieces' });
    expect(parseQuantity('999999', false)).toEqual({ problem: 'tooMuch' });
    expect(parseQuantity('999', false)).toEqual({ quantity: dec('999') });
  });
});
