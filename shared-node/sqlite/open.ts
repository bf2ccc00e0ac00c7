/**
 * Opens a SQLite file the way anything a cashier was told is saved must be opened:
 * WAL, synchronous=FULL, foreign keys on, and a busy timeout instead of instant SQLITE_BUSY.
 */
import Database from 'better-sqlite3';

export type Db = Database.Database;

const BUSY_MS = 5000;
const pauseCell = new Int32Array(new SharedArrayBuffer(4));

export function openDatabase(file: string): Db {
  const db = new Database(file, { timeout: BUSY_MS });
  walMode(db);
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma(`busy_timeout = ${BUSY_MS}`);
  return db;
}

/**
 * Turns WAL on. Switching a new file's journal is refused at once (SQLITE_BUSY, without the busy
 * timeout) while another process opens the same file, as `serve --workers N` do meeting a new
 * shop: asked again for as long as the busy timeout, as any other lock is waited for.
 */
function walMode(db: Db): void {
  const deadline = Date.now() + BUSY_MS;
  for (;;) {
    try {
      db.pragma('journal_mode = WAL');
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() > deadline) {
        db.close();
        throw err;
      }
      Atomics.wait(pauseCell, 0, 0, 10);
    }
  }
}
