/**
 * The desk's logs for support, through the bridge (logsSave) on a demo desk: its log lines in
 * rotating files, saved as one text with the till's head and the crash reports listed, by someone
 * signed in only; what a cashier types (a PIN) and the service key are never in it.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BridgeError } from '../../../shared/bridge/errors.js';
import { jsonLogger } from '../../../shared-node/log/logger.js';
import { rotatingFile } from '../../../shared-node/log/rotating-file.js';
import { startDesk, type TestDesk } from '../testing/desk.js';

const root = mkdtempSync(join(tmpdir(), 'desk-logs-'));
const files = rotatingFile({ dir: join(root, 'logs'), name: 'desk', maxBytes: 64 * 1024, files: 3 });
const crashDir = join(root, 'crashes');
let desk: TestDesk;

beforeAll(async () => {
  mkdirSync(join(crashDir, 'completed'), { recursive: true });
  writeFileSync(join(crashDir, 'completed', 'a1b2c3.dmp'), 'MDMP');
  desk = await startDesk({ demo: true, logger: jsonLogger('info', (l) => files.write(l)), logFiles: files, crashDir });
}, 120_000);
afterAll(async () => {
  await desk?.close();
  files.close();
  rmSync(root, { recursive: true, force: true });
});

describe('save logs', () => {
  it('is refused with nobody signed in', async () => {
    await expect(desk.api.logsSave()).rejects.toMatchObject({ code: 'NOT_SIGNED_IN' } satisfies Partial<BridgeError>);
  });

  it('saves the log files, the till’s head and the crash reports, and no PIN or key', async () => {
    await desk.api.signIn({ kasm: 1, card: '1003', pin: '0000' }).catch(() => undefined);
    await desk.api.signIn({ kasm: 1, card: '1003', pin: '3003' });
    await desk.api.reportError({ screen: 'sale', message: 'TypeError: l is not a function' });
    const saved = await desk.api.logsSave();
    expect(saved?.path).toMatch(/support[/\\]cashdesk-logs-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.txt$/);
    const text = readFileSync(saved?.path as string, 'utf8');
    expect(Buffer.byteLength(text)).toBe(saved?.bytes);
    expect(text).toMatch(/^Cashdesk logs, saved /);
    expect(text).toContain('till: 1');
    expect(text).toContain(join(crashDir, 'completed', 'a1b2c3.dmp'));
    expect(text).toContain('"msg":"interface error"');
    expect(text).toContain('TypeError: l is not a function');
    expect(text).not.toContain('3003');
    expect(text).not.toContain(readFileSync(desk.secretFile, 'utf8').trim().slice(0, 16));
  });
});
