/** What makes two requests "the same" under one Idempotency-Key: the method and canonical params. */
import { createHash } from 'node:crypto';
import { canonicalJson } from '../../shared-node/canonical-json.js';

/** Fingerprint of validated params (defaults applied), so `{}` and the same with defaults agree. */
export const fingerprint = (method: string, params: unknown): string =>
  createHash('sha256').update(method).update('\n').update(canonicalJson(params)).digest('hex');

/** 1 to 255 printable ASCII characters (the project's choice; the spec leaves the format open). */
export const isValidIdempotencyKey = (key: string): boolean => /^[\x21-\x7e]{1,255}$/.test(key);
