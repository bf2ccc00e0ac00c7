import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileSecretStore } from './file-secret-store.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'secret-test-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const modeOf = (file: string) => statSync(file).mode & 0o777;

describe('FileSecretStore', () => {
  it('keeps the key in a file only its user can read or write (0600)', async () => {
    const file = join(dir, 'api-key');
    await new FileSecretStore(file).set('rk_first');
    expect(modeOf(file)).toBe(0o600);
    expect(await new FileSecretStore(file).get()).toBe('rk_first');
  });

  it('stays 0600 when it replaces a key file someone left readable by others', async () => {
    const file = join(dir, 'api-key');
    writeFileSync(file, 'rk_old');
    chmodSync(file, 0o644);
    const store = new FileSecretStore(file);
    await store.set('rk_new');
    expect(modeOf(file)).toBe(0o600);
    expect(await store.get()).toBe('rk_new');
  });

  it('has no key when the file is missing or blank', async () => {
    const file = join(dir, 'api-key');
    expect(await new FileSecretStore(file).get()).toBeUndefined();
    writeFileSync(file, '  \n');
    expect(await new FileSecretStore(file).get()).toBeUndefined();
  });
});
