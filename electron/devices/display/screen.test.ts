import { describe, expect, it } from 'vitest';
import { GROUP } from '../../../shared/money/format.js';
import { cutName, screenOf } from './screen.js';

const G = GROUP;
const GREETING = 'Ласкаво просимо!';
const show = (v: Parameters<typeof screenOf>[0], greeting = GREETING) => screenOf(v, greeting);

describe('what the customer display shows', () => {
  it('between sales: the greeting, centred; a long one on two lines split at a word', () => {
    expect(show({ kind: 'idle' })).toEqual(['  Ласкаво просимо!', '']);
    const [a, b] = show({ kind: 'idle' }, 'Магазин «Колосок» вітає вас, дякуємо!');
    expect(a.trim()).toBe('Магазин «Колосок»');
    expect(b.trim()).toBe('вітає вас, дякуємо!');
    for (const l of [a, b]) expect([...l].length).toBeLessThanOrEqual(20);
  });

  it('a line just scanned: its name, and quantity x price with the sum at the right, as the till writes money', () => {
    expect(show({ kind: 'line', name: 'Хліб білий', quantity: '1', price: '28.50', sum: '28.50' })).toEqual([
      'Хліб білий',
      '1 x 28,50      28,50',
    ]);
    expect(show({ kind: 'line', name: 'Сир твердий', quantity: '0.375', price: '420.00', sum: '157.50' })).toEqual([
      'Сир твердий',
      '0,375x420,00  157,50',
    ]);
  });

  it('a thousand and more: grouped with a no-break space; what does not fit keeps the sum', () => {
    const [, second] = show({ kind: 'line', name: 'Телевізор', quantity: '2', price: '999.00', sum: '1998.00' });
    expect(second).toBe(`2 x 999,00  1${G}998,00`);
    const [, big] = show({ kind: 'line', name: 'Телевізор', quantity: '12', price: '123456.00', sum: '1481472.00' });
    expect(big).toBe(`${' '.repeat(8)}1${G}481${G}472,00`);
  });

  it('a long name is cut at a word when one ends near the end, else at 20 characters', () => {
    expect(cutName('Молоко Яготинське пастеризоване 2,6% 900 г')).toBe('Молоко Яготинське');
    expect(cutName('Мінеральнаводагазована Боржомі')).toBe('Мінеральнаводагазова');
    expect(cutName('  Кава   мелена  ')).toBe('Кава мелена');
    // A cut at the last word would leave too little: the first 20 characters.
    expect(cutName('Вода питна Моршинська')).toBe('Вода питна Моршинськ');
    const [name] = show({ kind: 'line', name: 'Ковбаса Докторська вищого ґатунку', quantity: '1', price: '1', sum: '1' });
    expect(name).toBe('Ковбаса Докторська');
  });

  it('the total: "До сплати:" and the amount in hryvnias', () => {
    expect(show({ kind: 'total', total: '1234.5' })).toEqual(['До сплати:', `        1${G}234,50 грн`]);
  });

  it('after payment: what was paid and the change ("Решта")', () => {
    expect(show({ kind: 'paid', paid: '200', change: '14.30' })).toEqual(['Сплачено:     200,00', 'Решта:         14,30']);
    // An amount too long for its label keeps the amount.
    const [paid] = show({ kind: 'paid', paid: '123456789.00', change: '0' });
    expect(paid).toBe(`      123${G}456${G}789,00`);
  });

  it('every line of every state fits the display', () => {
    const views = [
      { kind: 'idle' },
      { kind: 'line', name: 'Ї'.repeat(60), quantity: '999.999', price: '99999999.99', sum: '99999999999.99' },
      { kind: 'total', total: '99999999999.99' },
      { kind: 'paid', paid: '99999999999.99', change: '99999999999.99' },
    ] as const;
    for (const v of views) for (const line of show(v, 'Є'.repeat(40))) expect([...line].length).toBeLessThanOrEqual(20);
  });
});
