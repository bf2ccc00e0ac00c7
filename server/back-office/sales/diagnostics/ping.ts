/** service.ping: the database must really answer, not just the process be alive. */
import type { op } from '../../../../shared/contract/index.js';
import type { Db } from '../../../../shared-node/sql/db.js';
import { statements } from '../../core/statements.js';
import type { Handler } from '../../handlers.js';

// Reads a real table, so a missing or unreadable database fails here with its own error.
const prepare = (db: Db) => db.prepare<[], number>('SELECT 1 FROM schema_migrations LIMIT 1').pluck();

export const ping: Handler<typeof op.service.ping> = (_p, { db }) => {
  statements(db, prepare).get();
  return { status: {} };
};
