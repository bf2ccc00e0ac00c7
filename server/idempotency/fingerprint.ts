/** What makes two requests "the same" under one Idempotency-Key: the method and canonical params. */
import { createHash } from 'node:crypto';
import { canonicalJson } from '../../shared-node/canonical-json.js';

/** Fingerprint of validated params (defaults applied), so `{}` and the same with defaults agree. */
export const fingerprint = (method: string, params: unknown): string =>
  createHash('sha256').update(method).update('\n').update(canonicalJson(params)).digest('hex');

/**
 * 1 to 255 printable ASCII characters, space included (0x20 to 0x7E; the project's choice, the
 * spec leaves the format open). HTTP drops spaces at either end of a header value.
 */
export const isValidIdempotencyKey = (key: string): boolean => /^[\x20-\x7e]{1,255}$/.test(key);
