/**
 * What a return takes back and pays back, checked before anything is written: each line no more
 * than was sold less earlier returns (excise goods with the stamps of the units returned), at the
 * receipt's prices; the money by the receipt's own forms in the order debt, bonus, certificate,
 * card, cash (shared/fiscal/choices.ts, "returns"), each up to what it paid less earlier returns,
 * the cash part rounded.
 */

import type { op, ParsedParamsOf } from '../../../../shared/contract/index.js';
import type { Db } from '../../../../shared-node/sql/db.js';
import { refuse } from '../../../upstream/upstream.js';
import { D, dec, fmt, fromDb, toKopecks } from '../../decimal.js';
import { roundCash } from '../kernel/fiscal/rounding.js';
import { sum, ZERO } from '../kernel/money.js';
import { type ReceiptHead, returnSql, type SoldLine } from '../kernel/returns/statements.js';

type Params = ParsedParamsOf<typeof op.pos.checkoutReturn>;

export type RefundForm = 'debt' | 'bonus' | 'cert' | 'bn' | 'nal';
const ORDER: readonly RefundForm[] = ['debt', 'bonus', 'cert', 'bn', 'nal'];

export interface ReturnLine {
  readonly line: SoldLine;
  readonly quantity: D;
  readonly price: D;
  readonly discount: D;
  readonly sum: D;
  readonly stamps: readonly { id: number; mark: string }[];
}

export interface ReturnPlan {
  readonly receipt: ReceiptHead;
  readonly lines: readonly ReturnLine[];
  readonly total: D;
  /** Money paid back by form; the cash amount is the rounded one. */
  readonly refunds: ReadonlyMap<RefundForm, D>;
  /** RNDSUM of the cash paid back: the exact cash part less the rounded one. */
  readonly rounding: D;
}

function readLine(sold: SoldLine, r: Params['rows'][number], path: string): ReturnLine {
  const quantity = dec(r.quant);
  const soldQty = fromDb(sold.quantity, 'unit');
  const returned = fromDb(sold.returned, 'unit');
  const left = soldQty.minus(returned);
  if (quantity.gt(left)) {
    throw refuse(`${path}.quant`, 'return.too_much', {
      line_no: sold.line_no,
      code: sold.code,
      sold: fmt(soldQty, 'unit'),
      returned: fmt(returned, 'unit'),
      asked: fmt(quantity, 'unit'),
    });
  }
  if (sold.excise_input !== 0 && !quantity.isInteger()) {
    throw refuse(`${path}.quant`, 'return.excise_whole_units', { code: sold.code, asked: fmt(quantity, 'unit') });
  }
  const price = fromDb(sold.price, 'cur');
  // The last units pay back what is left of the line, so the line never pays back more than it took.
  const whole = quantity.eq(left);
  const lineSum = fromDb(sold.sum, 'cur');
  const lineDiscount = fromDb(sold.discount, 'cur');
  const sumBack = whole ? lineSum.minus(fromDb(sold.returned_sum, 'cur')) : toKopecks(lineSum.mul(quantity).div(soldQty));
  const discount = whole
    ? lineDiscount.minus(fromDb(sold.returned_discount, 'cur'))
    : D.max(ZERO, toKopecks(quantity.mul(price)).minus(sumBack));
  return { line: sold, quantity, price, discount, sum: sumBack, stamps: [] };
}

/** The stamps of the units returned: those named, or the last ones sold on the line. */
function pickStamps(
  db: Db,
  sold: SoldLine,
  marks: readonly string[],
  units: number,
  path: string,
): { id: number; mark: string }[] {
  const bound = returnSql(db).boundStamps.all(sold.id);
  if (marks.length === 0) return bound.slice(0, units);
  const picked = marks.map((m) => {
    const s = bound.find((b) => b.mark === m.trim());
    if (!s) throw refuse(`${path}.excise_marks`, 'return.stamp_not_sold', { mark: m, line_no: sold.line_no });
    return s;
  });
  if (picked.length !== units) {
    throw refuse(`${path}.excise_marks`, 'return.stamps_count', { line_no: sold.line_no, units, given: picked.length });
  }
  return picked;
}

export function planReturn(db: Db, p: Params, step: D): ReturnPlan {
  const sql = returnSql(db);
  const receipt = sql.receipt.get(p.check_number);
  if (!receipt) throw refuse('params.check_number', 'return.no_receipt', { check_number: p.check_number });
  const sold = sql.lines.all(p.check_number);
  const seen = new Set<number>();
  const lines = p.rows.map((r, i) => {
    const path = `params.rows[${i}]`;
    if (seen.has(r.line_no)) throw refuse(`${path}.line_no`, 'return.line_twice', { line_no: r.line_no });
    seen.add(r.line_no);
    const line = sold.find((l) => l.line_no === r.line_no);
    if (!line) throw refuse(`${path}.line_no`, 'return.no_line', { check_number: p.check_number, line_no: r.line_no });
    const planned = readLine(line, r, path);
    if (line.excise_input === 0) {
      if (r.excise_marks.length > 0) throw refuse(`${path}.excise_marks`, 'return.no_stamps_on_line', { line_no: r.line_no });
      return planned;
    }
    return { ...planned, stamps: pickStamps(db, line, r.excise_marks, planned.quantity.toNumber(), path) };
  });
  const total = sum(lines.map((l) => l.sum));
  const capacity = new Map<RefundForm, D>(ORDER.map((f) => [f, ZERO]));
  for (const x of sql.paidByForm.all(p.check_number)) capacity.set(x.type as RefundForm, fromDb(x.amount, 'cur'));
  for (const x of sql.refundedByForm.all(p.check_number)) {
    const f = x.type as RefundForm;
    capacity.set(f, (capacity.get(f) ?? ZERO).minus(fromDb(x.amount, 'cur')));
  }
  // Debt repaid since the sale came in as money: it is paid back in cash, not taken off the card.
  const debt = sql.debtOfReceipt.get(p.check_number);
  if (debt) {
    const open = fromDb(debt.amount - debt.repaid, 'cur');
    const repaid = fromDb(debt.repaid, 'cur');
    capacity.set('debt', D.min(capacity.get('debt') ?? ZERO, open));
    capacity.set('nal', (capacity.get('nal') ?? ZERO).plus(repaid));
  }
  const refunds = new Map<RefundForm, D>();
  let rest = total;
  for (const f of ORDER) {
    const part = D.min(rest, D.max(ZERO, capacity.get(f) ?? ZERO));
    if (part.gt(0)) refunds.set(f, part);
    rest = rest.minus(part);
  }
  // The cash part is rounded, but never pays back more cash than the receipt took (less earlier
  // returns): what the sale's own rounding kept stays kept, as this document's RNDSUM.
  const cashExact = total.minus(sum(ORDER.filter((f) => f !== 'nal').map((f) => refunds.get(f) ?? ZERO)));
  const cash = D.min(roundCash(refunds.get('nal') ?? ZERO, step), D.max(ZERO, capacity.get('nal') ?? ZERO));
  if (cash.isZero()) refunds.delete('nal');
  else refunds.set('nal', cash);
  return { receipt, lines, total, refunds, rounding: cashExact.minus(cash) };
}
