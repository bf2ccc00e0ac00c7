/**
 * One token bucket per API key shared by every service process on a PostgreSQL store (`serve --db
 * postgres://… --workers N`, or processes on several machines): a chain behind one service expects
 * one limit, not N. The bucket is a row of the registry's rate_buckets, refilled and taken in one
 * upsert, which PostgreSQL runs under the row's lock: two processes taking at once each see the
 * other's take. Time is each process's wall clock (machines of one service keep NTP time; a clock a
 * little behind only refills a little later). One round trip a request, on the registry's own
 * connection.
 */
import type { Db, Statement } from '../../shared-node/sql/db.js';
import { type RateLimit, type RateLimiting, secondsToWait } from './rate-limit.js';

// Written once for both dialects (shared-node/pg/dialect.ts): CASE, not min()/LEAST.
const REFILLED = `(rate_buckets.tokens + (CASE WHEN @now > rate_buckets.at_ms THEN @now - rate_buckets.at_ms ELSE 0 END) * @per_ms)`;
const CAPPED = `(CASE WHEN ${REFILLED} > @burst THEN @burst ELSE ${REFILLED} END)`;
const TAKE = `
INSERT INTO rate_buckets (key_id, tokens, at_ms, allowed) VALUES (@key, CAST(@burst AS REAL) - 1, CAST(@now AS REAL), 1)
ON CONFLICT (key_id) DO UPDATE SET
  tokens = CASE WHEN ${CAPPED} >= 1 THEN ${CAPPED} - 1 ELSE ${CAPPED} END,
  allowed = CASE WHEN ${CAPPED} >= 1 THEN 1 ELSE 0 END,
  at_ms = CASE WHEN @now > rate_buckets.at_ms THEN @now ELSE rate_buckets.at_ms END
RETURNING tokens, allowed`;

export class SharedRateLimiter implements RateLimiting {
  private readonly take_: Statement;

  constructor(
    db: Db,
    private readonly limit: RateLimit,
    private readonly clock: () => number = Date.now,
  ) {
    this.take_ = db.prepare(TAKE);
  }

  take(key: string): number {
    const row = this.take_.get({
      key,
      now: this.clock(),
      burst: this.limit.burst,
      per_ms: this.limit.perSecond / 1000,
    }) as { tokens: number; allowed: number };
    return Number(row.allowed) === 1 ? 0 : secondsToWait(Number(row.tokens), this.limit);
  }
}
