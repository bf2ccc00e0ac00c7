/**
 * Moving a shop from a back office file into PostgreSQL and out again (issue 11, item 5): a demo
 * shop that sold and saved under Idempotency-Keys goes in and comes back out row for row; the
 * same key serves it from PostgreSQL, a write the till repeats replays, a new write gets new ids;
 * a refused or failed import leaves no client, schema or key. A cluster of its own.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../shared-node/log/logger.js';
import { PgDb, quoteIdent as q } from '../../shared-node/pg/pg-db.js';
import { startTestPostgres, type TestPostgres } from '../../shared-node/pg/test-cluster.js';
import { parsePgUrl } from '../../shared-node/pg/url.js';
import { migrate } from '../../shared-node/sqlite/migrate.js';
import { openDatabase } from '../../shared-node/sqlite/open.js';
import { KeyStore } from '../auth/keys.js';
import { seedDemo } from '../back-office/demo/index.js';
import { openServiceDatabase, startDataService, startService } from '../service.js';
import { cashSale, demoProducts, type Product } from '../testing/demo-sales.js';
import { ClientRegistry } from './registry.js';
import { CLIENT_MIGRATIONS, REGISTRY_SCHEMA } from './store.js';
import { exportClientPg, importClientPg } from './transfer-pg.js';

const dir = mkdtempSync(join(tmpdir(), 'transfer-pg-'));
let pg: TestPostgres;
beforeAll(async () => {
  pg = await startTestPostgres();
}, 60_000);
afterAll(async () => {
  await pg?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function rpc(url: string, key: string, method: string, params: unknown, idem = randomUUID()) {
  const res = await fetch(`${url}/v1/rpc`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}`, 'Idempotency-Key': idem },
    body: JSON.stringify({ method, params }),
  });
  // biome-ignore lint/suspicious/noExplicitAny: the test reads the JSON it was answered
  return { status: res.status, replayed: res.headers.get('idempotent-replayed') === 'true', body: (await res.json()) as any };
}

/** Every table of a back office file, each one's rows in the order of all their columns, integers exact. */
function contents(file: string): Record<string, unknown[]> {
  const db = new Database(file, { readonly: true });
  try {
    const out: Record<string, unknown[]> = {};
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[];
    for (const t of tables) {
      const n = (db.prepare('SELECT count(*) FROM pragma_table_info(?)').pluck().get(t) as number) || 1;
      const order = Array.from({ length: n }, (_, i) => i + 1).join(', ');
      out[t] = db
        .prepare(`SELECT * FROM ${q(t)} ORDER BY ${order}`)
        .safeIntegers(true)
        .all();
    }
    return out;
  } finally {
    db.close();
  }
}

/** The schema as SQLite keeps it: tables, indexes and triggers, each with its SQL. */
function schemaOf(file: string): unknown[] {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare('SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name').all();
  } finally {
    db.close();
  }
}

/** What a refused or failed import must not change: the clients, the keys, the client schemas. */
function storeState() {
  const db = PgDb.connect(parsePgUrl(pg.url), REGISTRY_SCHEMA, new Map());
  try {
    return {
      clients: db.query('SELECT id, name FROM clients ORDER BY id'),
      keys: db.query('SELECT id, name, client_id FROM api_keys ORDER BY id'),
      schemas: db.query("SELECT nspname FROM pg_namespace WHERE nspname LIKE 'c\\_%' ORDER BY 1"),
    };
  } finally {
    db.close();
  }
}

/** A new back office file with one key of all scopes. */
function fileWithKey(name: string, keyName: string): string {
  const file = join(dir, name);
  const db = openServiceDatabase(file);
  try {
    new KeyStore(db).create(keyName, 'all');
  } finally {
    db.close();
  }
  return file;
}

const largest = (file: string, sql: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare(sql).pluck().get() as number;
  } finally {
    db.close();
  }
};

