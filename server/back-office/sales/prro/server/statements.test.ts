/**
 * The walk's read of every register (REGISTERS_SQL) runs after every close that queues a
 * document. A register that cannot send (its key locked, the tax server unreachable) keeps its
 * documents unsent, and they are the newest of its chain, after every settled one. Whatever the
 * statistics say of them, the read must find them through an index in chain order: PostgreSQL,
 * once its statistics counted many unsent documents, read the table from its start to the first
 * of them and so the register's whole history (10–26 ms a walk after 3 minutes of bench:pg's load).
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { queryPlan, TEST_ENGINE } from '../../../../testing/back-office-db.js';
import { type Shop, standardShop } from '../../testing/shop.js';
import { REGISTERS_SQL, type RegisterState } from './statements.js';

const NUMPRRO = '4000123456';

let shop: Shop;
beforeEach(() => {
  shop = standardShop();
});
afterEach(() => shop.close());

/** `count` documents of the register, numbered on from `from`, all of `status`. */
function addDocs(from: number, count: number, status: number): void {
  shop.db
    .prepare(
      `WITH RECURSIVE n(i) AS (SELECT CAST(? AS INTEGER) UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO prro_docs (kasm, numprro, doc_type, created_at, created_date, xml_body_b64, doc_hash, prev_doc_hash,
         offline_session_id, local_doc_number, local_num, control_code, user_id, status, updated_at)
       SELECT 1, ?, 'receipt', '2026-11-29 10:00:00', '2026-11-29', 'PERPQz4=', 'h' || i, '', '', i, i, '', 'cashier', ?,
         '2026-11-29 10:00:00'
       FROM n`,
    )
    .run(from, from + count - 1, NUMPRRO, status);
}

it("finds a register's unsent and unsigned documents in chain order, not by reading its settled history first", () => {
  shop.db
    .prepare(
      `INSERT INTO prro_registers (numprro, offline_session_id, offline_seed, session_doc_count, last_local_num)
       SELECT ?, 0, '', 0, 0 WHERE NOT EXISTS (SELECT 1 FROM prro_registers WHERE numprro = ?)`,
    )
    .run(NUMPRRO, NUMPRRO);
  // After the shop's own documents, a day of history the tax server accepted (2), then a backlog it
  // has not had yet (0: queued).
  const last = shop.db.prepare('SELECT max(local_num) FROM prro_docs WHERE numprro = ?').pluck().get(NUMPRRO) as number | null;
  const from = (last ?? 0) + 1;
  addDocs(from, 4000, 2);
  addDocs(from + 4000, 4000, 0);
  shop.db.exec('ANALYZE');

  const plan = queryPlan(shop.db, REGISTERS_SQL);
  if (TEST_ENGINE === 'postgres') {
    expect(plan).not.toMatch(/Seq Scan on prro_docs/);
    expect(plan).toMatch(/Index (Only )?Scan using prro_docs_unsigned on prro_docs/);
  } else {
    // SQLite names a full read of the table "SCAN d"; through an index, "SEARCH d USING … INDEX".
    expect(plan).not.toMatch(/^SCAN d\b/m);
    expect(plan).toMatch(/SEARCH d USING (COVERING )?INDEX prro_docs_unsigned/);
  }
  const rows = shop.db.prepare(REGISTERS_SQL).all() as RegisterState[];
  expect(rows.find((r) => r.numprro === NUMPRRO)).toMatchObject({ any_unsent: 1, any_unsigned: 1 });
});
