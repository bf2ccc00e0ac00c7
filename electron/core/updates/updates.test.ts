/**
 * Updates reach a till only between shifts (issue 22): a fake update server serves metadata built
 * by build/update-metadata.ts (electron-builder's latest.yml) and an installer; the real
 * electron-updater (NsisUpdater, on a test app adapter instead of Electron's app) asks it and
 * downloads; a real desk on the demo shop decides. With the till's shift open the server is not even
 * asked; with writes waiting neither; once the shift is closed the update is downloaded, checked
 * and offered, and installing it is a manager's. A download that does not match the metadata, or
 * whose signature the verifier refuses, is never offered.
 */

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NsisUpdater } from 'electron-updater';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateMetadata } from '../../../build/update-metadata.js';
import { startDesk, type TestDesk } from '../testing/desk.js';
import { electronUpdaterPort } from './electron-updater-port.js';
import { NodeHttpExecutor } from './testing/node-http-executor.js';

const root = mkdtempSync(join(tmpdir(), 'updates-'));
const served = join(root, 'server');
const asked: string[] = [];
let server: Server;
let url: string;
let desk: TestDesk;
let installs = 0;
let signatureOk = true;

/** An installer and its metadata on the server; `tamper` serves other bytes than the metadata says. */
function publish(version: string, tamper = false) {
  const installer = join(served, `Cashdesk-Setup-${version}-x64.exe`);
  writeFileSync(installer, `MZ installer of ${version}`);
  const metadata = updateMetadata(installer, version, new Date('2026-11-28T10:00:00Z'));
  if (tamper) writeFileSync(installer, `MZ something else ${version}`);
  // The channel file of the platform electron-updater runs on (latest.yml on Windows).
  writeFileSync(join(served, 'latest.yml'), metadata);
  writeFileSync(join(served, 'latest-linux.yml'), metadata);
}

function testUpdater(): NsisUpdater {
  const app = join(root, 'app');
  mkdirSync(app, { recursive: true });
  const config = join(app, 'app-update.yml');
  writeFileSync(
    config,
    `provider: generic\nurl: ${url}\nupdaterCacheDirName: cashdesk-updater\npublisherName:\n  - Cashdesk LLC\n`,
  );
  const updater = new NsisUpdater(null, {
    version: '0.1.0',
    name: 'Cashdesk',
    isPackaged: true,
    appUpdateConfigPath: config,
    userDataPath: join(root, 'user'),
    baseCachePath: join(root, 'cache'),
    whenReady: () => Promise.resolve(),
    relaunch: () => {},
    quit: () => {},
    onQuit: () => {},
  });
  // Node's HTTP instead of Electron's net.
  (updater as unknown as { httpExecutor: unknown }).httpExecutor = new NodeHttpExecutor();
  updater.logger = null;
  // Authenticode is PowerShell's on Windows; here a verifier that refuses what the test says is unsigned.
  updater.verifyUpdateCodeSignature = async (publishers) =>
    signatureOk && publishers.includes('Cashdesk LLC') ? null : 'not signed by Cashdesk LLC';
  updater.quitAndInstall = () => {
    installs++;
  };
  return updater;
}

beforeAll(async () => {
  mkdirSync(served, { recursive: true });
  server = createServer((req, res) => {
    asked.push(req.url ?? '');
    try {
      res.end(readFileSync(join(served, decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/'))));
    } catch {
      res.statusCode = 404;
      res.end();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  publish('0.2.0');
  desk = await startDesk({ demo: true, updater: electronUpdaterPort(testUpdater()), updateEveryMs: 3_600_000 });
}, 120_000);
afterAll(async () => {
  await desk?.close();
  server?.close();
  rmSync(root, { recursive: true, force: true });
});

/** pos.shift_state's shift_id is empty or null without an open shift. */
const isOpen = (row: unknown) => {
  const id = (row as { shift_id: unknown }).shift_id;
  return id !== null && id !== '';
};

/** Closes till 1's shift, once the simulated tax server has taken its documents (the Z waits for them). */
async function closeShift(d: TestDesk): Promise<void> {
  const until = Date.now() + 90_000;
  for (;;) {
    const state = await d.api.read('pos.shift_state', { kasm: 1 });
    if (!isOpen(state.result.rows[0])) return;
    const closed = await d.api.write('pos.shift_close', { kasm: 1 }, { waitMs: 20_000 });
    if (closed.status === 'done') return;
    const unsent = closed.status === 'refused' && closed.error.details.some((x) => x.reason === 'shift.unsent_documents');
    if (!unsent || Date.now() > until) throw new Error(`the shift did not close: ${JSON.stringify(closed)}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

const shiftOpen = async () => isOpen((await desk.api.read('pos.shift_state', { kasm: 1 })).result.rows[0]);

describe('an update', () => {
  it('is not even asked for while the till’s shift is open, nor installed', async () => {
    const manager = (await desk.api.signIn({ kasm: 1, card: '1002', pin: '2002' })).rows[0] as { id: number };
    if (!(await shiftOpen()))
      await desk.api.write('pos.shift_open', { kasm: 1, cashier: manager.id, float: '0' }, { waitMs: 10_000 });
    expect(await shiftOpen()).toBe(true);
    asked.length = 0;
    expect(await desk.core.pollUpdates()).toMatchObject({ state: 'waiting', reason: 'shift_open' });
    expect(asked).toEqual([]);
    expect(await desk.api.updateInstall()).toMatchObject({ state: 'waiting' });
    expect(installs).toBe(0);
  });

  it('is downloaded, checked and offered once the shift is closed, and installed by a manager', {
    timeout: 120_000,
  }, async () => {
    await closeShift(desk);
    expect(await shiftOpen()).toBe(false);
    expect(await desk.core.pollUpdates()).toEqual({ state: 'ready', version: '0.2.0', reason: null });
    expect(asked.some((a) => a.startsWith('/latest'))).toBe(true);
    expect(asked).toContain('/Cashdesk-Setup-0.2.0-x64.exe');
    expect((await desk.api.status()).update).toEqual({ state: 'ready', version: '0.2.0', reason: null });
    await desk.api.signOut();
    await expect(desk.api.updateInstall()).rejects.toMatchObject({ code: 'NOT_A_MANAGER' });
    expect(installs).toBe(0);
    await desk.api.signIn({ kasm: 1, card: '1002', pin: '2002' });
    await desk.api.updateInstall();
    expect(installs).toBe(1);
  });
});

describe('a download that is not what the server said it is', () => {
  it('is never offered: bytes that do not match the metadata, or a signature the verifier refuses', {
    timeout: 180_000,
  }, async () => {
    const other = await startDesk({ demo: true, updater: electronUpdaterPort(testUpdater()), updateEveryMs: 3_600_000 });
    try {
      await other.api.signIn({ kasm: 1, card: '1002', pin: '2002' });
      await closeShift(other);
      publish('0.3.0', true);
      const tampered = await other.core.pollUpdates();
      expect(tampered, JSON.stringify(tampered)).toMatchObject({ state: 'error', reason: expect.stringMatching(/sha512/i) });
      publish('0.3.1');
      signatureOk = false;
      expect(await other.core.pollUpdates()).toMatchObject({ state: 'error', reason: expect.stringMatching(/Cashdesk LLC/) });
      signatureOk = true;
      expect(await other.core.pollUpdates()).toEqual({ state: 'ready', version: '0.3.1', reason: null });
    } finally {
      await other.close();
    }
  });
});
