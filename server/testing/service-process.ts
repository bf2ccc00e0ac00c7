/**
 * The RPC service of the crash test as a child process, through its command line as an operator
 * runs it, so the test can SIGKILL it mid-write and start it again on the same database and port.
 * The database is a back office file (`--db FILE`), or a PostgreSQL database (`--db postgres://…`)
 * whose one client is the `default` one the first `keys create` makes.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { isPostgresUrl } from '../../shared-node/pg/url.js';
import type { Db } from '../../shared-node/sql/db.js';
import { ClientRegistry, DEFAULT_CLIENT } from '../clients/registry.js';
import { openStore } from '../clients/store.js';
import { type Child, ROOT, sleep, spawnScript } from './processes.js';

const CLI = 'server/cli.ts';

/** Creates (and migrates) the database file, or the registry and its default client, with an all-scopes key; returns the key. */
export async function createServiceKey(db: string): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', CLI, 'keys', 'create', '--db', db, '--name', 'crash-desk', '--scopes', 'all'],
    { cwd: ROOT },
  );
  const key = stdout.trim().split('\n').at(-1) ?? '';
  if (!key.startsWith('rk_')) throw new Error(`keys create printed no key:\n${stdout}`);
  return key;
}

/**
 * A connection of the test's own to the back office the service serves: the file (read-only
 * unless asked), or the default client's schema (created and migrated if it is not yet there).
 */
export function openShopDb(db: string, opts: { readonly readonly?: boolean } = {}): Db {
  if (!isPostgresUrl(db)) return new Database(db, { readonly: opts.readonly ?? true });
  const store = openStore(db);
  const registry = store.openRegistry();
  let id: string | undefined;
  try {
    id = new ClientRegistry(registry).find(DEFAULT_CLIENT)?.id;
  } finally {
    registry.close();
  }
  if (!id) throw new Error(`no ${DEFAULT_CLIENT} client: create a key first`);
  return store.openClient(id);
}

/** Sales never run out of stock: the test rings up hundreds of them on a small demo shop. */
export function allowNegativeStock(db: string): void {
  const shop = openShopDb(db, { readonly: false });
  try {
    const changed = shop.prepare("UPDATE shop_settings SET value = '1' WHERE key = 'allow_negative_stock'").run().changes;
    if (changed !== 1) throw new Error('the back office has no allow_negative_stock setting');
  } finally {
    shop.close();
  }
}

/**
 * Serves the database with the demo shop (seeded when the back office is first opened: at the
 * start for a file, at the first request for a client) on a fixed port, without rate
 * limits (a drain after an outage sends as fast as it can). Resolves once it listens; a start
 * right after a kill is tried again, in case the port is not free yet.
 */
export async function startServiceProcess(db: string, port: number): Promise<Child> {
  const args = ['serve', '--db', db, '--port', String(port), '--demo', '--rate-limit', '0'];
  for (let attempt = 1; ; attempt++) {
    const child = spawnScript('the service', CLI, args);
    try {
      await child.waitForLine((l) => l.includes('listening on'), 60_000);
      return child;
    } catch (err) {
      await child.kill();
      if (attempt >= 3) throw err;
      await sleep(500 * attempt);
    }
  }
}
