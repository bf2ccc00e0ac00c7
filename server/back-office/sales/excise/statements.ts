/** SQL of excise stamps. */
import type { Db } from '../../../../shared-node/sql/db.js';
import { statements } from '../../core/statements.js';

export interface StampRow {
  id: number;
  mark: string;
  kasm: number;
  state: 'pending' | 'bound';
  ndoc: string | null;
  check_number: number | null;
  duplicate: number;
}

const STAMP = 'id, mark, kasm, state, ndoc, check_number, duplicate';

const prepare = (db: Db) => ({
  /** Where the stamp was seen last, if anywhere: the sighting the duplicates report lists. */
  seen: db.prepare<[string], StampRow>(
    `SELECT ${STAMP} FROM excise_stamps WHERE mark = ? AND state <> 'released' ORDER BY id DESC LIMIT 1`,
  ),
  setting: db.prepare<[string], string>('SELECT value FROM shop_settings WHERE key = ?').pluck(),
  saveSetting: db.prepare<[string, string], void>(
    'INSERT INTO shop_settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  ),
  deleteSetting: db.prepare<[string], void>('DELETE FROM shop_settings WHERE key = ?'),
  insert: db.prepare<[string, number, number, number, string, string], void>(
    `INSERT INTO excise_stamps (mark, etax, kasm, state, duplicate, user, scanned_at)
     VALUES (?, ?, ?, 'pending', ?, ?, ?)`,
  ),
  /** Pending stamps a sale of the till may take: unreserved or reserved for this document. */
  pendingFor: db.prepare<{ kasm: number; ndoc: string }, StampRow>(
    `SELECT ${STAMP} FROM excise_stamps
     WHERE kasm = @kasm AND state = 'pending' AND (ndoc IS NULL OR ndoc = @ndoc) ORDER BY id`,
  ),
  reserve: db.prepare<[string, number], void>(
    `UPDATE excise_stamps SET ndoc = ? WHERE kasm = ? AND state = 'pending' AND ndoc IS NULL`,
  ),
  release: db.prepare<{ kasm: number; mark: string }, void>(
    `UPDATE excise_stamps SET state = 'released' WHERE kasm = @kasm AND state = 'pending' AND (@mark = '' OR mark = @mark)`,
  ),
  bindPending: db.prepare<{ id: number; check: number; line: number; code: string; at: string }, void>(
    `UPDATE excise_stamps SET state = 'bound', check_number = @check, receipt_line_id = @line, code = @code, bound_at = @at
     WHERE id = @id`,
  ),
  insertBound: db.prepare<
    { mark: string; kasm: number; check: number; line: number; code: string; user: string; at: string },
    void
  >(
    `INSERT INTO excise_stamps (mark, etax, kasm, state, check_number, receipt_line_id, code, user, scanned_at, bound_at)
     VALUES (@mark, 1, @kasm, 'bound', @check, @line, @code, @user, @at, @at)`,
  ),
  duplicates: db.prepare<[number], { excise_mark: string; code: string; check_number: number | null; cashdesk_number: number }>(
    `SELECT mark AS excise_mark, code, check_number, kasm AS cashdesk_number FROM excise_stamps
     WHERE duplicate = 1 AND state <> 'released' AND (? = 0 OR etax = 1) ORDER BY id`,
  ),
});

export const exciseSql = (db: Db) => statements(db, prepare);
