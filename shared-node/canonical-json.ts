/**
 * JSON with object members sorted, so member order does not change it: what makes two requests
 * "the same" under one Idempotency-Key (server/idempotency), and one cache key per read whatever
 * the order of its params (electron/core/cache).
 */
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
