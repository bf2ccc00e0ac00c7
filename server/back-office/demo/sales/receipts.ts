/**
 * Receipts of the demo shop, rung up the way a till does it: lines priced by
 * checkout_apply_sale_line (card and action discounts), excise stamps scanned, then closed by
 * checkout_close_sale, so stock, cash, debt, bonus and the PRRO queue follow the real rules.
 */

import type { ParamsOf } from '../../../../shared/contract/index.js';
import { op } from '../../../../shared/contract/index.js';
import type { Db } from '../../../../shared-node/sql/db.js';
import { D, dec, fmt, fromDb } from '../../decimal.js';
import { invoke } from '../../operations.js';
import { lookupCard } from '../../sales/cards/cards.js';
import { sum } from '../../sales/kernel/money.js';
import type { Prng } from '../prng.js';
import type { DemoCards } from './cards.js';
import { contextAt } from './clock.js';
import { firstRow } from './first-row.js';
import { demoSql, type StockedGoods } from './statements.js';

type Rows = ParamsOf<typeof op.pos.checkoutCloseSale>['rows'];
type Payments = ParamsOf<typeof op.pos.checkoutCloseSale>['payments'];

export interface Sale {
  readonly checkNumber: number;
  readonly total: D;
}

interface Pick {
  readonly goods: StockedGoods;
  readonly quantity: number;
}

export class DemoTill {
  private readonly shelf: StockedGoods[];
  /** Stock left per product (×10^3), so the demo never sells what the shop does not have. */
  private readonly left = new Map<string, number>();
  private readonly consultants: number[];
  private docSeq = 0;
  private stampSeq = 0;
  private certSeq = 0;

  constructor(
    private readonly db: Db,
    private readonly rnd: Prng,
    private readonly cards: DemoCards,
  ) {
    this.shelf = demoSql(db).stocked.all();
    for (const g of this.shelf) this.left.set(g.code, g.quantity);
    this.consultants = demoSql(db).consultants.all();
  }

  private pickLines(): Pick[] {
    const picks: Pick[] = [];
    const wanted = this.rnd.int(1, 5);
    for (let tries = 0; picks.length < wanted && tries < wanted * 4; tries++) {
      const goods = this.rnd.pick(this.shelf);
      if (picks.some((p) => p.goods.code === goods.code)) continue;
      const quantity = goods.weighted
        ? this.rnd.int(200, 1500)
        : goods.excise_input
          ? this.rnd.chance(80)
            ? 1000
            : 2000
          : this.rnd.int(1, 3) * 1000;
      const left = this.left.get(goods.code) ?? 0;
      if (left < quantity) continue;
      this.left.set(goods.code, left - quantity);
      picks.push({ goods, quantity });
    }
    return picks;
  }

  private payments(total: D, card: string, ctx: ReturnType<typeof contextAt>): { payments: Payments; nal?: string } {
    const c = lookupCard(this.db, card);
    // Regulars with credit put almost half their shopping on the card, some of it in part.
    if (c?.debtAllowed && c.debt.plus(total).lte(c.debtLimit) && this.rnd.chance(45)) {
      const debt = this.rnd.chance(60) ? total : total.div(2).toDecimalPlaces(0, D.ROUND_DOWN);
      const rest = total.minus(debt);
      if (debt.gt(0))
        return {
          payments: [
            { type: 'debt', amount: fmt(debt), card },
            ...(rest.gt(0) ? [{ type: 'nal' as const, amount: fmt(rest) }] : []),
          ],
        };
    }
    if (c?.bonus.gte(5) && this.rnd.chance(25)) {
      const bonus = D.min(c.bonus.toDecimalPlaces(0, D.ROUND_DOWN), total, dec(50));
      const rest = total.minus(bonus);
      return {
        payments: [
          { type: 'bonus', amount: fmt(bonus), card },
          ...(rest.gt(0) ? [{ type: 'bn' as const, amount: fmt(rest) }] : []),
        ],
      };
    }
    const roll = this.rnd.int(0, 99);
    if (roll < 5 && total.gte(100)) {
      const cert = D.min(total, dec(this.rnd.pick([100, 200, 500]))).toDecimalPlaces(0, D.ROUND_DOWN);
      const rest = total.minus(cert);
      // The certificate was sold some time before and registered then; it is redeemed once.
      const certNumber = `СЕРТ-${String(++this.certSeq).padStart(4, '0')}`;
      invoke(ctx, op.pos.certificateIssue, { number: certNumber, amount: fmt(cert), comment: 'подарунковий сертифікат' });
      return {
        payments: [
          { type: 'cert', amount: fmt(cert), cert_number: certNumber },
          ...(rest.gt(0) ? [{ type: 'nal' as const, amount: fmt(rest) }] : []),
        ],
      };
    }
    if (roll < 45) return { payments: [{ type: 'bn', amount: fmt(total) }] };
    // Cash: the buyer hands over a round sum; the change comes back from it.
    const note = dec(this.rnd.pick([1, 10, 50, 100, 200, 500]));
    const nal = total.div(note).toDecimalPlaces(0, D.ROUND_UP).mul(note);
    return { payments: [{ type: 'nal', amount: fmt(total) }], nal: fmt(nal) };
  }

