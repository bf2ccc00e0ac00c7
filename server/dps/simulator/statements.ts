/**
 * SQL of the simulated tax server's memory, prepared once per database (a cache of its own, so
 * the simulator needs nothing of the sales engine's).
 */
import type { Db } from '../../../shared-node/sql/db.js';

export interface ServerRegisterRow {
  numprro: string;
  tin: string;
  shift_open: number;
  z_present: number;
  next_local_num: number;
  session_id: number;
  seed: string;
  upload_begin_at: string;
  upload_n: number;
  /** The hashes the next document of an uploaded session may name as PREVDOCHASH, comma-separated ('' before the first). */
  upload_hash: string;
}

export interface ServerDocumentRow {
  numprro: string;
  local_num: number;
  uid: string;
  fiscal_num: string;
  doc_class: string;
  doc_type: string;
  doc_subtype: string;
  shift_id: number;
  doc_date: string;
  doc_time: string;
  registered_at: string;
  offline: number;
  testing: number;
  revoked: number;
  storned: number;
  signer_key_id: string;
  signer_name: string;
  body_b64: string;
}

export interface ServerShiftRow {
  shift_id: number;
  numprro: string;
  testing: number;
  open_fiscal_num: string;
  opened_at: string;
  open_name: string;
  open_key_id: string;
  z_fiscal_num: string;
  close_fiscal_num: string;
  closed_at: string;
  close_name: string;
  close_key_id: string;
}

export type NewShift = Omit<
  ServerShiftRow,
  'shift_id' | 'z_fiscal_num' | 'close_fiscal_num' | 'closed_at' | 'close_name' | 'close_key_id'
>;

