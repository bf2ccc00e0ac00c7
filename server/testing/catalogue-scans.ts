/**
 * For tests that a statement looks the catalogue up by key on PostgreSQL rather than read it whole
 * (dialect-sql.ts inKeysByIndex): a catalogue big enough to be worth an index, and the sequential
 * scans of a table counted in the running transaction's own statistics (not timed, not flushed).
 */
import type { PgDb } from '../../shared-node/pg/pg-db.js';

/** Adds 2,000 goods (codes X1…X2000) and analyses the table. */
export function bigCatalogue(pg: PgDb): void {
  pg.query(
    `INSERT INTO goods (code, name, unit_type, price, date_added)
     SELECT 'X' || g, 'Товар ' || g, 'шт', 100000, '2025-01-10' FROM generate_series(1, 2000) AS g`,
  );
  pg.query('ANALYZE goods');
}

/** The sequential scans of `table` in this transaction so far: call inside it, before and after. */
export const seqScans = (pg: PgDb, table: string): number =>
  Number(pg.query('SELECT seq_scan FROM pg_stat_xact_user_tables WHERE relname = $1', [table])[0]?.seq_scan ?? 0);
