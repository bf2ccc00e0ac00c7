import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type SafeStorageLike, SafeStorageSecretStore } from './safe-storage-secret-store.js';

/** Reversible stand-in for safeStorage: enough to see that the file never holds the key in clear. */
const fakeSafeStorage = (available = true): SafeStorageLike => ({
  isEncryptionAvailable: () => available,
  encryptString: (s) => Buffer.from(`sealed:${Buffer.from(s).toString('base64')}`),
  decryptString: (b) => Buffer.from(b.toString().replace(/^sealed:/, ''), 'base64').toString(),
});

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cashdesk-secret-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('SafeStorageSecretStore', () => {
  it('has no key until one is set', async () => {
    expect(await new SafeStorageSecretStore(join(dir, 'key.bin'), fakeSafeStorage()).get()).toBeUndefined();
  });

  it('stores the key encrypted, readable only by its user, and reads it back', async () => {
    const file = join(dir, 'key.bin');
    const store = new SafeStorageSecretStore(file, fakeSafeStorage());
    await store.set('k3y-secret-value');
    expect(readFileSync(file, 'utf8')).not.toContain('k3y-secret-value');
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(await new SafeStorageSecretStore(file, fakeSafeStorage()).get()).toBe('k3y-secret-value');
  });

  it('refuses to store the key when the system offers no encryption', async () => {
    const store = new SafeStorageSecretStore(join(dir, 'key.bin'), fakeSafeStorage(false));
    await expect(store.set('k3y-secret-value')).rejects.toThrow(/encryption/);
  });
});
