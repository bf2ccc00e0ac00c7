import { describe, expect, it } from 'vitest';
import { dec } from '../../money/money.js';
import { type CardFacts, computeSplit, fillRemainder, type SplitTexts, tendersOf } from './split.js';

const none: SplitTexts = { cash: '', cashless: '', debt: '', bonus: '', cert: '', certNumber: '' };
const typed = (t: Partial<SplitTexts>): SplitTexts => ({ ...none, ...t });
const card: CardFacts = {
  hasCard: true,
  ledger: { bonusBalance: dec('112.83'), debt: dec('369.85'), debtLimit: dec('2000') },
};
/** A card the till knows is there but whose figures it could not learn (offline, never looked up). */
const unknownCard: CardFacts = { hasCard: true };
const noCard: CardFacts = { hasCard: false };
const kinds = (s: ReturnType<typeof computeSplit>) => s.problems.map((p) => `${p.kind}${p.field ? `:${p.field}` : ''}`);

describe('the remainder of a mixed payment', () => {
  it('is the whole total before anything is typed, and nothing closes', () => {
    const s = computeSplit(dec('250.40'), none, noCard);
    expect(s.remainder.toFixed(2)).toBe('250.40');
    expect(s.ready).toBe(false);
  });

  it('goes down as each part is typed, to exactly zero', () => {
    const total = dec('250.40');
    expect(computeSplit(total, typed({ cashless: '100' }), card).remainder.toFixed(2)).toBe('150.40');
    expect(computeSplit(total, typed({ cashless: '100', debt: '50,40' }), card).remainder.toFixed(2)).toBe('100.00');
    const s = computeSplit(total, typed({ cashless: '100', debt: '50,40', bonus: '0.10', cash: '99.90' }), card);
    expect(s.remainder.toFixed(2)).toBe('0.00');
    expect(s.change.toFixed(2)).toBe('0.00');
    expect(s.ready).toBe(true);
  });

  it('adds up exactly in kopecks where floats would drift', () => {
    const s = computeSplit(dec('0.30'), typed({ cashless: '0.10', cert: '0.20', certNumber: 'C-1' }), noCard);
    expect(s.remainder.isZero()).toBe(true);
    expect(s.ready).toBe(true);
  });

  it('refuses amounts finer than a kopeck and things that are not amounts, keeping the rest', () => {
    const s = computeSplit(dec('10'), typed({ cash: '5.005', cashless: 'abc', bonus: '-1' }), card);
    expect(kinds(s)).toEqual(['kopecks:cash', 'notAmount:cashless', 'notAmount:bonus']);
    expect(s.ready).toBe(false);
  });
});

describe('change', () => {
  it('comes from cash handed over beyond what is due', () => {
    const s = computeSplit(dec('250.40'), typed({ cashless: '50.40', cash: '500' }), noCard);
    expect(s.cashPart.toFixed(2)).toBe('200.00');
    expect(s.change.toFixed(2)).toBe('300.00');
    expect(s.ready).toBe(true);
  });

  it('never comes from a card, debt, bonus or certificate: they may not pay more than the total', () => {
    const s = computeSplit(dec('100'), typed({ cashless: '60', cert: '50', certNumber: 'C-7' }), noCard);
    expect(kinds(s)).toEqual(['nonCashOver']);
    expect(s.change.isZero()).toBe(true);
    expect(s.ready).toBe(false);
  });

  it('refuses cash when the other parts already pay everything (cash would be all change)', () => {
    const s = computeSplit(dec('100'), typed({ cashless: '100', cash: '20' }), noCard);
    expect(kinds(s)).toEqual(['cashNotNeeded:cash']);
  });
});

describe('debt and bonus', () => {
  it('need a discount card on the sale', () => {
    const s = computeSplit(dec('100'), typed({ debt: '50', bonus: '50' }), noCard);
    expect(kinds(s)).toEqual(['needsCard:debt', 'needsCard:bonus']);
  });

  it('keep debt within the room the limit leaves above the current debt', () => {
    // limit 2000.00, debt 369.85: room 1630.15
    const over = computeSplit(dec('2000'), typed({ debt: '1630.16', cash: '369.84' }), card);
    expect(kinds(over)).toEqual(['overLimit:debt']);
    expect(over.problems[0]?.limit?.toFixed(2)).toBe('1630.15');
    expect(computeSplit(dec('2000'), typed({ debt: '1630.15', cash: '369.85' }), card).ready).toBe(true);
  });

  it('refuse any debt once the card owes its whole limit, or where it may not buy on credit', () => {
    const full: CardFacts = { hasCard: true, ledger: { bonusBalance: dec('0'), debt: dec('500'), debtLimit: dec('300') } };
    const s = computeSplit(dec('10'), typed({ debt: '0.01', cash: '9.99' }), full);
    expect(kinds(s)).toEqual(['overLimit:debt']);
    expect(s.problems[0]?.limit?.toFixed(2)).toBe('0.00');
  });

  it('keep bonus within the balance', () => {
    expect(kinds(computeSplit(dec('200'), typed({ bonus: '112.84', cash: '87.16' }), card))).toEqual(['overBalance:bonus']);
    expect(computeSplit(dec('200'), typed({ bonus: '112.83', cash: '87.17' }), card).ready).toBe(true);
  });

  it('are refused where the card is there but its figures could not be learnt', () => {
    const s = computeSplit(dec('200'), typed({ debt: '10', bonus: '10', cash: '180' }), unknownCard);
    expect(kinds(s)).toEqual(['balanceUnknown:bonus', 'limitUnknown:debt']);
    expect(s.ready).toBe(false);
  });

  it('fill the rest no further than the card allows', () => {
    const s = computeSplit(dec('300'), typed({ cash: '100' }), card);
    expect(fillRemainder(s, 'bonus', card).toFixed(2)).toBe('112.83');
    expect(fillRemainder(s, 'debt', card).toFixed(2)).toBe('200.00');
    expect(fillRemainder(s, 'cash', card).toFixed(2)).toBe('300.00');
  });
});

