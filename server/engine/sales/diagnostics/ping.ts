/** service.ping: the database must really answer, not just the process be alive. */
import type { Db } from '../../../db/open.js';
import { statements } from '../../core/statements.js';
import type { Handler } from '../../handlers.js';

// Reads a real table, so a missing or unreadable database fails here with its own error.
const prepare = (db: Db) => db.prepare<[], number>('SELECT count(*) FROM schema_migrations').pluck();

export const ping: Handler<'service.ping'> = (_p, { db }) => {
  statements(db, prepare).get();
  return { status: {} };
};
