/** A SecretStore in a file only its user can read (0600), for browser mode and development. */
import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { SecretStore } from './secret-store.js';

export class FileSecretStore implements SecretStore {
  constructor(private readonly file: string) {}

  async get(): Promise<string | undefined> {
    if (!existsSync(this.file)) return undefined;
    const value = readFileSync(this.file, 'utf8').trim();
    return value === '' ? undefined : value;
  }

  async set(value: string): Promise<void> {
    const tmp = `${this.file}.tmp`;
    writeFileSync(tmp, value, { mode: 0o600 });
    chmodSync(tmp, 0o600);
    renameSync(tmp, this.file);
  }
}