const prepare = (db: Db) => ({
  state: db.prepare<[], { reachable: number; next_fiscal_number: number; next_session_id: number }>(
    'SELECT reachable, next_fiscal_number, next_session_id FROM fiscal_server_state WHERE id = 1',
  ),
  setReachable: db.prepare<[number], void>('UPDATE fiscal_server_state SET reachable = ? WHERE id = 1'),
  takeFiscalNumber: db
    .prepare<[], number>(
      'UPDATE fiscal_server_state SET next_fiscal_number = next_fiscal_number + 1 WHERE id = 1 RETURNING next_fiscal_number - 1',
    )
    .pluck(),
  takeSessionId: db
    .prepare<[], number>(
      'UPDATE fiscal_server_state SET next_session_id = next_session_id + 1 WHERE id = 1 RETURNING next_session_id - 1',
    )
    .pluck(),
  register: db.prepare<[string], ServerRegisterRow>('SELECT * FROM fiscal_server_registers WHERE numprro = ?'),
  save: db.prepare<[ServerRegisterRow], void>(
    `INSERT INTO fiscal_server_registers (numprro, tin, shift_open, z_present, next_local_num, session_id, seed,
       upload_begin_at, upload_n, upload_hash)
     VALUES (@numprro, @tin, @shift_open, @z_present, @next_local_num, @session_id, @seed, @upload_begin_at, @upload_n,
       @upload_hash)
     ON CONFLICT (numprro) DO UPDATE SET tin = excluded.tin, shift_open = excluded.shift_open,
       z_present = excluded.z_present, next_local_num = excluded.next_local_num, session_id = excluded.session_id,
       seed = excluded.seed, upload_begin_at = excluded.upload_begin_at, upload_n = excluded.upload_n,
       upload_hash = excluded.upload_hash`,
  ),

  addDocument: db.prepare<[ServerDocumentRow], void>(
    `INSERT INTO fiscal_server_documents (numprro, local_num, uid, fiscal_num, doc_class, doc_type, doc_subtype, shift_id,
       doc_date, doc_time, registered_at, offline, testing, revoked, storned, signer_key_id, signer_name, body_b64)
     VALUES (@numprro, @local_num, @uid, @fiscal_num, @doc_class, @doc_type, @doc_subtype, @shift_id, @doc_date, @doc_time,
       @registered_at, @offline, @testing, @revoked, @storned, @signer_key_id, @signer_name, @body_b64)
     ON CONFLICT (numprro, local_num) DO UPDATE SET uid = excluded.uid, fiscal_num = excluded.fiscal_num,
       doc_class = excluded.doc_class, doc_type = excluded.doc_type, doc_subtype = excluded.doc_subtype,
       shift_id = excluded.shift_id, doc_date = excluded.doc_date, doc_time = excluded.doc_time,
       registered_at = excluded.registered_at, offline = excluded.offline, testing = excluded.testing,
       revoked = excluded.revoked, storned = excluded.storned, signer_key_id = excluded.signer_key_id,
       signer_name = excluded.signer_name, body_b64 = excluded.body_b64`,
  ),
  document: db.prepare<[string, number], ServerDocumentRow>(
    'SELECT * FROM fiscal_server_documents WHERE numprro = ? AND local_num = ?',
  ),
  documentByFiscal: db.prepare<[string, string], ServerDocumentRow>(
    'SELECT * FROM fiscal_server_documents WHERE numprro = ? AND fiscal_num = ?',
  ),
  documentsOfShift: db.prepare<[string, number], ServerDocumentRow>(
    'SELECT * FROM fiscal_server_documents WHERE numprro = ? AND shift_id = ? ORDER BY local_num',
  ),
  /** The register's last online financial document: what a 102 with REVOKELASTONLINEDOC revokes. */
  lastOnlineCheck: db.prepare<[string], ServerDocumentRow>(
    `SELECT * FROM fiscal_server_documents WHERE numprro = ? AND offline = 0 AND doc_class = 'Check'
       AND doc_type IN ('SaleGoods', 'TransferFunds', 'CurrencyExchange', 'CashWithdrawal')
     ORDER BY local_num DESC LIMIT 1`,
  ),
  markRevoked: db.prepare<[string, number], void>(
    'UPDATE fiscal_server_documents SET revoked = 1 WHERE numprro = ? AND local_num = ?',
  ),
  markStorned: db.prepare<[string, string], void>(
    'UPDATE fiscal_server_documents SET storned = 1 WHERE numprro = ? AND fiscal_num = ?',
  ),

  openShift: db
    .prepare<[NewShift], number>(
      `INSERT INTO fiscal_server_shifts (numprro, testing, open_fiscal_num, opened_at, open_name, open_key_id, z_fiscal_num,
         close_fiscal_num, closed_at, close_name, close_key_id)
       VALUES (@numprro, @testing, @open_fiscal_num, @opened_at, @open_name, @open_key_id, '', '', '', '', '')
       RETURNING shift_id`,
    )
    .pluck(),
  /** The register's newest shift: the open one, or the last closed. */
  lastShift: db.prepare<[string], ServerShiftRow>(
    'SELECT * FROM fiscal_server_shifts WHERE numprro = ? ORDER BY shift_id DESC LIMIT 1',
  ),
  shift: db.prepare<[string, number], ServerShiftRow>('SELECT * FROM fiscal_server_shifts WHERE numprro = ? AND shift_id = ?'),
  shiftByOpening: db.prepare<[string, string], ServerShiftRow>(
    'SELECT * FROM fiscal_server_shifts WHERE numprro = ? AND open_fiscal_num = ?',
  ),
  shiftsOpenedBetween: db.prepare<[string, string, string], ServerShiftRow>(
    'SELECT * FROM fiscal_server_shifts WHERE numprro = ? AND opened_at >= ? AND opened_at <= ? ORDER BY shift_id',
  ),
  setZReport: db.prepare<[string, number], void>('UPDATE fiscal_server_shifts SET z_fiscal_num = ? WHERE shift_id = ?'),
  closeShift: db.prepare<{ shift_id: number; fiscal: string; at: string; name: string; key: string }, void>(
    `UPDATE fiscal_server_shifts SET close_fiscal_num = @fiscal, closed_at = @at, close_name = @name, close_key_id = @key
     WHERE shift_id = @shift_id`,
  ),

  device: db.prepare<[string], string>('SELECT device_id FROM fiscal_server_devices WHERE numprro = ?').pluck(),
  setDevice: db.prepare<[string, string], void>(
    `INSERT INTO fiscal_server_devices (numprro, device_id) VALUES (?, ?)
     ON CONFLICT (numprro) DO UPDATE SET device_id = excluded.device_id`,
  ),

  key: db.prepare<[string], { key_b64: string; certificate_b64: string }>(
    'SELECT key_b64, certificate_b64 FROM fiscal_server_keys WHERE role = ?',
  ),
  saveKey: db.prepare<[string, string, string], void>(
    'INSERT INTO fiscal_server_keys (role, key_b64, certificate_b64) VALUES (?, ?, ?)',
  ),
});

export type SimulatorSql = ReturnType<typeof prepare>;

const prepared = new WeakMap<Db, SimulatorSql>();

export function simulatorSql(db: Db): SimulatorSql {
  let sql = prepared.get(db);
  if (!sql) {
    sql = prepare(db);
    prepared.set(db, sql);
  }
  return sql;
}
