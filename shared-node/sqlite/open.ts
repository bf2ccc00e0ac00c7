/**
 * Opens a SQLite file the way anything a cashier was told is saved must be opened:
 * WAL, synchronous=FULL, foreign keys on, and a busy timeout instead of instant SQLITE_BUSY.
 */
import Database from 'better-sqlite3';

export type Db = Database.Database;

export function openDatabase(file: string): Db {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  return db;
}
