/**
 * A register's signing key through the core: its password and its container are sent at once,
 * each time under a fresh Idempotency-Key, with the person signed in and a manager's confirmation
 * when there is one, and never queued, stored or logged. The service is a real demo back office
 * behind a recorder that notes what each request carried.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../server/testing/harness.js';
import { startDesk, type TestDesk } from './testing/desk.js';

interface Seen {
  readonly method: string;
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly body: string;
}

/** Passes every request on to `target`, noting the method named in its body and its headers. */
async function startRecorder(target: string): Promise<{ url: string; seen: Seen[]; close(): Promise<void> }> {
  const seen: Seen[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const method = (() => {
        try {
          return String((JSON.parse(body) as { method?: unknown }).method ?? '');
        } catch {
          return '';
        }
      })();
      const h = (name: string) => req.headers[name] as string | undefined;
      seen.push({
        method,
        body,
        headers: {
          'idempotency-key': h('idempotency-key'),
          'x-cashier': h('x-cashier'),
          'x-manager-confirmation': h('x-manager-confirmation'),
        },
      });
      const out = request(new URL(req.url ?? '/', target), { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      out.on('error', () => res.destroy());
      out.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const PASSWORD = 'Пароль-КЕП-73915';
/** A container the service cannot open: refused, and nothing of it must stay at the till. */
const CONTAINER = Buffer.from('not a key container, but the bytes of one would be here 5381').toString('base64');

let shop: TestService;
let recorder: Awaited<ReturnType<typeof startRecorder>>;
let desk: TestDesk;
const logLines: string[] = [];

beforeAll(async () => {
  shop = await startTestService({ demo: true });
  recorder = await startRecorder(shop.url);
  desk = await startDesk({
    serviceUrl: recorder.url,
    apiKey: shop.key,
    logger: { log: (level, msg, fields) => logLines.push(JSON.stringify({ level, msg, fields })) },
  });
});
afterAll(async () => {
  await desk?.close();
  await recorder?.close();
  await shop?.close();
});
beforeEach(() => {
  recorder.seen.length = 0;
});

const keyRequests = () => recorder.seen.filter((s) => /^(settings|pos)\.prro_key_/.test(s.method));
const reasonOf = (err: unknown) => (err as { details?: { reason?: string }[] }).details?.find((d) => d.reason)?.reason;

/** Every file of the desk's data folder, as bytes (SQLite's -wal and -shm too). */
function dataFiles(dir: string): Buffer[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? dataFiles(path) : [readFileSync(path)];
  });
}

describe("a register's key at the core", () => {
  it('is refused while nobody is signed in, and nothing is sent', async () => {
    await desk.api.signOut();
    await expect(desk.api.unlockKey({ kasm: 1, password: PASSWORD })).rejects.toMatchObject({ code: 'NOT_SIGNED_IN' });
    await expect(desk.api.loadKey({ kasm: 1, container: CONTAINER, password: PASSWORD })).rejects.toMatchObject({
      code: 'NOT_SIGNED_IN',
    });
    expect(keyRequests()).toEqual([]);
  });

  it("is sent at once with the cashier signed in; a cashier alone is refused in the back office's words", async () => {
    const signedIn = await desk.api.signIn({ kasm: 1, card: '1003', pin: '3003' });
    const cashier = (signedIn.rows[0] as { user_id?: string } | undefined)?.user_id;
    const refused = await desk.api.unlockKey({ kasm: 1, password: PASSWORD }).catch((e: unknown) => e);
    expect(reasonOf(refused)).toBe('key.not_manager');
    const [sent] = keyRequests();
    expect(sent?.method).toBe('pos.prro_key_unlock');
    expect(sent?.headers).toMatchObject({ 'x-cashier': cashier, 'x-manager-confirmation': undefined });
    expect(sent?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent?.body).toContain(PASSWORD);
  });

  it("carries a manager's confirmation for the key, and a fresh Idempotency-Key every time", async () => {
    const confirm = (action: 'key_unlock' | 'key_settings') =>
      desk.api.confirmManager({ kasm: 1, card: '1002', pin: '2002', action, subject: 'ключ КЕП каси 1' });
    const idOf = (r: { rows: readonly unknown[] }) => Number((r.rows[0] as { confirmation_id?: string }).confirmation_id);
    const unlockBy = idOf(await confirm('key_unlock'));
    // The demo's register has no key loaded: the confirmation got the cashier past the manager's check.
    const missing = await desk.api
      .unlockKey({ kasm: 1, password: PASSWORD }, { confirmation: unlockBy })
      .catch((e: unknown) => e);
    expect(reasonOf(missing)).toMatch(/^key\.(missing|password)$/);
    const settingsBy = idOf(await confirm('key_settings'));
    const off = await desk.api
      .setKeyUnattended({ kasm: 1, enabled: true, password: PASSWORD }, { confirmation: settingsBy })
      .catch((e: unknown) => e);
    expect(reasonOf(off)).toMatch(/^key\./);
    const sent = keyRequests();
    expect(sent.map((s) => [s.method, s.headers['x-manager-confirmation']])).toEqual([
      ['pos.prro_key_unlock', String(unlockBy)],
      ['settings.prro_key_unattended', String(settingsBy)],
    ]);
    const keys = sent.map((s) => s.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(2);
  });

  it('answers a container the service cannot open with its refusal, for a manager signed in', async () => {
    await desk.api.signIn({ kasm: 1, card: '1002', pin: '2002' });
    const refused = await desk.api
      .loadKey({ kasm: 1, container: CONTAINER, password: PASSWORD, cashier_registered: false })
      .catch((e: unknown) => e);
    expect(reasonOf(refused)).toMatch(/^key\.(format|password)$/);
    const [sent] = keyRequests();
    expect(sent?.headers['x-manager-confirmation']).toBeUndefined();
    expect(sent?.body).toContain(CONTAINER);
  });

  it('never queues, stores or logs the password or the key file, whatever became of them', async () => {
    expect(await desk.api.queueList()).toEqual([]);
    const secrets = [PASSWORD, CONTAINER, CONTAINER.slice(8, 40)];
    for (const file of dataFiles(desk.dataDir)) {
      for (const secret of secrets) expect(file.includes(Buffer.from(secret, 'utf8'))).toBe(false);
    }
    for (const secret of secrets) expect(logLines.join('\n')).not.toContain(secret);
  });
});
