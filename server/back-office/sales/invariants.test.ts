/**
 * Whatever a till does, in whatever order, the books add up: every cash box equals the sum of its
 * movements, every card's debt its open debt rows and its bonus its ledger, every receipt's
 * payments (less the cash rounding) and lines its total, and stock the sum of its batches. And
 * the fiscal registers stay whole: numbers without a gap, each document chained to the one
 * before, every drawer movement on its document, every Z-report equal to its shift's documents,
 * whatever the tax server's connection does. A refused operation changes nothing at all.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ParamsOf } from '../../../shared/contract/index.js';
import { simulatedFiscalServer } from '../../dps/simulator/simulator.js';
import { BusinessRefusal } from '../../upstream/upstream.js';
import { D, dec, fmt, toKopecks } from '../decimal.js';
import { fiscalBreaches, NO_FISCAL_BREACHES } from './testing/fiscal-invariants.js';
import { invariantBreaches, NO_BREACHES } from './testing/invariants.js';
import { addCard, BREAD, CHEESE, CIGARETTES, MILK, managerConfirmation, type Shop, standardShop, VODKA } from './testing/shop.js';
import { snapshot } from './testing/snapshot.js';
import { sendToTaxServer } from './testing/tax-server.js';

const PRODUCTS = [
  { code: BREAD, price: '25.50', excise: false, weighted: false },
  { code: MILK, price: '42.00', excise: false, weighted: false },
  { code: VODKA, price: '180.00', excise: true, weighted: false },
  { code: CIGARETTES, price: '95.00', excise: true, weighted: false },
  { code: CHEESE, price: '420.00', excise: false, weighted: true },
] as const;
const CARDS = ['CARD-A', 'CARD-B'] as const;

const line = fc.record({
  product: fc.nat({ max: PRODUCTS.length - 1 }),
  qty: fc.integer({ min: 1, max: 4 }),
  discount: fc.constantFrom(0, 5, 10),
});
const sale = fc.record({
  kind: fc.constant('sale' as const),
  lines: fc.array(line, { minLength: 1, maxLength: 3 }),
  pay: fc.constantFrom('nal', 'bn', 'debt', 'bonus', 'cert', 'mixed'),
  card: fc.nat({ max: 1 }),
  overpay: fc.integer({ min: 0, max: 3 }),
  kasm: fc.constantFrom(1, 2),
  // Now and then a payment a kopeck short: the refusal must leave no trace.
  short: fc.nat({ max: 9 }).map((n) => n === 0),
});
const payCash = fc.record({
  kind: fc.constant('payCash' as const),
  card: fc.nat({ max: 1 }),
  amount: fc.option(fc.integer({ min: 1, max: 400 })),
});
const payBonus = fc.record({
  kind: fc.constant('payBonus' as const),
  card: fc.nat({ max: 1 }),
  amount: fc.option(fc.integer({ min: 1, max: 50 })),
});
const simulate = fc.record({ kind: fc.constant('simulate' as const) });
const outage = fc.record({ kind: fc.constant('outage' as const), reachable: fc.boolean() });
const serviceCash = fc.record({
  kind: fc.constantFrom('deposit' as const, 'withdraw' as const),
  kasm: fc.constantFrom(1, 2),
  amount: fc.integer({ min: 1, max: 300 }),
});
const giveBack = fc.record({
  kind: fc.constant('return' as const),
  kasm: fc.constantFrom(1, 2),
  back: fc.nat({ max: 3 }),
  qty: fc.integer({ min: 1, max: 2 }),
});
const closeShift = fc.record({ kind: fc.constant('closeShift' as const), kasm: fc.constantFrom(1, 2) });
const operation = fc.oneof(
  { arbitrary: sale, weight: 6 },
  { arbitrary: payCash, weight: 2 },
  { arbitrary: payBonus, weight: 1 },
  { arbitrary: simulate, weight: 2 },
  { arbitrary: outage, weight: 1 },
  { arbitrary: serviceCash, weight: 1 },
  { arbitrary: giveBack, weight: 2 },
  { arbitrary: closeShift, weight: 1 },
);
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

type Close = ParamsOf<'pos.checkout_close_sale'>;

function closeParams(op: Extract<Operation, { kind: 'sale' }>, stamp: () => string): Close {
  const rows: Close['rows'] = op.lines.map((l) => {
    const p = PRODUCTS[l.product] ?? PRODUCTS[0];
    const quant = p.weighted ? dec(l.qty).mul('0.125') : dec(l.qty);
    const gross = toKopecks(quant.mul(p.price));
    // Goods that take no discount get one only now and then, to be refused.
    const percent = p.code === CIGARETTES && l.qty > 1 ? 0 : l.discount;
    const discount = toKopecks(gross.mul(percent).div(100));
    return {
      code: p.code,
      quant: quant.toFixed(3),
      price: p.price,
      discount: fmt(discount),
      sum: fmt(gross.minus(discount)),
      ...(p.excise ? { excise_marks: Array.from({ length: l.qty }, stamp) } : {}),
    };
  });
  const total = rows.reduce((s, r) => s.plus(r.sum), new D(0));
  const paid = op.short ? total.minus('0.01') : total;
  const card = CARDS[op.card] ?? CARDS[0];
  const third = toKopecks(paid.div(3));
  const bonus = D.min(paid, dec('10.00'));
  let payments: Close['payments'];
  let cashPart: D | undefined;
  if (op.pay === 'mixed') {
    cashPart = third;
    payments = [
      { type: 'nal', amount: fmt(third) },
      { type: 'debt', amount: fmt(third), card },
      { type: 'bn', amount: fmt(paid.minus(third).minus(third)) },
    ];
  } else if (op.pay === 'bonus') {
    cashPart = paid.minus(bonus);
    payments = [
      { type: 'bonus', amount: fmt(bonus), card },
      ...(cashPart.gt(0) ? [{ type: 'nal' as const, amount: fmt(cashPart) }] : []),
    ];
  } else {
    cashPart = op.pay === 'nal' ? paid : undefined;
    payments = [
      { type: op.pay, amount: fmt(paid), card: op.pay === 'debt' ? card : '', cert_number: op.pay === 'cert' ? stamp() : '' },
    ];
  }
  return { kasm: op.kasm, rows, payments, ...(cashPart?.gt(0) ? { nal: fmt(cashPart.plus(op.overpay)) } : {}) };
}

const CASHIER = 1;

function run(shop: Shop, op: Operation, stamp: () => string): void {
  switch (op.kind) {
    case 'sale': {
      const params = closeParams(op, stamp);
      for (const p of params.payments) {
        if (p.type === 'cert') shop.call('pos.certificate_issue', { number: p.cert_number ?? '', amount: p.amount });
      }
      shop.call('pos.checkout_close_sale', params);
      return;
    }
    case 'deposit':
    case 'withdraw':
      if (op.kind === 'deposit') shop.call('pos.cash_deposit', { kasm: op.kasm, amount: `${op.amount}.00` });
      else {
        const confirmation = managerConfirmation(shop, 'cash_withdrawal', op.kasm);
        shop.call('pos.cash_withdrawal', { kasm: op.kasm, amount: `${op.amount}.00`, comment: 'Інкасація', confirmation });
      }
      return;
    case 'return': {
      const last = shop.db.prepare('SELECT max(check_number) FROM receipts').pluck().get() as number | null;
      if (!last || last - op.back < 1) return;
      shop.call('pos.checkout_return', {
        check_number: last - op.back,
        kasm: op.kasm,
        rows: [{ line_no: 1, quant: String(op.qty) }],
      });
      return;
    }
    case 'closeShift':
      shop.call('pos.shift_close', { kasm: op.kasm });
      shop.call('pos.shift_open', { kasm: op.kasm, cashier: CASHIER, float: '100.00' });
      return;
    case 'outage':
      simulatedFiscalServer(shop.db).setReachable(op.reachable);
      return;
    case 'payCash':
      shop.call('pos.debt_pay_cash', {
        akas: 'KAS2',
        card: CARDS[op.card] ?? '',
        ...(op.amount ? { amount: `${op.amount}.00` } : {}),
      });
      return;
    case 'payBonus':
      shop.call('pos.debt_pay_bonus', { card: CARDS[op.card] ?? '', ...(op.amount ? { amount: `${op.amount}.00` } : {}) });
      return;
    case 'simulate':
      sendToTaxServer(shop.db, new Date('2025-03-14T10:00:00Z'));
      return;
  }
}

describe('bookkeeping invariants', () => {
  it('hold after any sequence of sales, returns, repayments, service cash, shifts and fiscal sends, and a refusal changes nothing', () => {
    fc.assert(
      fc.property(fc.array(operation, { minLength: 1, maxLength: 25 }), (ops) => {
        const shop = standardShop();
        try {
          addCard(shop, { code: 'CARD-A', maxdolg: '3000', bonus: '30', bonusPercent: '3' });
          addCard(shop, { code: 'CARD-B', maxdolg: '1000' });
          let serial = 0;
          const stamp = () => `FCXX000000 ${String(++serial).padStart(10, '0')}`;
          for (const op of ops) {
            // A till closes its shift after the queue went out (when the tax server answers).
            if (op.kind === 'closeShift') sendToTaxServer(shop.db, new Date('2025-03-14T10:00:00Z'));
            const before = snapshot(shop.db);
            try {
              run(shop, op, stamp);
            } catch (err) {
              if (!(err instanceof BusinessRefusal)) throw err;
              expect(snapshot(shop.db)).toEqual(before);
            }
            expect(invariantBreaches(shop.db)).toEqual(NO_BREACHES);
          }
          expect(fiscalBreaches(shop.db)).toEqual(NO_FISCAL_BREACHES);
        } finally {
          shop.close();
        }
      }),
      { numRuns: 40 },
    );
    // 40 shops of up to 25 writes, each write snapshotting the books twice: on PostgreSQL every
    // statement is a round trip, and the whole runs near the suite's 30 s on a quiet machine.
  }, 120_000);
});
