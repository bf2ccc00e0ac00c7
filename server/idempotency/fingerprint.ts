/** What makes two requests "the same" under one Idempotency-Key: the method and canonical params. */
import { createHash } from 'node:crypto';
import { canonicalJson } from '../../shared-node/canonical-json.js';

/**
 * Fingerprint of validated params (defaults applied), so `{}` and the same with defaults agree,
 * and of who the write is for (X-Cashier, X-Manager-Confirmation): a receipt names its cashier, so
 * the same sale under another cashier is another request. Marked `v2:`; records of before carry
 * the method and params alone (`legacyFingerprint`) and are judged by them.
 */
export const fingerprint = (method: string, params: unknown, people: object): string =>
  `v2:${createHash('sha256').update(method).update('\n').update(canonicalJson(params)).update('\n').update(canonicalJson(people)).digest('hex')}`;

const legacyFingerprint = (method: string, params: unknown): string =>
  createHash('sha256').update(method).update('\n').update(canonicalJson(params)).digest('hex');

/** Whether a stored fingerprint is this request's, whichever version stored it. */
export function sameRequest(stored: string, method: string, params: unknown, people: object): boolean {
  return stored.startsWith('v2:') ? stored === fingerprint(method, params, people) : stored === legacyFingerprint(method, params);
}

/**
 * 1 to 255 printable ASCII characters, space included (0x20 to 0x7E; the project's choice, the
 * spec leaves the format open). HTTP drops spaces at either end of a header value.
 */
export const isValidIdempotencyKey = (key: string): boolean => /^[\x20-\x7e]{1,255}$/.test(key);
