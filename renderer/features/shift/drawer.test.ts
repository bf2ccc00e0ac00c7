import { describe, expect, it } from 'vitest';
import { Dec } from '../../money/money.js';
import { countDrawer, DENOMINATIONS, drawerDifference, parsePieces } from './drawer.js';

describe('the drawer count', () => {
  it('lists the hryvnia in circulation, banknotes from 1000 to 1 and coins from 10 hryvnias to 10 kopecks', () => {
    expect(DENOMINATIONS.filter((d) => d.kind === 'note').map((d) => d.face)).toEqual([
      '1000',
      '500',
      '200',
      '100',
      '50',
      '20',
      '10',
      '5',
      '2',
      '1',
    ]);
    expect(DENOMINATIONS.filter((d) => d.kind === 'coin').map((d) => d.face)).toEqual(['10', '5', '2', '1', '0.50', '0.10']);
    expect(new Set(DENOMINATIONS.map((d) => d.id)).size).toBe(DENOMINATIONS.length);
  });

  it('sums pieces × face exactly, kopeck coins included, where floats would drift', () => {
    // Seven 10-kopeck coins are 0.70 exactly (0.1 * 7 in binary floating point is 0.7000000000000001).
    const c = countDrawer({ n500: '2', n20: '3', c1: '4', 'c0.50': '3', 'c0.10': '7' });
    expect(c.counted.toFixed(2)).toBe('1066.20');
    expect(c.pieces).toBe(19);
    expect(c.problems).toEqual({});
  });

  it('counts an empty form as nothing, and reads a blank field as none', () => {
    expect(countDrawer({}).counted.toFixed(2)).toBe('0.00');
    expect(countDrawer({ n100: ' ', n50: '' }).pieces).toBe(0);
  });

  it('leaves a row that is not a whole number of pieces out of the sum and names it', () => {
    const c = countDrawer({ n100: '2', n50: '1,5', n20: '-1', n10: '100000' });
    expect(c.counted.toFixed(2)).toBe('200.00');
    expect(c.problems).toEqual({ n50: 'notWhole', n20: 'notWhole', n10: 'tooMany' });
  });

  it('reads pieces as whole numbers only', () => {
    expect(parsePieces('12')).toEqual({ pieces: 12 });
    expect(parsePieces(' 007 ')).toEqual({ pieces: 7 });
    expect(parsePieces('1e3')).toEqual({ problem: 'notWhole' });
    expect(parsePieces(undefined)).toEqual({ pieces: 0 });
  });

  it('says how far the count is from what the till expects: exact, surplus or shortage', () => {
    expect(drawerDifference(new Dec('1520.30'), '1520.30')).toMatchObject({ balance: 'exact' });
    const short = drawerDifference(new Dec('1500.00'), '1520.30');
    expect(short.balance).toBe('shortage');
    expect(short.difference.toFixed(2)).toBe('-20.30');
    const over = drawerDifference(new Dec('1520.40'), '1520.30');
    expect(over).toMatchObject({ balance: 'surplus' });
    expect(over.difference.toFixed(2)).toBe('0.10');
  });
});
