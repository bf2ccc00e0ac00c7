/**
 * Taxes of a fiscal document by letter (shared/fiscal/choices.ts, "taxes"): every product names
 * its letters; excise (and any other non-VAT tax) is taken out of the amount first, per letter,
 * and VAT is computed on what remains, per letter. The amount taxed is the money the document
 * moves for the line: the line sum for a receipt paid in full, its share of a partial payment.
 */
import type { Db } from '../../../../../shared-node/sql/db.js';
import { refuse } from '../../../../upstream/upstream.js';
import { D, fromDb, toKopecks } from '../../../decimal.js';
import { sum, ZERO } from '../money.js';
import { fiscalSql } from './statements.js';

export const TAX_TYPE = { vat: 0, excise: 1, pension: 2 } as const;

export interface TaxRate {
  readonly letter: string;
  readonly type: number;
  readonly name: string;
  /** Percent, e.g. 20. */
  readonly prc: D;
}

export interface TaxRow {
  readonly type: number;
  readonly name: string;
  readonly letter: string;
  readonly prc: D;
  /** Line costs before discount. */
  readonly turnover: D;
  /** The amount the tax is computed on. */
  readonly source: D;
  readonly sum: D;
}

export interface TaxedLine {
  /** The letters that apply (already resolved by lettersFor). */
  readonly letters: string;
  readonly cost: D;
  /** The money of the document for this line. */
  readonly base: D;
}

export interface TaxTable {
  readonly rates: ReadonlyMap<string, TaxRate>;
  readonly vatPayer: boolean;
  readonly defaultLetters: string;
}

export function taxTable(db: Db, vatPayer: boolean): TaxTable {
  const rows = fiscalSql(db).taxTable.all();
  const rates = new Map<string, TaxRate>();
  for (const r of rows) {
    if (r.letter === null) continue;
    rates.set(r.letter, { letter: r.letter, type: r.type, name: r.name, prc: fromDb(r.prc, 'pct') });
  }
  return { rates, vatPayer, defaultLetters: rows[0]?.default_letters ?? '' };
}

/**
 * The letters a product is printed with: its own or the shop default, each a configured rate.
 * A seller that is not a VAT payer prints no VAT letters.
 */
export function lettersFor(t: TaxTable, code: string, own: string, path: string): string {
  const letters = own === '' ? t.defaultLetters : own;
  let out = '';
  for (const letter of letters) {
    const rate = t.rates.get(letter);
    if (!rate) throw refuse(path, 'tax.letter_unknown', { code, letter });
    if (rate.type === TAX_TYPE.vat && !t.vatPayer) continue;
    out += letter;
  }
  return out;
}

const taxIn = (amount: D, prc: D): D => toKopecks(amount.mul(prc).div(prc.plus(100)));

export function taxRows(t: TaxTable, lines: readonly TaxedLine[]): TaxRow[] {
  const acc = new Map<string, { turnover: D; source: D }>();
  const add = (letter: string, turnover: D, source: D) => {
    const a = acc.get(letter) ?? { turnover: ZERO, source: ZERO };
    acc.set(letter, { turnover: a.turnover.plus(turnover), source: a.source.plus(source) });
  };
  const ratesOf = lines.map((line) => [...line.letters].map((l) => t.rates.get(l) as TaxRate));
  // Excise (any non-VAT tax) per letter on the letter's whole amount, as the tax server checks it,
  // then shared back over its lines so each line's VAT is computed on what the excise left.
  lines.forEach((line, i) => {
    for (const r of ratesOf[i] ?? []) if (r.type !== TAX_TYPE.vat) add(r.letter, line.cost, line.base);
  });
  const exciseOfLine = lines.map(() => ZERO);
  for (const [letter, a] of acc) {
    const rate = t.rates.get(letter) as TaxRate;
    const members = lines.flatMap((line, i) => (line.letters.includes(letter) ? [i] : []));
    const shares = allocate(
      taxIn(a.source, rate.prc),
      members.map((i) => (lines[i] as TaxedLine).base),
    );
    members.forEach((i, k) => {
      exciseOfLine[i] = (exciseOfLine[i] as D).plus(shares[k] as D);
    });
  }
  lines.forEach((line, i) => {
    const vatSource = line.base.minus(exciseOfLine[i] as D);
    for (const r of ratesOf[i] ?? []) if (r.type === TAX_TYPE.vat) add(r.letter, line.cost, vatSource);
  });
  return [...acc]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([letter, a]) => {
      const rate = t.rates.get(letter) as TaxRate;
      return {
        type: rate.type,
        name: rate.name,
        letter,
        prc: rate.prc,
        turnover: a.turnover,
        source: a.source,
        sum: taxIn(a.source, rate.prc),
      };
    });
}

/**
 * Shares an amount over lines in proportion to their weights, in whole kopecks, the remainder
 * going to the largest shares first so the parts always add up to the amount.
 */
export function allocate(amount: D, weights: readonly D[]): D[] {
  const total = sum(weights);
  if (total.isZero()) return weights.map((_, i) => (i === 0 ? amount : ZERO));
  const exact = weights.map((w) => amount.mul(w).div(total));
  const floors = exact.map((x) => x.toDecimalPlaces(2, D.ROUND_DOWN));
  let rest = amount.minus(sum(floors)).mul(100).toNumber();
  const order = exact.map((x, i) => ({ i, frac: x.minus(floors[i] as D) })).sort((a, b) => b.frac.cmp(a.frac) || a.i - b.i);
  const out = [...floors];
  for (const { i } of order) {
    if (rest <= 0) break;
    out[i] = (out[i] as D).plus('0.01');
    rest--;
  }
  return out;
}
