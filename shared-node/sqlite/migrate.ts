/**
 * Versioned migrations that upgrade an existing file in place, so a till's data survives an
 * update. Each migration runs once, in its own transaction, and is recorded in `schema_migrations`.
 */
import type { Db } from '../sql/db.js';

export interface Migration {
  /** Unique and ordered: `0001_gateway`, `0002_goods`, ... */
  readonly id: string;
  readonly up: string | ((db: Db) => void);
  /**
   * The same change in PostgreSQL's own dialect, for the few the rewrite (shared-node/pg/dialect.ts)
   * cannot make; SQLite ignores it. A change PostgreSQL alone needs has `up: ''`.
   */
  readonly postgres?: string;
}

export function migrate(db: Db, migrations: readonly Migration[]): string[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    id TEXT PRIMARY KEY,
    applied_at TEXT NOT NULL
  ) STRICT`);
  const done = new Set(db.prepare('SELECT id FROM schema_migrations').pluck().all() as string[]);
  const applied: string[] = [];
  const ids = new Set<string>();
  for (const m of migrations) {
    if (ids.has(m.id)) throw new Error(`migration ${m.id} is listed twice`);
    ids.add(m.id);
  }
  const sorted = [...migrations].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const isDone = db.prepare('SELECT 1 FROM schema_migrations WHERE id = ?').pluck();
  for (const m of sorted) {
    if (done.has(m.id)) continue;
    // IMMEDIATE, and asked again under the write lock: two processes opening a new file at once
    // (`serve --workers N`, a shop's first requests) must not both run a migration, nor one of them
    // fail on a read snapshot the other's commit made stale.
    const ran = db
      .transaction(() => {
        if (isDone.get(m.id) !== undefined) return false;
        if (typeof m.up === 'string') db.exec(m.up);
        else m.up(db);
        db.prepare('INSERT INTO schema_migrations (id, applied_at) VALUES (?, ?)').run(m.id, new Date().toISOString());
        return true;
      })
      .immediate();
    if (ran) applied.push(m.id);
  }
  return applied;
}
