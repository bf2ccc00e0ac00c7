/**
 * The demo's stock: incoming invoices from the suppliers over the last two months, each line a
 * FIFO batch (main storage and branches 1..2), plus an inventory count waiting to be posted and
 * a supplier import waiting to be confirmed.
 */
import type { Db } from '../../../shared-node/sql/db.js';
import { markupOf } from '../catalog/nakl/pricing.js';
import { naklSql } from '../catalog/nakl/statements.js';
import { receiveBatch } from '../catalog/stock/fifo.js';
import { D, fromDb, toDb } from '../decimal.js';
import { SUPPLIERS } from './catalog-data.js';
import type { SeededProduct } from './catalog-goods.js';
import { seedSql } from './catalog-statements.js';
import type { Prng } from './prng.js';

export interface Clock {
  /** Shop-local date this many days ago. */
  day(daysAgo: number): string;
  /** Shop-local date-time with offset this many days ago. */
  at(daysAgo: number): string;
}

/** Main-storage deliveries, days ago; branches get one delivery each. */
const MAIN_DELIVERIES = [56, 42, 28, 14, 5];
const BRANCH_DELIVERY: Record<number, number> = { 1: 20, 2: 12 };
/** The coffee and tea importer bills in euros. */
const EURO_SUPPLIER = 12;
const EURO_RATE = 45_200_000;

export function seedDeliveries(db: Db, rnd: Prng, goods: readonly SeededProduct[], clock: Clock): void {
  const n = naklSql(db);
  const s = seedSql(db);
  const invoices = new Map<string, string>();
  const counters: Record<number, number> = { 0: 0, 1: 0, 2: 0 };
  const invoiceFor = (sk: number, supplier: number, daysAgo: number) => {
    const key = `${sk}/${supplier}/${daysAgo}`;
    let nn = invoices.get(key);
    if (!nn) {
      counters[sk] = (counters[sk] ?? 0) + 1;
      nn = `${sk === 0 ? 'П' : `Ф${sk}`}-${String(counters[sk]).padStart(4, '0')}`;
      n.createInvoice.run({ nn, kind: 'incoming', created_at: clock.at(daysAgo), received_on: clock.day(daysAgo) });
      s.invoiceOrigin.run(sk, SUPPLIERS[supplier]?.name ?? '', nn);
      if (supplier === EURO_SUPPLIER) n.setInvoiceCurrency.run('EUR', EURO_RATE, nn);
      invoices.set(key, nn);
    }
    return nn;
  };

  const deliver = (p: SeededProduct, sk: number, daysAgo: number, cost: number) => {
    const supplier = p.family.supplier;
    const nn = invoiceFor(sk, supplier, daysAgo);
    // Weighted goods arrive by the kilogram with grams; the rest by the piece.
    const quantity = p.family.weighted ? rnd.int(2000, 25000) : rnd.int(6, 48) * 1000;
    const euro = supplier === EURO_SUPPLIER;
    const batchId = receiveBatch(db, {
      code: p.code,
      sk,
      documentNumber: nn,
      unitCost: fromDb(cost, 'cur'),
      quantity: fromDb(quantity, 'unit'),
      receivedOn: clock.day(daysAgo),
      fiscal: rnd.chance(75),
    });
    n.putLine.run({
      nn,
      code: p.code,
      quantity,
      price: p.price,
      cost,
      markup: markupOf(p.price, cost),
      currency: euro ? 'EUR' : 'UAH',
      rate: euro ? EURO_RATE : 1_000_000,
      currency_cost: euro ? toDb(fromDb(cost, 'cur').div(fromDb(EURO_RATE, 'ratio')), 'cur') : cost,
      batch_id: batchId,
    });
  };

  for (const p of goods) {
    // A few new cards have had no delivery yet.
    if (rnd.chance(3)) continue;
    const days = MAIN_DELIVERIES.filter(() => rnd.chance(45));
    if (days.length === 0) days.push(rnd.pick(MAIN_DELIVERIES));
    // Older deliveries were a little cheaper or dearer; the latest is the card's cost.
    days.forEach((d, i) => {
      deliver(p, 0, d, i === days.length - 1 ? p.cost : wobble(rnd, p.cost));
    });
    if (rnd.chance(30)) deliver(p, 1, BRANCH_DELIVERY[1] as number, p.cost);
    if (rnd.chance(15)) deliver(p, 2, BRANCH_DELIVERY[2] as number, p.cost);
  }
}

/** A cost up to 6 % either way, to the kopeck. */
const wobble = (rnd: Prng, cost: number) => Math.round((cost * rnd.int(94, 106)) / 10_000) * 100;

/** An inventory count of a few shelves, counted but not yet posted (renew_inventory_rest has work). */
export function seedInventoryCount(db: Db, rnd: Prng, goods: readonly SeededProduct[], clock: Clock): void {
  const n = naklSql(db);
  const nn = 'ІНВ-0001';
  n.createInvoice.run({ nn, kind: 'inventory', created_at: clock.at(1), received_on: clock.day(1) });
  const counted = new Set<string>();
  for (let i = 0; i < Math.min(8, goods.length); i++) {
    const p = rnd.pick(goods);
    if (counted.has(p.code)) continue;
    counted.add(p.code);
    const stock = n.stockOf.get(p.code, 0)?.quantity ?? 0;
    const quantity = Math.max(0, stock + (rnd.chance(50) ? 0 : rnd.int(-2, 2) * 1000));
    n.putLine.run({
      nn,
      code: p.code,
      quantity,
      price: p.price,
      cost: p.cost,
      markup: markupOf(p.price, p.cost),
      currency: 'UAH',
      rate: 1_000_000,
      currency_cost: p.cost,
      batch_id: null,
    });
  }
}

/** A supplier's new price list staged for the next oil delivery, some prices changed. */
export function seedPendingImport(db: Db, rnd: Prng, goods: readonly SeededProduct[], clock: Clock, user: string): void {
  const n = naklSql(db);
  const oil = goods.filter((p) => p.family.supplier === 4).slice(0, 6);
  if (oil.length === 0) return;
  n.createImport.run({ temp_nn: 'TMP-0001', nn: 'П-НОВА', created_at: clock.at(0), user });
  for (const p of oil) {
    const dearer = rnd.chance(50);
    const cost = dearer ? toDb(fromDb(p.cost, 'cur').mul(new D('1.08')).toDecimalPlaces(2), 'cur') : p.cost;
    n.putImportLine.run({
      temp_nn: 'TMP-0001',
      code: p.code,
      quantity: rnd.int(12, 36) * 1000,
      price: dearer ? toDb(fromDb(p.price, 'cur').mul(new D('1.08')).toDecimalPlaces(1), 'cur') : p.price,
      cost,
      currency: 'UAH',
      rate: 1_000_000,
      currency_cost: cost,
    });
  }
}
