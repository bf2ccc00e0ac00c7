/**
 * A close at till 1 held open (its statements sent, not committed) while another process of the
 * same shop writes, side by side: the back office is synchronous, so what waits (for the shop's
 * write turn, core/write.ts) must wait in another process. Used by two-tills.test.ts and
 * dispatch-and-close.test.ts.
 */
import { afterAll, afterEach, beforeEach, inject } from 'vitest';
import type { ParamsOf } from '../../../../../shared/contract/index.js';
import type { PgDb } from '../../../../../shared-node/pg/pg-db.js';
import { anotherConnection } from '../../../../testing/back-office-db.js';
import { killAll, spawnScript } from '../../../../testing/processes.js';
import { invoke } from '../../../operations.js';
import { type FloorShop, floorShop } from '../../../testing/floor-shop.js';

export type Close = ParamsOf<'pos.checkout_close_sale'>;

export interface Watched {
  readonly shop: FloorShop;
  /** A second connection to the shop, to see the other process wait and commit. */
  readonly watcher: PgDb;
}

/**
 * A floor shop of its own for each test of the file, and a connection watching it, with the
 * statistics autovacuum keeps in a shop that runs: PostgreSQL then reads the small per-till tables
 * whole, as it does in a shop. The other processes are killed after the file.
 */
export function watchedShop(): Watched {
  let shop: FloorShop | undefined;
  let watcher: PgDb | undefined;
  beforeEach(() => {
    shop = floorShop();
    watcher = anotherConnection(shop.db);
    watcher.query('ANALYZE');
  });
  afterEach(() => {
    watcher?.close();
    shop?.close();
  });
  afterAll(killAll);
  return {
    get shop() {
      return shop as FloorShop;
    },
    get watcher() {
      return watcher as PgDb;
    },
  };
}

export const cash = (kasm: number, code: string, price: string): Close => ({
  kasm,
  rows: [{ code, quant: '1', price, sum: price }],
  payments: [{ type: 'nal', amount: price }],
});

/** The other process: a script of this folder, its arguments after the shop's own, and what shows it committed. */
export interface Other {
  readonly script: string;
  readonly args: readonly string[];
  readonly committed: (watcher: PgDb) => boolean;
}

export interface Held {
  /**
   * What the other process was seen doing while the close was held: waiting for the shop's write
   * turn, blocked by another of the close's locks (a row it wrote), or committed already.
   */
  readonly seen: 'waiting' | 'blocked' | 'committed' | 'neither';
  /** How many times the held close ran (more than once: it lost a race and ran again). */
  readonly runs: number;
  readonly retries: number;
  readonly checkNumber: string;
  /** The other process's JSON line (its `retries` are counted in `retries` too). */
  readonly line: Record<string, unknown>;
}

const sleepCell = new Int32Array(new SharedArrayBuffer(4));

/**
 * Runs `close` in a transaction held open here until the other process, started inside it (its
 * arguments: the PostgreSQL address, the shop's schema and rowids, the shop's time, then its own),
 * waits for the shop's write turn or has committed; then commits, and reads the other's line.
 */
export async function whileCloseHeld(shop: FloorShop, watcher: PgDb, close: Close, other: Other): Promise<Held> {
  const db = shop.db as PgDb;
  const retriesBefore = db.retries;
  const heldBy = Number(db.query('SELECT pg_backend_pid() AS pid')[0]?.pid);
  let runs = 0;
  let seen: Held['seen'] = 'neither';
  let child: ReturnType<typeof spawnScript> | undefined;
  let checkNumber = '';
  db.transaction(() => {
    runs++;
    checkNumber = String(
      (invoke(shop.ctx, 'pos.checkout_close_sale', close).rows as { check_number: string }[])[0]?.check_number,
    );
    if (runs > 1) return;
    child = spawnScript(other.script, `server/back-office/sales/testing/concurrent-tills/${other.script}`, [
      inject('postgresUrl'),
      db.schema,
      JSON.stringify([...db.rowids]),
      shop.ctx.now().toISOString(),
      ...other.args,
    ]);
    // The close holds its transaction (this thread waits) until the other waits for it or has committed.
    for (let waited = 0; seen === 'neither' && waited < 60_000; waited += 50) {
      Atomics.wait(sleepCell, 0, 0, 50);
      const waits = watcher.query(
        `SELECT l.relation = 'write_turn'::regclass AS turn FROM pg_locks l
         WHERE NOT l.granted AND $1 = ANY (pg_blocking_pids(l.pid))`,
        [heldBy],
      );
      if (waits.some((w) => w.turn === true)) seen = 'waiting';
      else if (waits.length > 0) seen = 'blocked';
      else if (other.committed(watcher)) seen = 'committed';
    }
  }).immediate();
  const line = JSON.parse(await (child as NonNullable<typeof child>).waitForLine((l) => l.startsWith('{'), 60_000)) as Record<
    string,
    unknown
  >;
  return { seen, runs, retries: db.retries - retriesBefore + Number(line.retries), checkNumber, line };
}