describe('moving a shop between a back office file and PostgreSQL', () => {
  const till = join(dir, 'till.sqlite');
  const back = join(dir, 'back.sqlite');
  const user = { nt: 'Moved cashier', card: 'MOVE-1', level: 'а1', kf: '1' };
  const saleIdem = randomUUID();
  const userIdem = randomUUID();
  let key = '';
  let products: Product[] = [];
  let sold: unknown;
  let saved: unknown;

  it('takes a demo shop into PostgreSQL and writes it out again, every table row for row', async () => {
    const db = openServiceDatabase(till);
    try {
      seedDemo(db, { goods: 300, now: new Date() });
      products = demoProducts(db, 2);
    } finally {
      db.close();
    }
    const svc = await startService({ dbFile: till, port: 0, logger: silentLogger, rateLimit: false });
    try {
      key = svc.keys.create('till-1', 'all').key;
      const sale = await rpc(svc.url, key, 'pos.checkout_close_sale', cashSale('move-1', products[0] as Product), saleIdem);
      expect(sale.status, JSON.stringify(sale.body)).toBe(200);
      sold = sale.body.data.result;
      const u = await rpc(svc.url, key, 'catalog.users.save', user, userIdem);
      expect(u.status, JSON.stringify(u.body)).toBe(200);
      saved = u.body.data.result;
    } finally {
      await svc.close();
    }

    const original = contents(till);
    // A shop worth the name: goods, receipts, a change log, both writes' idempotency records.
    const filled = Object.entries(original).filter(([, rows]) => rows.length > 0);
    expect(filled.length).toBeGreaterThan(20);
    for (const t of ['goods', 'receipts', 'catalog_changes', 'sqlite_sequence'])
      expect(original[t]?.length, t).toBeGreaterThan(0);
    expect(original.idempotency_records).toHaveLength(2);

    const bytes = readFileSync(till);
    const moved = importClientPg(pg.url, 'shop', till);
    expect(moved).toMatchObject({ client: { name: 'shop' }, keys: 1 });
    // The till's file is read, never written.
    expect(readFileSync(till).equals(bytes)).toBe(true);

    expect(exportClientPg(pg.url, 'shop', back)).toMatchObject({ keys: 1, rows: moved.rows });
    const copied = contents(back);
    expect(Object.keys(copied)).toEqual(Object.keys(original));
    for (const t of Object.keys(original)) expect(copied[t], t).toEqual(original[t]);
    // The triggers are back, exactly as they were.
    expect(schemaOf(back)).toEqual(schemaOf(till));
  });

  it('serves the shop from PostgreSQL on the same key: writes from before replay, new writes get new ids', async () => {
    const hosted = await startDataService({ dataDir: pg.url, port: 0, logger: silentLogger, rateLimit: false });
    try {
      const sale = await rpc(hosted.url, key, 'pos.checkout_close_sale', cashSale('move-1', products[0] as Product), saleIdem);
      expect(sale.status).toBe(200);
      expect(sale.replayed).toBe(true);
      expect(sale.body.data.result).toEqual(sold);
      const u = await rpc(hosted.url, key, 'catalog.users.save', user, userIdem);
      expect(u.replayed).toBe(true);
      expect(u.body.data.result).toEqual(saved);

      // New rows in tables whose ids PostgreSQL gives: past every id the till gave.
      const next = await rpc(hosted.url, key, 'catalog.users.save', { ...user, card: 'MOVE-2' });
      expect(next.status, JSON.stringify(next.body)).toBe(200);
      expect(Number(next.body.data.result.status.key)).toBeGreaterThan(largest(till, 'SELECT max(id) FROM users'));
      const lastChange = largest(till, "SELECT seq FROM sqlite_sequence WHERE name = 'catalog_changes'");
      const sale2 = await rpc(hosted.url, key, 'pos.checkout_close_sale', cashSale('move-2', products[1] as Product));
      expect(sale2.status, JSON.stringify(sale2.body)).toBe(200);
      // The sale's stock change is logged again (the triggers are on), after the till's last entry.
      const changes = await rpc(hosted.url, key, 'goods.catalog_changes', { since: lastChange });
      expect(changes.status, JSON.stringify(changes.body)).toBe(200);
      const logged = (changes.body.data.result.rows as Record<string, string>[]).filter((r) => r.tag === 'GOODS');
      expect(logged.map((r) => r.code)).toEqual([(products[1] as Product).code]);
      expect(Number(logged[0]?.seq)).toBeGreaterThan(lastChange);
    } finally {
      await hosted.close();
    }
  });

  it('refuses a taken name or key, a missing file, an existing --to file, leaving nothing behind', () => {
    const before = storeState();
    expect(() => importClientPg(pg.url, 'shop', till)).toThrow(/a client named shop exists already/);
    expect(() => importClientPg(pg.url, 'shop-2', till)).toThrow(/has a key named till-1/);
    expect(() => importClientPg(pg.url, 'shop-3', join(dir, 'nowhere.sqlite'))).toThrow(/no such file/);
    expect(() => importClientPg(pg.url, 'no spaces', till)).toThrow(/a client name is/);
    expect(storeState()).toEqual(before);

    const exported = readFileSync(back);
    expect(() => exportClientPg(pg.url, 'shop', back)).toThrow(/exists already/);
    expect(readFileSync(back).equals(exported)).toBe(true);
    expect(() => exportClientPg(pg.url, 'nobody', join(dir, 'nobody.sqlite'))).toThrow(/no client named nobody/);
    expect(existsSync(join(dir, 'nobody.sqlite'))).toBe(false);
    expect(readdirSync(dir).filter((f) => f.includes('partial'))).toEqual([]);
  });

  it('exports a client that never served a request as a new, empty back office', () => {
    const registry = PgDb.connect(parsePgUrl(pg.url), REGISTRY_SCHEMA, new Map());
    try {
      new ClientRegistry(registry).create('fresh');
    } finally {
      registry.close();
    }
    const file = join(dir, 'fresh.sqlite');
    expect(exportClientPg(pg.url, 'fresh', file)).toMatchObject({ keys: 0 });
    const fresh = contents(file);
    expect(fresh.goods).toEqual([]);
    expect(fresh.schema_migrations).toHaveLength(CLIENT_MIGRATIONS.length);
  });

  it('leaves no client, schema or key when the copy fails halfway', () => {
    const file = fileWithKey('broken.sqlite', 'broken-till');
    const db = openDatabase(file);
    try {
      // PostgreSQL's text cannot hold a NUL: the copy fails in the users table, after the registry rows.
      db.prepare('INSERT INTO users (name, card, level) VALUES (?, ?, ?)').run('a\u0000b', 'NUL-1', 'а1');
    } finally {
      db.close();
    }
    const before = storeState();
    let error: unknown;
    try {
      importClientPg(pg.url, 'broken', file);
    } catch (err) {
      error = err;
    }
    // The table and the row, by its key, so the person moving the shop can find and mend it.
    expect((error as Error).message).toMatch(/^copying table users: row \(id\)=\("\d+"\): .*0x00/);
    expect(storeState()).toEqual(before);
  });

  it('names the key PostgreSQL gives when a row breaks a constraint the file did not keep', () => {
    const file = fileWithKey('orphan.sqlite', 'orphan-till');
    const db = openDatabase(file);
    try {
      // Written with foreign keys off, as an old tool or a hand edit could: a PIN of no user.
      db.pragma('foreign_keys = OFF');
      db.prepare('INSERT INTO user_pins (user_id, salt, hash, set_at) VALUES (?, ?, ?, ?)').run(
        987654,
        's',
        'h',
        '2026-11-24T00:00:00Z',
      );
    } finally {
      db.close();
    }
    expect(() => importClientPg(pg.url, 'orphan', file)).toThrow(
      /^copying table user_pins: row \(user_id\)=\("987654"\): .*\(Key \(user_id\)=\(987654\) is not present in table "users"\.\)$/,
    );
  });

  it('takes in a file of an older schema version, migrating a copy of it', () => {
    const file = join(dir, 'old.sqlite');
    const oldest = [...CLIENT_MIGRATIONS].sort((a, b) => (a.id < b.id ? -1 : 1)).slice(0, 3);
    const db = openDatabase(file);
    try {
      migrate(db, oldest);
      // The key table as it was then: no client_id yet.
      db.prepare('INSERT INTO api_keys (id, name, secret_hash, scopes, created_at) VALUES (?, ?, ?, ?, ?)').run(
        'k_old',
        'old-till',
        'hash',
        '"all"',
        '2024-01-01T00:00:00.000Z',
      );
    } finally {
      db.close();
    }
    const { client, keys } = importClientPg(pg.url, 'old-shop', file);
    expect(keys).toBe(1);
    const shop = PgDb.connect(parsePgUrl(pg.url), client.id, new Map());
    try {
      expect(shop.query('SELECT count(*)::int AS n FROM schema_migrations')).toEqual([{ n: CLIENT_MIGRATIONS.length }]);
    } finally {
      shop.close();
    }
    // The file itself stays at its version.
    expect(largest(file, 'SELECT count(*) FROM schema_migrations')).toBe(3);
  });

  it('moves a shop in and out from the command line with --db postgres://…', () => {
    const cli = (...args: string[]) =>
      execFileSync(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    const file = fileWithKey('cli.sqlite', 'cli-till');
    expect(cli('clients', 'import', '--db', pg.url, '--name', 'cli-shop', '--from', file)).toMatch(
      /^imported .* as client cli-shop \(c_[0-9a-f]{16}\) with 1 keys/,
    );
    expect(cli('keys', 'list', '--db', pg.url, '--client', 'cli-shop')).toMatch(/^cli-till\tcli-shop\tall/);
    const out = join(dir, 'cli-out.sqlite');
    expect(cli('clients', 'export', '--db', pg.url, '--name', 'cli-shop', '--to', out)).toContain('with 1 keys');
    expect(contents(out).api_keys).toEqual(contents(file).api_keys);
  }, 60_000);
});
