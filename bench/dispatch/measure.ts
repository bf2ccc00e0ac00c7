/**
 * What bench:dispatch measures (bench/dispatch.ts prints it; bench:pg runs the PostgreSQL half for
 * its scale line): CPU of this process per write that makes no fiscal document, on a demo shop with
 * the service's fiscal link and dispatcher (on) against the same shop without (off), rounds
 * alternating, the figure the median of the rounds' on ÷ off. See bench/dispatch.ts for the method.
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ApiKey } from '../../server/auth/keys.js';
import { createBackOffice } from '../../server/back-office/back-office.js';
import { fmtDb } from '../../server/back-office/decimal.js';
import { seedDemo } from '../../server/back-office/demo/index.js';
import { openBackOffice } from '../../server/clients/back-office.js';
import { CLIENT_MIGRATIONS, CLIENT_ROWIDS } from '../../server/clients/store.js';
import { writePerformer } from '../../server/gateway/perform-write.js';
import type { BackOfficePort } from '../../server/gateway/types.js';
import { IdempotencyStore } from '../../server/idempotency/store.js';
import {
  findOperation,
  type OperationSpec,
  op as ops,
  PRRO,
  type RpcResult,
  validateParams,
} from '../../shared/contract/index.js';
import { silentLogger } from '../../shared-node/log/logger.js';
import { openMigrated } from '../../shared-node/pg/migrate.js';
import { parsePgUrl } from '../../shared-node/pg/url.js';
import { type Db, dialectOf } from '../../shared-node/sql/db.js';
import { idleCheckpoint } from '../../shared-node/sqlite/idle-checkpoint.js';
import type { Db as SqliteDb } from '../../shared-node/sqlite/open.js';
import { sellableGoods, stockToLast } from '../demo-stock.js';
import { StatementTap } from '../pg/measure.js';

const performWrite = writePerformer(30_000);
const KEY: ApiKey = { id: 'bench', name: 'bench', scopes: 'all', client: '' };
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface Shop {
  readonly db: Db;
  readonly port: BackOfficePort;
  /** Whether the shop sends its documents (on): a sale is timed until its document is accepted. */
  readonly sends: boolean;
  readonly goods: readonly { code: string; price: number }[];
  close(): Promise<void>;
}

/** How much each measurement does. */
export interface DispatchSizes {
  /** Non-fiscal writes per round. */
  readonly writes: number;
  /** Sales per round (the contrast). */
  readonly sales: number;
  /** Rounds per configuration, alternating on/off. */
  readonly rounds: number;
  /** Goods in each demo shop. */
  readonly goods: number;
}

/** The target: a non-fiscal write's CPU with the dispatcher on within 10 % of it off. */
export const DISPATCH_TARGET = 1.1;

/** A demo shop stocked to last, in a database the caller opened (and migrated). */
function seeded(db: Db, goods: number) {
  seedDemo(db, { goods });
  stockToLast(db);
  return sellableGoods(db, 200, 'code');
}

/** The same shop with the service's fiscal link and dispatcher (on) or without (off). */
export function shopOf(db: Db, fiscal: boolean, goodsCount: number): Shop {
  const goods = seeded(db, goodsCount);
  if (fiscal) {
    const office = openBackOffice({ db, demo: true, logger: silentLogger });
    return { db, port: office, sends: true, goods, close: () => office.close() };
  }
  // What the service's back office does after a write besides the fiscal send: SQLite's idle checkpoint.
  const checkpoint = dialectOf(db) === 'sqlite' ? idleCheckpoint(db as SqliteDb) : undefined;
  const port: BackOfficePort = {
    idempotency: new IdempotencyStore(db, 3600_000),
    upstream: createBackOffice(db),
    afterWrite: () => checkpoint?.wrote(),
  };
  return {
    db,
    port,
    sends: false,
    goods,
    async close() {
      checkpoint?.stop();
      db.close();
    },
  };
}

async function write(shop: Shop, name: string, params: Record<string, unknown>): Promise<RpcResult> {
  const op = findOperation(name) as OperationSpec;
  const v = validateParams(op.params, params);
  if (!v.ok) throw new Error(`${name}: ${JSON.stringify(v.issues)}`);
  const result = await performWrite(
    shop.port,
    { op, params: v.value, key: KEY, requestId: 'bench', people: {}, idempotencyKey: randomUUID() },
    {},
  );
  // What the write set going (a walk of the dispatcher asked for at once) runs now, inside the round.
  await turn();
  await turn();
  return result;
}

let n = 0;
const cardWrite = async (shop: Shop): Promise<void> => {
  const g = shop.goods[n % shop.goods.length] as { code: string; price: number };
  n++;
  await write(shop, ops.pos.cardSettingSave, {
    code: g.code,
    nt: `Товар ${n % 2 ? 'А' : 'Б'} ${g.code}`,
    price: fmtDb(g.price),
  });
};
const sale = async (shop: Shop): Promise<void> => {
  const g = shop.goods[n++ % shop.goods.length] as { code: string; price: number };
  const price = fmtDb(g.price);
  // The buyer hands over whole hundreds; the cash part is rounded (NBU) and the change comes from it.
  const handed = fmtDb(Math.ceil(g.price / 1_000_000) * 1_000_000);
  const sold = await write(shop, ops.pos.checkoutCloseSale, {
    kasm: 1,
    rows: [{ code: g.code, quant: '1', price, sum: price }],
    payments: [{ type: 'nal', amount: price }],
    nal: handed,
    sum: price,
  });
  if (!shop.sends) return;
  // Its signing and sending (over HTTP to the simulator, in this process) counted with it, not with what follows.
  const doc = Number((sold.rows?.[0] as { prro_doc_id?: string } | undefined)?.prro_doc_id);
  const status = shop.db.prepare('SELECT status FROM prro_docs WHERE id = ?').pluck();
  for (let waited = 0; status.get(doc) !== PRRO.accepted; waited++) {
    if (waited > 10_000) throw new Error(`the sale's document ${doc} was not accepted in 10 s`);
    await sleep(1);
  }
};

