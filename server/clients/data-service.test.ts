/**
 * Many clients behind one service (issue 11, items 1 and 2), real HTTP: a data folder of real
 * files, or — in the `postgres` test project — a PostgreSQL database, a schema per client.
 */
import { existsSync, statSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { PgDb } from '../../shared-node/pg/pg-db.js';
import { parsePgUrl } from '../../shared-node/pg/url.js';
import { TEST_ENGINE } from '../testing/back-office-db.js';
import { startTestDataService, type TestDataService } from '../testing/data-harness.js';
import { clientFile, registryFile } from './registry.js';

const services: TestDataService[] = [];
const start = async (...args: Parameters<typeof startTestDataService>) => {
  const s = await startTestDataService(...args);
  services.push(s);
  return s;
};
afterEach(async () => {
  for (const s of services.splice(0)) await s.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Whether a client's back office database was made: its file, or its schema. */
function backOfficeExists(svc: TestDataService, client: string): boolean {
  const id = svc.clients[client]?.id as string;
  if (TEST_ENGINE === 'sqlite') return existsSync(clientFile(svc.dataDir, id));
  const db = PgDb.connect(parsePgUrl(svc.dataDir), 'public', new Map());
  try {
    return db.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [id]).length === 1;
  } finally {
    db.close();
  }
}

describe('a data folder of many clients', () => {
  it("opens a client's back office at its first request, and only that client's", async () => {
    const svc = await start(['north', 'south']);
    expect(backOfficeExists(svc, 'north')).toBe(false);
    expect((await svc.call('north', 'service.ping', {})).status).toBe(200);
    expect(backOfficeExists(svc, 'north')).toBe(true);
    expect(backOfficeExists(svc, 'south')).toBe(false);
    expect(svc.service.openClients()).toEqual([svc.clients.north?.id]);
  });

  // Files and their modes: a data folder only.
  it.skipIf(TEST_ENGINE !== 'sqlite')('keeps each client in a file of its own only its user may read', async () => {
    const svc = await start(['north', 'south']);
    expect((await svc.call('north', 'service.ping', {})).status).toBe(200);
    expect(statSync(clientFile(svc.dataDir, svc.clients.north?.id as string)).mode & 0o777).toBe(0o600);
    expect(statSync(registryFile(svc.dataDir)).mode & 0o777).toBe(0o600);
    expect(statSync(svc.dataDir).mode & 0o777).toBe(0o700);
  });

  it('closes a client left idle and opens it again, its data kept', async () => {
    const svc = await start(['north'], { idleCloseMs: 80 });
    const user = { nt: 'Idle cashier', card: 'IDLE-1', level: 'а1', kf: '1' };
    const saved = await svc.call('north', 'catalog.users.save', user);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await sleep(400);
    expect(svc.service.openClients()).toEqual([]);
    const again = await svc.call('north', 'catalog.users.save', user);
    // The card is the first user's: the data outlived the close.
    expect(again.body.error?.details?.[0]?.reason).toBe('user.card_taken');
    expect(svc.service.openClients()).toEqual([svc.clients.north?.id]);
  });

  it("answers each client's health by its id, 404 for no such client and for a name (no key is asked)", async () => {
    const svc = await start(['north']);
    const id = svc.clients.north?.id as string;
    const r = await fetch(`${svc.url}/healthz/clients/${id}`);
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ ok: true, client: id });
    expect((await fetch(`${svc.url}/healthz/clients/north`)).status).toBe(404);
    expect((await fetch(`${svc.url}/healthz/clients/c_0000000000000000`)).status).toBe(404);
    expect((await fetch(`${svc.url}/healthz/clients/%E0%A4%A`)).status).toBe(404);
    const all = await fetch(`${svc.url}/healthz`);
    expect(await all.json()).toMatchObject({ ok: true, clients: 1 });
  });

  it("a revoked key of one client stops at once; the other client's key goes on", async () => {
    const svc = await start(['north', 'south']);
    expect(svc.service.keys.revoke('key-north')).toBe(true);
    expect((await svc.call('north', 'service.ping', {})).status).toBe(401);
    expect((await svc.call('south', 'service.ping', {})).status).toBe(200);
  });
});
