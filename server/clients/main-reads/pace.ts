/**
 * How long the main thread waits for its reads (main-reads.ts), and whether it may go on doing so.
 * While the main thread waits for PostgreSQL it serves no other request, which is worth it only
 * while a read's round trip is short: under bench:pg's till load on a two-core machine with
 * PostgreSQL beside the service, the main thread waited 0.6 ms a lookup on average. Each read's wait is weighed into a running average; once it passes `mostMs` (a
 * database far away, a machine out of CPU, a statement cut by its timeout) the main thread's
 * reads stop for `pauseMs` and the threads make them, as they make everything else, and then the
 * main thread tries again.
 */

/** How much one read moves the average: the last few tens of reads count. */
const WEIGHT = 1 / 32;

export interface PaceOptions {
  /** The average wait past which reads leave the main thread. */
  readonly mostMs: number;
  /** For how long they do. */
  readonly pauseMs: number;
}

export class ReadPace {
  private average = 0;
  private pausedUntil = Number.NEGATIVE_INFINITY;

  constructor(private readonly opts: PaceOptions) {}

  /** Whether the main thread may make a read at `now` (ms, performance.now()). */
  allows(now: number): boolean {
    return now >= this.pausedUntil;
  }

  /**
   * The main thread waited `ms` for a read that ended at `now`: the average that
   * stops its reads for a while when it does (for the log), else undefined.
   */
  waited(ms: number, now: number): number | undefined {
    this.average += (ms - this.average) * WEIGHT;
    if (this.average <= this.opts.mostMs) return undefined;
    const average = this.average;
    this.pausedUntil = now + this.opts.pauseMs;
    // Measured afresh once they are back.
    this.average = 0;
    return average;
  }
}
