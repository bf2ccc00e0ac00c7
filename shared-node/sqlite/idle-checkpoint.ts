/**
 * Checkpoints a WAL database while nobody waits. SQLite's own autocheckpoint runs inside the commit
 * that pushes the WAL past 1,000 pages, so every ~13th 20-line close also copies a thousand pages
 * into the main file and fsyncs it: that close is the p99 (bench:back-office's profile). A till writes
 * in bursts a cashier's pace apart, so a small PASSIVE checkpoint a moment after the last write
 * keeps the WAL short and the autocheckpoint never fires in a commit. Under a load that never
 * pauses the timer never fires and the autocheckpoint stays the bound on the WAL, as before.
 *
 * A checkpoint only copies committed pages into the main file: durability is the commit's
 * (synchronous=FULL), not this.
 */
import type { Db } from './open.js';

export interface IdleCheckpoint {
  /** Tell it a write committed; the checkpoint runs once `quietMs` pass with no further write. */
  wrote(): void;
  /** No checkpoint after this (the database is closing). */
  stop(): void;
}

/** How long after the last write: longer than the gap between the writes of one sale through the outbox. */
export const DEFAULT_QUIET_MS = 20;

export function idleCheckpoint(db: Db, quietMs = DEFAULT_QUIET_MS, onError?: (err: unknown) => void): IdleCheckpoint {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const run = () => {
    timer = undefined;
    if (stopped || !db.open) return;
    try {
      // PASSIVE never waits for a reader or writer: whatever it cannot copy now, the next one will.
      db.pragma('wal_checkpoint(PASSIVE)');
    } catch (err) {
      onError?.(err);
    }
  };
  return {
    wrote() {
      if (stopped) return;
      if (timer) timer.refresh();
      // unref: a pending checkpoint never keeps a process alive that has nothing else to do.
      else timer = setTimeout(run, quietMs).unref();
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}
