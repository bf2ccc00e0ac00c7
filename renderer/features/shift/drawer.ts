/**
 * Counting the drawer: how many of each banknote and coin, the total counted and how far it is
 * from the cash the till expects (pos.shift_state cash_balance), in exact decimals. A count is
 * only a count: nothing is sent; the difference is for the cashier and the manager to see.
 */
import { Dec } from '../../money/money.js';

export interface Denomination {
  /** Stable id of the row (and of its field): `n1000`, `c0.50`. */
  readonly id: string;
  readonly kind: 'note' | 'coin';
  /** Face value in hryvnias, as a decimal string. */
  readonly face: string;
}

const note = (face: string): Denomination => ({ id: `n${face}`, kind: 'note', face });
const coin = (face: string): Denomination => ({ id: `c${face}`, kind: 'coin', face });

/**
 * Hryvnia cash that is legal tender (NBU): banknotes of 1000 down to 20 hryvnias, and the small
 * banknotes of 10, 5, 2 and 1 hryvnia, no longer printed but still accepted beside the coins that
 * replace them; coins of 10, 5, 2 and 1 hryvnia and of 50 and 10 kopecks (1, 2, 5 and 25 kopecks
 * were withdrawn in 2019). The 10-kopeck coin goes as the cash rounding step becomes 0.50
 * (shared/domain.md, "Cash rounding"): it stays here while a drawer may still hold it.
 */
export const DENOMINATIONS: readonly Denomination[] = [
  note('1000'),
  note('500'),
  note('200'),
  note('100'),
  note('50'),
  note('20'),
  note('10'),
  note('5'),
  note('2'),
  note('1'),
  coin('10'),
  coin('5'),
  coin('2'),
  coin('1'),
  coin('0.50'),
  coin('0.10'),
];

/** What was typed for each denomination, by id; a missing or empty entry is none. */
export type Counts = Readonly<Record<string, string>>;

/** More pieces of one kind than this is a typing slip, not a drawer. */
export const MAX_PIECES = 99_999;

export type PiecesProblem = 'notWhole' | 'tooMany';

/** The number of pieces typed: whole, not negative; empty is 0. */
export function parsePieces(text: string | undefined): { pieces: number } | { problem: PiecesProblem } {
  const t = (text ?? '').trim();
  if (t === '') return { pieces: 0 };
  if (!/^\d+$/.test(t)) return { problem: 'notWhole' };
  const pieces = Number(t);
  return pieces > MAX_PIECES ? { problem: 'tooMany' } : { pieces };
}

/** A denomination's sum: pieces × face, exact. */
export const lineSum = (d: Denomination, pieces: number): Dec => new Dec(d.face).times(pieces);

export interface DrawerCount {
  /** Sum of every row that reads as a number of pieces. */
  readonly counted: Dec;
  /** Rows whose text is not a number of pieces (left out of the sum until corrected). */
  readonly problems: Readonly<Record<string, PiecesProblem>>;
  /** How many pieces were typed in all. */
  readonly pieces: number;
}

export function countDrawer(counts: Counts, denominations: readonly Denomination[] = DENOMINATIONS): DrawerCount {
  let counted = new Dec(0);
  let pieces = 0;
  const problems: Record<string, PiecesProblem> = {};
  for (const d of denominations) {
    const p = parsePieces(counts[d.id]);
    if ('problem' in p) {
      problems[d.id] = p.problem;
      continue;
    }
    counted = counted.plus(lineSum(d, p.pieces));
    pieces += p.pieces;
  }
  return { counted, problems, pieces };
}

export type Balance = 'exact' | 'surplus' | 'shortage';

/** Counted less expected: positive is more cash than the till expects, negative is cash missing. */
export function drawerDifference(counted: Dec, expected: Dec | string): { difference: Dec; balance: Balance } {
  const difference = counted.minus(expected);
  return { difference, balance: difference.isZero() ? 'exact' : difference.isPositive() ? 'surplus' : 'shortage' };
}
