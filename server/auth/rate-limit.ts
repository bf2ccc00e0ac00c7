/**
 * A token bucket per API key: a burst allowance refilled at a steady rate. In memory, per process;
 * processes sharing a PostgreSQL store share one bucket per key instead (shared-rate-limit.ts).
 */
export interface RateLimit {
  /** Sustained requests per second per key. */
  readonly perSecond: number;
  /** Requests a key may make at once before the rate applies. */
  readonly burst: number;
}

/** Generous: a till makes a few requests a second; a store server or a sync job more. */
export const DEFAULT_RATE_LIMIT: RateLimit = { perSecond: 200, burst: 400 };

/** Takes one request's token for a key: 0 when allowed, else the seconds to wait before the next one. */
export interface RateLimiting {
  take(key: string): number;
}

/** The seconds until a bucket holding `tokens` has one again. */
export const secondsToWait = (tokens: number, limit: RateLimit): number => Math.max(1, Math.ceil((1 - tokens) / limit.perSecond));

export class RateLimiter implements RateLimiting {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly limit: RateLimit,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** Takes one token; returns 0 when allowed, else the seconds to wait before the next one. */
  take(key: string): number {
    const now = this.clock();
    const b = this.buckets.get(key) ?? { tokens: this.limit.burst, at: now };
    b.tokens = Math.min(this.limit.burst, b.tokens + ((now - b.at) / 1000) * this.limit.perSecond);
    b.at = now;
    this.buckets.set(key, b);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return 0;
    }
    return secondsToWait(b.tokens, this.limit);
  }
}