  /** Rings up and closes one sale at a till; undefined when nothing suitable was left on the shelf. */
  sell(kasm: number, at: Date): Sale | undefined {
    const picks = this.pickLines();
    if (picks.length === 0) return undefined;
    const cashier = demoSql(this.db).cashierOf.get(kasm) ?? `касир ${kasm}`;
    const ctx = contextAt(this.db, cashier, at);
    const ndoc = `${kasm}-${String(++this.docSeq).padStart(6, '0')}`;
    const card = this.rnd.chance(40) ? this.rnd.pick(this.rnd.chance(40) ? this.cards.onCredit : this.cards.all) : '';
    const rows: Rows = [];
    for (const p of picks) {
      const applied = invoke(ctx, op.pos.checkoutApplySaleLine, {
        ndoc,
        kasm,
        code: p.goods.code,
        quant: fmt(fromDb(p.quantity, 'unit'), 'unit'),
        disc_card: card,
      });
      // The card comes with the first scan, so no line is repriced later: the answer is final.
      const line = firstRow<{ quantity: string; price: string; discount: string; sum: string }>(applied);
      for (let u = 0; p.goods.excise_input && u < p.quantity / 1000; u++) {
        invoke(ctx, op.pos.exciseAddMark, { code: this.nextStamp(), etax: true, kasm });
      }
      rows.push({ code: p.goods.code, quant: line.quantity, price: line.price, discount: line.discount, sum: line.sum });
    }
    const total = sum(rows.map((r) => dec(r.sum)));
    const { payments, nal } = this.payments(total, card, ctx);
    const closed = invoke(ctx, op.pos.checkoutCloseSale, {
      kasm,
      ndoc,
      rows,
      payments,
      ...(nal ? { nal } : {}),
      ...(this.rnd.chance(10) && this.consultants.length > 0 ? { consultants: [this.rnd.pick(this.consultants)] } : {}),
    });
    const row = firstRow<{ check_number: string }>(closed);
    return { checkNumber: Number(row.check_number), total };
  }

  /** A sale still being rung up at a till: its lines priced and the buyer's split stored, not closed. */
  ringUp(kasm: number, at: Date, ndoc: string): void {
    const ctx = contextAt(this.db, demoSql(this.db).cashierOf.get(kasm) ?? `касир ${kasm}`, at);
    const lines = this.pickLines().filter((p) => !p.goods.excise_input);
    const sums = lines.map((p) => {
      const applied = invoke(ctx, op.pos.checkoutApplySaleLine, {
        ndoc,
        kasm,
        code: p.goods.code,
        quant: fmt(fromDb(p.quantity, 'unit'), 'unit'),
      });
      return dec(firstRow<{ sum: string }>(applied).sum);
    });
    const total = sum(sums);
    const cash = total.div(2).toDecimalPlaces(0, D.ROUND_DOWN);
    invoke(ctx, op.pos.checkoutStoreMixedPayment, {
      ndoc,
      nal: fmt(cash),
      bn: fmt(total.minus(cash)),
      com1: 'половина карткою',
    });
  }

  /**
   * A bottle whose stamp repeats one sold before: the cashier checked it and let it through on
   * purpose, so the manager's duplicate list has it.
   */
  sellDuplicateStamp(kasm: number, at: Date): void {
    const bottle = this.shelf.find((g) => g.excise_input && (this.left.get(g.code) ?? 0) >= 1000);
    if (!bottle || this.stampSeq === 0) return;
    this.left.set(bottle.code, (this.left.get(bottle.code) ?? 0) - 1000);
    const ctx = contextAt(this.db, demoSql(this.db).cashierOf.get(kasm) ?? `касир ${kasm}`, at);
    invoke(ctx, op.pos.exciseAddMark, { code: stampOf(1), etax: true, kasm, allow_duplicate: true });
    const ndoc = `${kasm}-${String(++this.docSeq).padStart(6, '0')}`;
    const applied = invoke(ctx, op.pos.checkoutApplySaleLine, { ndoc, kasm, code: bottle.code, quant: '1' });
    const line = firstRow<{ quantity: string; price: string; discount: string; sum: string }>(applied);
    invoke(ctx, op.pos.checkoutCloseSale, {
      kasm,
      ndoc,
      rows: [{ code: bottle.code, quant: line.quantity, price: line.price, discount: line.discount, sum: line.sum }],
      payments: [{ type: 'bn', amount: line.sum }],
    });
  }

  nextStamp(): string {
    return stampOf(++this.stampSeq);
  }
}

/**
 * Digital values of excise stamps, unique across the demo, in the format of a real stamp (series of
 * 4 letters and 6 digits, a space, a 10-digit number: shared/excise/stamp-format.ts).
 */
const stampOf = (n: number): string =>
  `AAKZ${String(508_000 + (n % 1000)).padStart(6, '0')} ${String(4_100_000_000 + n * 7919).padStart(10, '0')}`;
