/**
 * The one definition of the `api_keys` table (what server/auth/keys.ts reads and writes). Two
 * schemas create it, on SQLite and PostgreSQL alike (the same migrations are translated): a back
 * office file's (server/gateway/schema.ts), where every key is the file's own, and a data folder's
 * registry (server/clients/registry.ts), where each key names its client. They must differ in that
 * one column only: the registry's client_id references its clients table, which a back office file
 * has not; a back office file got its client_id later, as a migration of its own (defaulting to ''
 * for the keys it already had). So the columns they share are written here once.
 */

/** The columns every api_keys table has, as SQL column definitions. */
const SHARED_COLUMNS = `  id TEXT PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  secret_hash TEXT NOT NULL,
  scopes TEXT NOT NULL,
  created_at TEXT NOT NULL,
  revoked_at TEXT`;

/** `CREATE TABLE api_keys`, with the shared columns and, where the schema has one, its client column. */
export const createApiKeysTable = (clientColumn?: string): string =>
  `CREATE TABLE api_keys (
${SHARED_COLUMNS}${clientColumn === undefined ? '' : `,\n  ${clientColumn}`}
) STRICT;`;