/** CPU µs per call of `f` over `count` calls. */
async function cpuPer(count: number, f: () => Promise<void>): Promise<number> {
  const c0 = process.cpuUsage();
  for (let i = 0; i < count; i++) await f();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / count;
}

/** The p-th percentile, interpolated between the sorted values. */
const quantile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (s.length - 1) * p;
  const lo = Math.floor(at);
  return (s[lo] as number) + ((s[Math.ceil(at)] as number) - (s[lo] as number)) * (at - lo);
};
const median = (xs: number[]) => quantile(xs, 0.5);

/** Statements sent to PostgreSQL per non-fiscal write (each one round trip), counted where SyncPg sends them. */
async function statementsPerWrite(shop: Shop): Promise<number> {
  const tap = new StatementTap();
  tap.install();
  try {
    for (let i = 0; i < 50; i++) await cardWrite(shop);
    return tap.count / 50;
  } finally {
    tap.uninstall();
  }
}

/** Prints the engine's figures; returns the non-fiscal write's on ÷ off. */
export async function measureDispatch(engine: string, on: Shop, off: Shop, sizes: DispatchSizes): Promise<number> {
  const { writes: WRITES, sales: SALES, rounds: ROUNDS } = sizes;
  // Warm-up: the simulator up and the demo's waiting documents sent, each path's statements prepared.
  for (const shop of [on, off]) {
    for (let i = 0; i < 3; i++) await sale(shop);
    for (let i = 0; i < 100; i++) await cardWrite(shop);
  }
  await sleep(500);
  const rows = { card: { on: [] as number[], off: [] as number[] }, sale: { on: [] as number[], off: [] as number[] } };
  for (const [kind, count, f] of [
    ['card', WRITES, cardWrite],
    ['sale', SALES, sale],
  ] as const) {
    for (let r = 0; r < ROUNDS; r++) {
      // ABBA: neither configuration always goes first.
      for (const which of r % 2 ? (['off', 'on'] as const) : (['on', 'off'] as const)) {
        const shop = which === 'on' ? on : off;
        rows[kind][which].push(await cpuPer(count, () => f(shop)));
        // SQLite's idle checkpoint (20 ms after the last write) runs here, between the rounds.
        await sleep(100);
      }
    }
  }
  const ratios = (k: 'card' | 'sale') => rows[k].on.map((x, i) => x / (rows[k].off[i] as number));
  const ratio = (k: 'card' | 'sale') => median(ratios(k));
  const us = (xs: number[]) => `${median(xs).toFixed(0).padStart(6)} µs`;
  console.log(`\n${engine}: CPU of this process per write (median of ${ROUNDS} rounds; ratio: median of the rounds' on ÷ off)`);
  console.log(
    `  load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  console.log('  write                                          on (dispatcher)       off    on ÷ off');
  const cardRatio = ratio('card');
  console.log(
    `  pos.card_setting_save (no fiscal document)   ${us(rows.card.on)}   ${us(rows.card.off)}    ×${cardRatio.toFixed(3)}   target ≤ ×${DISPATCH_TARGET.toFixed(2)}: ${cardRatio <= DISPATCH_TARGET ? 'met' : 'NOT met'}` +
      ` (the rounds' ratios: quartiles ×${quantile(ratios('card'), 0.25).toFixed(3)}–×${quantile(ratios('card'), 0.75).toFixed(3)})`,
  );
  if (dialectOf(on.db) === 'postgres') {
    console.log(
      `  PostgreSQL statements per non-fiscal write, counted after the rounds: on ${await statementsPerWrite(on)}, off ${await statementsPerWrite(off)}`,
    );
  }
  console.log(
    `  checkout_close_sale, 1 line (its document)   ${us(rows.sale.on)}   ${us(rows.sale.off)}    ×${ratio('sale').toFixed(3)}   (contrast: signed and sent at once when on)`,
  );
  return cardRatio;
}

/** The PostgreSQL half: two shops in schemas of their own on the cluster at `url`; the non-fiscal write's on ÷ off. */
export async function dispatchOnPostgres(url: string, sizes: DispatchSizes): Promise<number> {
  const t0 = performance.now();
  const open = (schema: string) => openMigrated(parsePgUrl(url), schema, CLIENT_MIGRATIONS, CLIENT_ROWIDS);
  const on = shopOf(open('dispatch_on'), true, sizes.goods);
  const off = shopOf(open('dispatch_off'), false, sizes.goods);
  console.log(`\nPostgreSQL: two demo shops of ${sizes.goods} goods seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  try {
    return await measureDispatch('PostgreSQL (a cluster of its own, fsync on)', on, off, sizes);
  } finally {
    await on.close();
    await off.close();
  }
}
