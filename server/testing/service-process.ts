/**
 * The RPC service of the crash test as a child process, through its command line as an operator
 * runs it, so the test can SIGKILL it mid-write and start it again on the same file and port.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { type Child, ROOT, sleep, spawnScript } from './processes.js';

const CLI = 'server/cli.ts';

/** Creates (and migrates) the database file with an all-scopes key; returns the key. */
export async function createServiceKey(dbFile: string): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', CLI, 'keys', 'create', '--db', dbFile, '--name', 'crash-desk', '--scopes', 'all'],
    { cwd: ROOT },
  );
  const key = stdout.trim().split('\n').at(-1) ?? '';
  if (!key.startsWith('rk_')) throw new Error(`keys create printed no key:\n${stdout}`);
  return key;
}

/** Sales never run out of stock: the test rings up hundreds of them on a small demo shop. */
export function allowNegativeStock(dbFile: string): void {
  const db = new Database(dbFile);
  try {
    const changed = db.prepare("UPDATE shop_settings SET value = '1' WHERE key = 'allow_negative_stock'").run().changes;
    if (changed !== 1) throw new Error('the back office has no allow_negative_stock setting');
  } finally {
    db.close();
  }
}

/**
 * Serves the file with the demo shop (seeded on the first start) on a fixed port, without rate
 * limits (a drain after an outage sends as fast as it can). Resolves once it listens; a start
 * right after a kill is tried again, in case the port is not free yet.
 */
export async function startServiceProcess(dbFile: string, port: number): Promise<Child> {
  const args = ['serve', '--db', dbFile, '--port', String(port), '--demo', '--rate-limit', '0'];
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
