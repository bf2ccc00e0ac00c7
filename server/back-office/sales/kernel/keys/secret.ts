/**
 * The service's own secret, for a shop that chose unattended work: the key's password is kept
 * encrypted with it (AES-256-GCM), so a copy of the database alone does not give the password.
 * The secret is a file of 32 random bytes beside the database, readable by the service's user
 * only (0600), made the first time a shop asks for it.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { PRIVATE_FILE_MODE, privateFile } from '../../../../../shared-node/fs/private-files.js';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class ServiceSecret {
  private key: Buffer | undefined;

  constructor(readonly file: string) {}

  private material(): Buffer {
    if (this.key) return this.key;
    if (!existsSync(this.file)) writeFileSync(this.file, randomBytes(KEY_BYTES), { mode: PRIVATE_FILE_MODE, flag: 'wx' });
    privateFile(this.file);
    const key = readFileSync(this.file);
    if (key.length !== KEY_BYTES) throw new Error(`the service secret ${this.file} is not ${KEY_BYTES} bytes`);
    this.key = key;
    return key;
  }

  seal(text: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.material(), iv);
    const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
  }

  /** The text sealed; undefined when it was sealed with another secret (a database moved without it). */
  open(sealed: string): string | undefined {
    const raw = Buffer.from(sealed, 'base64');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.material(), raw.subarray(0, IV_BYTES));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      return undefined;
    }
  }
}
