/** What makes two requests "the same" under one Idempotency-Key: the method and canonical params. */
import { createHash } from 'node:crypto';

/** JSON with object members sorted, so member order does not change the fingerprint. */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    const entries = Object.keys(v as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((v as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(v);
}

/** Fingerprint of validated params (defaults applied), so `{}` and the same with defaults agree. */
export const fingerprint = (method: string, params: unknown): string =>
  createHash('sha256').update(method).update('\n').update(canonicalJson(params)).digest('hex');

/**
 * 1 to 255 printable ASCII characters, space included (0x20 to 0x7E; the project's choice, the
 * spec leaves the format open). HTTP drops spaces at either end of a header value.
 */
export const isValidIdempotencyKey = (key: string): boolean => /^[\x20-\x7e]{1,255}$/.test(key);
