/** SQL of manager confirmations. */
import type { Db } from '../../../../../shared-node/sql/db.js';
import { statements } from '../../../core/statements.js';

export interface ConfirmationRow {
  id: number;
  kasm: number;
  action: string;
  manager_name: string;
  expires_at: string;
  used_at: string | null;
}

const prepare = (db: Db) => ({
  insert: db.prepare<
    {
      kasm: number;
      action: string;
      subject: string;
      manager_id: number;
      manager_name: string;
      cashier_id: number | null;
      created_at: string;
      expires_at: string;
    },
    void
  >(
    `INSERT INTO manager_confirmations (kasm, action, subject, manager_id, manager_name, cashier_id, created_at, expires_at)
     VALUES (@kasm, @action, @subject, @manager_id, @manager_name, @cashier_id, @created_at, @expires_at)`,
  ),
  get: db.prepare<[number], ConfirmationRow>(
    'SELECT id, kasm, action, manager_name, expires_at, used_at FROM manager_confirmations WHERE id = ?',
  ),
  use: db.prepare<[string, string, number], void>('UPDATE manager_confirmations SET used_at = ?, used_by = ? WHERE id = ?'),
  setting: db.prepare<[string], string>('SELECT value FROM shop_settings WHERE key = ?').pluck(),
});

export const peopleSql = (db: Db) => statements(db, prepare);
