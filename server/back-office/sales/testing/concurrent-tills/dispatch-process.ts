/**
 * The fiscal dispatch in a process of its own, for dispatch-and-close.test.ts (held-close.ts
 * starts it): sends the shop's queue once to the simulated tax server on the given PostgreSQL
 * schema at the given shop time and prints how many documents were accepted and how many times
 * a transaction ran again, as one JSON line.
 *   dispatch-process.ts URL SCHEMA ROWIDS_JSON NOW_ISO
 */
import { PgDb } from '../../../../../shared-node/pg/pg-db.js';
import { parsePgUrl } from '../../../../../shared-node/pg/url.js';
import { sendToTaxServer } from '../tax-server.js';

const [url, schema, rowids, now] = process.argv.slice(2) as [string, string, string, string];
const db = PgDb.connect(parsePgUrl(url), schema, new Map(JSON.parse(rowids) as [string, string][]));
try {
  const { accepted } = sendToTaxServer(db, new Date(now));
  console.log(JSON.stringify({ accepted, retries: db.retries }));
} finally {
  db.close();
}
