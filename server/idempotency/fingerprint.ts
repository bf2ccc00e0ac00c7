/** What makes two requests "the same" under one Idempotency-Key: the method and canonical params. */
import { createHash } from 'node:crypto';
import { withoutSecrets } from '../../shared/contract/secrets.js';
import { canonicalJson } from '../../shared-node/canonical-json.js';

const hashOf = (method: string, params: unknown, people: object): string =>
  createHash('sha256')
    .update(method)
    .update('\n')
    .update(canonicalJson(params))
    .update('\n')
    .update(canonicalJson(people))
    .digest('hex');

/**
 * Fingerprint of validated params (defaults applied), so `{}` and the same with defaults agree,
 * and of who the write is for (X-Cashier, X-Manager-Confirmation): a receipt names its cashier, so
 * the same sale under another cashier is another request. A PIN or a key's password is left out
 * (shared/contract/secrets.ts): the record is kept for days, and a SHA-256 over them would let a
 * guess be checked in microseconds. Marked `v3:`; records of before carry `v2:` (secrets in) or
 * the method and params alone (`legacyFingerprint`), and are judged by what they carry.
 */
export const fingerprint = (method: string, params: unknown, people: object): string =>
  `v3:${hashOf(method, withoutSecrets(params), people)}`;

const legacyFingerprint = (method: string, params: unknown): string =>
  createHash('sha256').update(method).update('\n').update(canonicalJson(params)).digest('hex');

/** Whether a stored fingerprint is this request's, whichever version stored it. */
export function sameRequest(stored: string, method: string, params: unknown, people: object): boolean {
  if (stored.startsWith('v3:')) return stored === fingerprint(method, params, people);
  if (stored.startsWith('v2:')) return stored === `v2:${hashOf(method, params, people)}`;
  return stored === legacyFingerprint(method, params);
}

/**
 * 1 to 255 printable ASCII characters, space included (0x20 to 0x7E; the project's choice, the
 * spec leaves the format open). HTTP drops spaces at either end of a header value.
 */
export const isValidIdempotencyKey = (key: string): boolean => /^[\x20-\x7e]{1,255}$/.test(key);
