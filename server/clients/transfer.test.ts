/**
 * Moving a shop from a back office file into a data folder and out again (issue 11, item 5): its
 * data, its keys and its idempotency records go with it, so the same key keeps working and a
 * write the till repeats after the move replays instead of happening twice.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../shared-node/log/logger.js';
import { startDataService, startService } from '../service.js';
import { ClientRegistry, clientFile, openRegistry } from './registry.js';
import { exportClient, importClient } from './transfer.js';

const dir = mkdtempSync(join(tmpdir(), 'transfer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const user = { nt: 'Moved cashier', card: 'MOVE-1', level: 'а1', kf: '1' };

async function rpc(url: string, key: string, method: string, params: unknown, idem?: string) {
  const res = await fetch(`${url}/v1/rpc`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${key}`,
      ...(idem ? { 'Idempotency-Key': idem } : {}),
    },
    body: JSON.stringify({ method, params }),
  });
  // biome-ignore lint/suspicious/noExplicitAny: the test reads the JSON it was answered
  return { status: res.status, replayed: res.headers.get('idempotent-replayed') === 'true', body: (await res.json()) as any };
}

describe('moving a shop between a back office file and a data folder', () => {
  const file = join(dir, 'till.sqlite');
  const data = join(dir, 'hosted');
  const back = join(dir, 'back.sqlite');
  const idem = randomUUID();
  let key = '';
  let first: unknown;

  it('takes a till file into a data folder as a client: same key, same data, the write replays', async () => {
    const till = await startService({ dbFile: file, port: 0, logger: silentLogger, rateLimit: false });
    key = till.keys.create('till-1', 'all').key;
    const r = await rpc(till.url, key, 'catalog.users.save', user, idem);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    first = r.body.data.result;
    await till.close();

    // A file as another program may leave it, not in WAL mode: opening it to write would change that.
    const plain = new Database(file);
    plain.pragma('journal_mode = DELETE');
    plain.close();
    const before = readFileSync(file);
    expect(importClient(data, 'shop', file)).toMatchObject({ client: { name: 'shop' }, keys: 1 });
    // The till's file is read, never written: it is exactly as it was.
    expect(readFileSync(file).equals(before)).toBe(true);
    const hosted = await startDataService({ dataDir: data, port: 0, logger: silentLogger, rateLimit: false });
    try {
      const again = await rpc(hosted.url, key, 'catalog.users.save', user, idem);
      expect(again.status).toBe(200);
      expect(again.replayed).toBe(true);
      expect(again.body.data.result).toEqual(first);
      // The card is taken: the data came along too.
      const other = await rpc(hosted.url, key, 'catalog.users.save', user, randomUUID());
      expect(other.body.error?.details?.[0]?.reason).toBe('user.card_taken');
    } finally {
      await hosted.close();
    }
  });

  it('refuses a second client of the same name, or keys the folder has already, writing nothing', () => {
    expect(() => importClient(data, 'shop', file)).toThrow(/exists already/);
    expect(() => importClient(data, 'shop-2', file)).toThrow(/has a key named till-1/);
    const db = openRegistry(data);
    try {
      expect(new ClientRegistry(db).list().map((c) => c.name)).toEqual(['shop']);
    } finally {
      db.close();
    }
  });

  it('writes the client out as a file of its own that serves as before', async () => {
    expect(exportClient(data, 'shop', back)).toMatchObject({ keys: 1 });
    expect(() => exportClient(data, 'shop', back)).toThrow(/exists already/);
    const till = await startService({ dbFile: back, port: 0, logger: silentLogger, rateLimit: false });
    try {
      const again = await rpc(till.url, key, 'catalog.users.save', user, idem);
      expect(again.replayed).toBe(true);
      expect(again.body.data.result).toEqual(first);
    } finally {
      await till.close();
    }
  });

  it('exports a client that never served a request as a new, empty back office', () => {
    const db = openRegistry(data);
    let id = '';
    try {
      id = new ClientRegistry(db).create('fresh').id;
    } finally {
      db.close();
    }
    expect(existsSync(clientFile(data, id))).toBe(false);
    expect(exportClient(data, 'fresh', join(dir, 'fresh.sqlite'))).toMatchObject({ keys: 0 });
  });
});
