/** SQL of the simulated tax server's memory. */
import type { Db } from '../../../shared-node/sql/db.js';
import { statements } from '../../engine/core/statements.js';

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
  upload_hash: string;
}

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
  /** The back office's registration of a register (form 1-ПРРО): a till with it, and the seller. */
  registered: db.prepare<[string], { tin: string }>(
    "SELECT s.tin FROM tills t JOIN fiscal_seller s ON s.id = 1 WHERE t.numprro = ? AND t.numprro <> '' LIMIT 1",
  ),
});

export const simulatorSql = (db: Db) => statements(db, prepare);
