/**
 * The outbox table, on its own SQLite file. Times are integer milliseconds (compared in SQL for
 * purging and backoff) and become ISO 8601 only in QueueItem. Ids come from AUTOINCREMENT so an id
 * is never handed out twice, even after purged items leave the top of the table: the interface and
 * `waitingFor` refer to items by id.
 */
import type { Migration } from '../../../shared-node/sqlite/migrate.js';

export const outboxMigrations: readonly Migration[] = [
  {
    id: '0001_outbox',
    up: `
      CREATE TABLE outbox (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        method TEXT NOT NULL,
        params TEXT NOT NULL,
        grp TEXT NOT NULL,
        summary TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('queued', 'sending', 'done', 'refused', 'reconcile', 'reconciled')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER,
        last_error TEXT,
        result TEXT,
        idempotency_key TEXT NOT NULL UNIQUE,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        note TEXT
      ) STRICT;
      CREATE INDEX outbox_state ON outbox (state, id);
      -- Small partial indexes: the journal of done items grows large, the open items stay few.
      CREATE INDEX outbox_open ON outbox (grp, id) WHERE state IN ('queued', 'sending', 'refused', 'reconcile');
      CREATE INDEX outbox_blocking ON outbox (grp, id) WHERE state IN ('refused', 'reconcile');
    `,
  },
  {
    // The service each write was made for, and only ever sent to ('' is the embedded one; rows
    // from before are adopted by the service the till works with when it starts: store.ts).
    // The label is what the interface shows, in its language (api.ts, WriteLabel).
    id: '0002_outbox_service',
    up: `
      ALTER TABLE outbox ADD COLUMN service TEXT;
      ALTER TABLE outbox ADD COLUMN label TEXT;
      CREATE INDEX outbox_service ON outbox (service, state, id);
    `,
  },
  {
    // The signed-in cashier the write was made by: sent with it (header X-Cashier) whenever it is
    // sent, so a sale queued offline is the cashier's who rang it up, not whoever is signed in later.
    // A manager's confirmation it carries goes with it the same way (X-Manager-Confirmation).
    id: '0003_outbox_cashier',
    up: `
      ALTER TABLE outbox ADD COLUMN cashier_id INTEGER;
      ALTER TABLE outbox ADD COLUMN cashier TEXT;
      ALTER TABLE outbox ADD COLUMN confirmation_id INTEGER;
    `,
  },
];
