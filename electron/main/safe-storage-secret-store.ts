/**
 * The API key in the desktop app: encrypted with Electron's safeStorage (DPAPI on Windows, the
 * keychain on macOS, the secret service on Linux) in a file in userData. Electron's safeStorage
 * is passed in, so this runs and is tested without the Electron binary.
 */
import { chmod, readFile, rename, writeFile } from 'node:fs/promises';
import type { SafeStorage } from 'electron';
import type { SecretStore } from '../core/secrets/secret-store.js';

export type SafeStorageLike = Pick<SafeStorage, 'isEncryptionAvailable' | 'encryptString' | 'decryptString'>;

export class SafeStorageSecretStore implements SecretStore {
  constructor(
    private readonly file: string,
    private readonly safeStorage: SafeStorageLike,
  ) {}

  async get(): Promise<string | undefined> {
    let sealed: Buffer;
    try {
      sealed = await readFile(this.file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
    this.requireEncryption();
    const value = this.safeStorage.decryptString(sealed);
    return value === '' ? undefined : value;
  }

  async set(value: string): Promise<void> {
    // Refuse rather than fall back to plain text: a readable key on a till is worse than none.
    this.requireEncryption();
    const tmp = `${this.file}.tmp`;
    await writeFile(tmp, this.safeStorage.encryptString(value), { mode: 0o600 });
    await chmod(tmp, 0o600);
    await rename(tmp, this.file);
  }

  private requireEncryption(): void {
    if (!this.safeStorage.isEncryptionAvailable())
      throw new Error('the operating system offers no encryption for the API key (safeStorage)');
  }
}
