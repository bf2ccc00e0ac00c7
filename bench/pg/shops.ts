/**
 * The shops bench:pg sells in, the same on both engines: the demo shop (deterministic catalogue)
 * with stock to last, as client shop-0 … shop-(N-1), each with a key of its own.
 *   - SQLite: a data folder; one template file seeded, then `clients import`ed N times.
 *   - PostgreSQL: shop-0 seeded through the back office (a PgDb: one round trip a statement), then its
 *     schema copied by pg_dump | psql into each other client's (seeding each would take minutes);
 *     then VACUUM (ANALYZE) (vacuumdb), so that autovacuum has nothing left to do while the bench measures.
 */
import { execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { KeyStore } from '../../server/auth/keys.js';
import { seedDemo } from '../../server/back-office/demo/index.js';
import { openServiceDatabase } from '../../server/clients/back-office.js';
import { ClientRegistry, openRegistry } from '../../server/clients/registry.js';
import { openStore } from '../../server/clients/store.js';
import { importClient } from '../../server/clients/transfer.js';
import type { TestPostgres } from '../../shared-node/pg/test-cluster.js';
import type { Db } from '../../shared-node/sql/db.js';
import { sellableGoods, stockToLast } from '../demo-stock.js';

export interface Shops {
  /** One key per client, shop-0 first. */
  readonly keys: readonly string[];
  /** Goods to sell (the same codes and prices on both engines). */
  readonly goods: readonly { code: string; price: number }[];
}

const SELLABLE = 500;

/** `prepare`: more of the shop's set-up, done once on the shop every client is copied from. */
export function sqliteShops(dir: string, clients: number, goods: number, prepare?: (db: Db) => void): Shops & { data: string } {
  const template = join(dir, 'template.sqlite');
  const db = openServiceDatabase(template);
  seedDemo(db, { goods });
  stockToLast(db);
  prepare?.(db);
  const sellable = sellableGoods(db, SELLABLE, 'code');
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  const data = join(dir, 'data');
  for (let i = 0; i < clients; i++) importClient(data, `shop-${i}`, template);
  const registryDb = openRegistry(data);
  try {
    const store = new KeyStore(registryDb);
    const registry = new ClientRegistry(registryDb);
    const keys = Array.from({ length: clients }, (_, i) => {
      const c = registry.byName(`shop-${i}`);
      if (!c) throw new Error(`shop-${i} was not imported`);
      return store.create(`key-shop-${i}`, 'all', c.id).key;
    });
    return { data, keys, goods: sellable };
  } finally {
    registryDb.close();
  }
}

export async function postgresShops(
  pg: TestPostgres,
  bin: string,
  clients: number,
  goods: number,
  prepare?: (db: Db) => void,
): Promise<Shops & { seedMs: number; copyMs: number; vacuumMs: number }> {
  const store = openStore(pg.url);
  const registryDb = store.openRegistry();
  try {
    const registry = new ClientRegistry(registryDb);
    const keyStore = new KeyStore(registryDb);
    let t0 = performance.now();
    const first = registry.create('shop-0');
    const db = store.openClient(first.id);
    let sellable: Shops['goods'];
    try {
      seedDemo(db, { goods });
      stockToLast(db);
      prepare?.(db);
      sellable = sellableGoods(db, SELLABLE, 'code');
    } finally {
      db.close();
    }
    const seedMs = performance.now() - t0;
    t0 = performance.now();
    const { host, port, user, database } = pg.connection;
    const conn = ['-h', host, '-p', String(port), '-U', user, '-d', database];
    const dump = execFileSync(join(bin, 'pg_dump'), [...conn, '-n', first.id, '--no-owner', '--no-privileges'], {
      encoding: 'utf8',
      maxBuffer: 1 << 30,
    });
    const others = Array.from({ length: clients - 1 }, (_, i) => registry.create(`shop-${i + 1}`));
    // The schema's name is a client id (c_ and 16 hex digits): nothing else in the dump spells it.
    const restore = (id: string) =>
      new Promise<void>((resolve, reject) => {
        const psql = spawn(join(bin, 'psql'), [...conn, '-X', '-q', '-1', '-v', 'ON_ERROR_STOP=1'], {
          stdio: ['pipe', 'ignore', 'pipe'],
        });
        let err = '';
        psql.stderr.on('data', (c: Buffer) => {
          err += c.toString();
        });
        psql.on('error', reject);
        psql.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`psql ended with ${code}: ${err.slice(0, 500)}`))));
        psql.stdin.end(dump.replaceAll(first.id, id));
      });
    // Three at a time: each waits on the disk as well as on the two cores.
    const queue = others.map((c) => c.id);
    await Promise.all(
      [0, 1, 2].map(async () => {
        for (let id = queue.shift(); id !== undefined; id = queue.shift()) await restore(id);
      }),
    );
    const copyMs = performance.now() - t0;
    const keys = [first, ...others].map((c) => keyStore.create(`key-${c.name}`, 'all', c.id).key);
    // What autovacuum would do next (a copy has no statistics yet), done now rather than while measuring.
    t0 = performance.now();
    execFileSync(join(bin, 'vacuumdb'), [...conn, '--analyze', '--jobs', '3', '--quiet'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    return { keys, goods: sellable, seedMs, copyMs, vacuumMs: performance.now() - t0 };
  } finally {
    registryDb.close();
  }
}
