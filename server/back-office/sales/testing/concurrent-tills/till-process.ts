/**
 * A till in a process of its own, for two-tills.test.ts (held-close.ts starts it): closes one sale
 * on the given PostgreSQL schema at the given shop time and prints its receipt number and how many
 * times its transaction ran again, as one JSON line.
 *   till-process.ts URL SCHEMA ROWIDS_JSON NOW_ISO PARAMS_JSON
 */
import { op } from '../../../../../shared/contract/index.js';
import { PgDb } from '../../../../../shared-node/pg/pg-db.js';
import { parsePgUrl } from '../../../../../shared-node/pg/url.js';
import { invoke } from '../../../operations.js';

const [url, schema, rowids, now, params] = process.argv.slice(2) as [string, string, string, string, string];
const db = PgDb.connect(parsePgUrl(url), schema, new Map(JSON.parse(rowids) as [string, string][]));
try {
  const ctx = { db, user: 'cashier', now: () => new Date(now), timeZone: 'Europe/Kyiv' };
  const rows = invoke(ctx, op.pos.checkoutCloseSale, JSON.parse(params)).rows as { check_number: string }[];
  console.log(JSON.stringify({ checkNumber: String(rows[0]?.check_number), retries: db.retries }));
} finally {
  db.close();
}
