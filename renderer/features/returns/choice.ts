/**
 * The cashier's choice of what goes back: a quantity typed per line and, for excise goods, the
 * stamps of the units returned. Checked here, before anything is sent, in the words the screen
 * shows: never more than the line's returnable quantity, whole units for goods by the piece and
 * for excise goods (one stamp a unit), and as many stamps as units.
 */

import type { ParamsOf, ResultRowOf } from '../../../shared/contract/index.js';
import type { op } from '../../../shared/contract/op.js';
import { type Dec, parseAmount } from '../../money/money.js';

export type ReturnableRow = ResultRowOf<typeof op.pos.checkoutReturnable>;

export interface LineChoice {
  /** The quantity as typed ('' for none). */
  readonly text: string;
  /** The stamps ticked; null: the default, the last ones sold. */
  readonly stamps: readonly string[] | null;
}

export type LineProblem =
  | { readonly kind: 'number' }
  | { readonly kind: 'tooMuch'; readonly left: string }
  | { readonly kind: 'whole' }
  | { readonly kind: 'stamps'; readonly count: number };

export interface CheckedLine {
  readonly quantity: Dec | undefined;
  readonly stamps: readonly string[];
  readonly problem: LineProblem | undefined;
}

/** The stamps still sold on a line, oldest first, as pos.checkout_returnable lists them. */
export const stampsOf = (l: ReturnableRow): string[] =>
  l.excise_marks
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');

export const isExcise = (l: ReturnableRow): boolean => stampsOf(l).length > 0;

/** Goods by the piece, and excise goods, go back in whole units. */
const wholeUnits = (l: ReturnableRow): boolean => isExcise(l) || l.unit_type === 'шт';

/** The default stamps of `units` returned: the last ones sold, as the back office takes them. */
export function defaultStamps(l: ReturnableRow, units: number): string[] {
  const all = stampsOf(l);
  return units <= 0 ? [] : all.slice(Math.max(0, all.length - units));
}

export function checkLine(l: ReturnableRow, c: LineChoice | undefined): CheckedLine {
  const text = c?.text.trim() ?? '';
  if (text === '') return { quantity: undefined, stamps: [], problem: undefined };
  const q = parseAmount(text);
  if (!q || q.isNegative() || q.decimalPlaces() > 3) return { quantity: undefined, stamps: [], problem: { kind: 'number' } };
  if (q.isZero()) return { quantity: undefined, stamps: [], problem: undefined };
  if (q.gt(l.returnable)) return { quantity: q, stamps: [], problem: { kind: 'tooMuch', left: l.returnable } };
  if (wholeUnits(l) && !q.isInteger()) return { quantity: q, stamps: [], problem: { kind: 'whole' } };
  if (!isExcise(l)) return { quantity: q, stamps: [], problem: undefined };
  const units = q.toNumber();
  const stamps = c?.stamps ?? defaultStamps(l, units);
  return { quantity: q, stamps, problem: stamps.length === units ? undefined : { kind: 'stamps', count: units } };
}

export interface CheckedChoice {
  readonly lines: ReadonlyMap<string, CheckedLine>;
  /** The rows pos.checkout_return takes; only when nothing is wrong and something is chosen. */
  readonly rows: ParamsOf<typeof op.pos.checkoutReturn>['rows'] | undefined;
  readonly quantities: ReadonlyMap<string, Dec>;
}

export function checkChoice(lines: readonly ReturnableRow[], choices: ReadonlyMap<string, LineChoice>): CheckedChoice {
  const checked = new Map(lines.map((l) => [l.line_no, checkLine(l, choices.get(l.line_no))]));
  const quantities = new Map<string, Dec>();
  for (const [no, c] of checked) if (c.quantity && !c.problem) quantities.set(no, c.quantity);
  const wrong = [...checked.values()].some((c) => c.problem);
  const rows = lines.flatMap((l) => {
    const c = checked.get(l.line_no);
    if (!c?.quantity || c.problem) return [];
    return [{ line_no: Number(l.line_no), quant: c.quantity.toFixed(), ...(isExcise(l) ? { excise_marks: [...c.stamps] } : {}) }];
  });
  return { lines: checked, quantities, rows: wrong || rows.length === 0 ? undefined : rows };
}
