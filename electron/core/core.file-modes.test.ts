/**
 * Issue 12, item 6: the data folder is 0700 and every file in it 0600 (settings, the key file, the
 * outbox, the catalogue copy and the embedded back office, with SQLite's -wal and -shm files),
 * whatever the umask the desk was started with.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDesk, type TestDesk, waitUntil } from './testing/desk.js';

const mode = (path: string) => statSync(path).mode & 0o777;
const modes = (dir: string) => Object.fromEntries(readdirSync(dir).map((name) => [name, mode(join(dir, name)).toString(8)]));

let umask: number;
beforeAll(() => {
  // The usual umask of a desk started by hand: files 0644 and folders 0755 unless the desk says otherwise.
  umask = process.umask(0o022);
});
afterAll(() => {
  process.umask(umask);
});

describe.skipIf(process.platform === 'win32')('the data folder', () => {
  let desk: TestDesk | undefined;
  afterAll(async () => {
    await desk?.close();
  });

  it('is 0700 with every file 0600, SQLite write-ahead logs included, on an embedded desk that has sold', async () => {
    desk = await startDesk();
    await desk.api.settingsUpdate({ language: 'en' });
    expect((await desk.api.write('catalog.contrag.save', { nt: 'File modes' })).status).toBe('done');
    await waitUntil(
      () => (readdirSync(desk!.dataDir) as string[]).includes('catalog.sqlite-wal'),
      'the catalogue copy was written',
    );
    const files = readdirSync(desk.dataDir);
    for (const expected of [
      'settings.json',
      'api-key',
      'outbox.sqlite',
      'outbox.sqlite-wal',
      'outbox.sqlite-shm',
      'catalog.sqlite',
      'catalog.sqlite-wal',
      'backoffice.sqlite',
      'backoffice.sqlite-wal',
      'backoffice.sqlite-shm',
    ])
      expect(files).toContain(expected);
    expect(mode(desk.dataDir).toString(8)).toBe('700');
    expect(modes(desk.dataDir)).toEqual(Object.fromEntries(files.map((f) => [f, '600'])));
  });

  it('is put right at the start of a desk whose older version left it readable', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'desk-modes-')), 'data');
    try {
      mkdirSync(dir, { mode: 0o755 });
      writeFileSync(join(dir, 'settings.json'), '{"serviceUrl":"http://127.0.0.1:9"}\n', { mode: 0o644 });
      writeFileSync(join(dir, 'outbox.sqlite'), '', { mode: 0o644 });
      const old = await startDesk({ dataDir: dir });
      await old.stop();
      expect(mode(dir).toString(8)).toBe('700');
      const files = readdirSync(dir);
      expect(modes(dir)).toEqual(Object.fromEntries(files.map((f) => [f, '600'])));
    } finally {
      rmSync(join(dir, '..'), { recursive: true, force: true });
    }
  });
});
