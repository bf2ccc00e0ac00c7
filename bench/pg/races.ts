/**
 * The transactions that lost a race, counted from PostgreSQL's own log: every transaction that
 * lost a SERIALIZABLE race (40001) or a deadlock (40P01) is an ERROR there with its SQLSTATE (the
 * benches' clusters log `%e`, RACE_LOG_SETTINGS), and PgDb runs each such transaction again. The
 * STATEMENT line after the error says which statement lost. pg_stat_statements' ROLLBACKs are not
 * this figure: they also count every transaction a refusal ended (a business rule said no) and
 * every request that failed. bench:contention and bench:hosted both count this way.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';

/** What the cluster must be started with for RaceLog to count. */
export const RACE_LOG_SETTINGS = { log_line_prefix: "'[%e] '" } as const;

export interface Races {
  /** Transactions that lost a race (40001 serialization failure, 40P01 deadlock) and were run again. */
  readonly retries: number;
  readonly deadlocks: number;
  /** How many lost at each statement (its first 90 characters). */
  readonly where: ReadonlyMap<string, number>;
}

/** A cluster's log file (its data folder's `log`), read in stretches. */
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
    return raceLosses(buf.toString('utf8'));
  }
}

/** Serialization failures and deadlocks in a stretch of the log, by the statement that lost. */
export function raceLosses(log: string): Races {
  const lines = log.split('\n');
  const where = new Map<string, number>();
  let retries = 0;
  let deadlocks = 0;
  lines.forEach((line, i) => {
    const m = /^\[(40001|40P01)\] ERROR:/.exec(line);
    if (!m) return;
    retries++;
    if (m[1] === '40P01') deadlocks++;
    // DETAIL and HINT lines come first, then the STATEMENT (it may run over several lines).
    let statement = '(no statement logged)';
    for (let j = i + 1; j < Math.min(lines.length, i + 8); j++) {
      const s = /^\[\w*\] STATEMENT:\s+(.*)$/.exec(lines[j] as string);
      if (s) {
        statement = (s[1] as string).replace(/\s+/g, ' ').slice(0, 90);
        break;
      }
    }
    where.set(statement, (where.get(statement) ?? 0) + 1);
  });
  return { retries, deadlocks, where };
}