describe('a gift certificate', () => {
  it('needs its number', () => {
    expect(kinds(computeSplit(dec('100'), typed({ cert: '100' }), noCard))).toEqual(['needsCertNumber:certNumber']);
  });
});

describe('the payments sent with the close', () => {
  it('carry each part there is, cash at what it pays and not what was handed over', () => {
    const s = computeSplit(
      dec('250.40'),
      typed({ debt: '50', bonus: '20.40', cert: '30', certNumber: ' C-9 ', cash: '200' }),
      card,
    );
    expect(s.ready).toBe(true);
    expect(tendersOf(s, ' C-9 ').map((t) => [t.type, t.amount.toFixed(2), t.certNumber])).toEqual([
      ['nal', '150.00', undefined],
      ['debt', '50.00', undefined],
      ['bonus', '20.40', undefined],
      ['cert', '30.00', 'C-9'],
    ]);
    const paid = tendersOf(s, 'C-9').reduce((t, x) => t.plus(x.amount), dec(0));
    expect(paid.toFixed(2)).toBe('250.40');
  });
});

describe('a split with cash rounded', () => {
  const none = { ledger: undefined } as unknown as Parameters<typeof computeSplit>[2];
  it('asks the cash part rounded, gives change from it, and fills another form to the kopeck', () => {
    const typed = { cash: '', cashless: '', debt: '', bonus: '', cert: '', certNumber: '' };
    const due = computeSplit(dec('12.57'), typed, none, 50);
    expect(due.remainder.toFixed(2)).toBe('12.50');
    expect(fillRemainder(due, 'cash', none).toFixed(2)).toBe('12.50');
    expect(fillRemainder(due, 'cashless', none).toFixed(2)).toBe('12.57');
    const paid = computeSplit(dec('12.57'), { ...typed, cash: '20' }, none, 50);
    expect([paid.ready, paid.cashPart.toFixed(2), paid.change.toFixed(2)]).toEqual([true, '12.50', '7.50']);
    const byCard = computeSplit(dec('12.57'), { ...typed, cashless: '12.55' }, none, 10);
    expect([byCard.ready, byCard.remainder.toFixed(2)]).toEqual([true, '0.00']);
  });
});

describe('the cash rounding of a mixed payment', () => {
  const STEP_50 = 50;

  it('shows what the receipt comes to, so the remainder adds up with the total: 269.80 is 270.00 in cash', () => {
    const s = computeSplit(dec('269.80'), none, noCard, STEP_50);
    expect([s.rounding, s.toPay, s.remainder, s.exactRemainder].map((d) => d.toFixed(2))).toEqual([
      '0.20',
      '270.00',
      '270.00',
      '269.80',
    ]);
    // The remainder counts down from what is to pay, never from the goods' sum.
    const part = computeSplit(dec('269.80'), typed({ cash: '100' }), noCard, STEP_50);
    expect(part.toPay.minus(part.remainder).toFixed(2)).toBe('100.00');
  });

  it('takes the sign of the receipt: paid less due, down as well as up, and none where cash pays nothing', () => {
    const down = computeSplit(dec('1014.10'), none, noCard, STEP_50);
    expect([down.rounding.toFixed(2), down.toPay.toFixed(2)]).toEqual(['-0.10', '1014.00']);
    // Only the cash part is rounded: 100 by card leaves 169.80 in cash, 170.00.
    const mixed = computeSplit(dec('269.80'), typed({ cashless: '100' }), noCard, STEP_50);
    expect([mixed.rounding.toFixed(2), mixed.toPay.toFixed(2), mixed.remainder.toFixed(2)]).toEqual(['0.20', '270.00', '170.00']);
    const card = computeSplit(dec('269.80'), typed({ cashless: '269.80' }), noCard, STEP_50);
    expect([card.rounding.toFixed(2), card.toPay.toFixed(2), card.ready]).toEqual(['0.00', '269.80', true]);
  });
});
