/**
 * Exponential backoff with full jitter (a random wait between zero and the capped exponential):
 * many tills coming back online at once spread their retries instead of arriving together.
 */
export interface Backoff {
  readonly baseMs: number;
  readonly maxMs: number;
  readonly random: () => number;
}

/** The wait before attempt `attempt + 1`, after `attempt` (from 1) attempts failed. */
export function backoffDelay(attempt: number, b: Backoff): number {
  const cap = Math.min(b.maxMs, b.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.floor(b.random() * cap);
}
