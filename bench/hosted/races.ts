/**
 * The serialization retries of a stretch of bench:hosted, counted from PostgreSQL's own log: every
 * transaction that lost a SERIALIZABLE race (40001) or a deadlock (40P01) is an ERROR there with
 * its SQLSTATE (the bench's cluster logs `%e`, RACE_LOG_SETTINGS), and PgDb runs each such
 * transaction again. pg_stat_statements' ROLLBACKs are not that figure: they also count every
 * transaction a refusal ended (a business rule said no) and every request that failed, so they
 * are printed beside it as what they are. (bench:contention, issue 24 item 3, counts the same way.)
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';

/** What the cluster must be started with for RaceLog to count. */
export const RACE_LOG_SETTINGS = { log_line_prefix: "'[%e] '" } as const;

export interface Races {
  /** Transactions that lost a race (40001 serialization failure, 40P01 deadlock) and were run again. */
  readonly retries: number;
  readonly deadlocks: number;
}

export class RaceLog {
  constructor(private readonly file: string) {}

  /** Where the log ends now: count from here with `since`. */
  mark(): number {
    return statSync(this.file).size;
  }

  since(offset: number): Races {
    const end = this.mark();
    const buf = Buffer.alloc(Math.max(0, end - offset));
    const fd = openSync(this.file, 'r');
    try {
      readSync(fd, buf, 0, buf.length, offset);
    } finally {
      closeSync(fd);
    }
    let retries = 0;
    let deadlocks = 0;
    for (const m of buf.toString('utf8').matchAll(/^\[(40001|40P01)\] ERROR:/gm)) {
      retries++;
      if (m[1] === '40P01') deadlocks++;
    }
    return { retries, deadlocks };
  }
}
