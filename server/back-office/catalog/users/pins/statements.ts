/** SQL of user PINs. */
import type { Db } from '../../../../../shared-node/sql/db.js';
import { statements } from '../../../core/statements.js';

export interface PinRow {
  user_id: number;
  salt: string;
  hash: string;
  failures: number;
  locked_until: string | null;
}

const prepare = (db: Db) => ({
  get: db.prepare<[number], PinRow>('SELECT user_id, salt, hash, failures, locked_until FROM user_pins WHERE user_id = ?'),
  put: db.prepare<{ user_id: number; salt: string; hash: string; at: string }, void>(
    `INSERT INTO user_pins (user_id, salt, hash, failures, locked_until, set_at) VALUES (@user_id, @salt, @hash, 0, NULL, @at)
     ON CONFLICT (user_id) DO UPDATE SET salt = excluded.salt, hash = excluded.hash, failures = 0, locked_until = NULL,
       set_at = excluded.set_at`,
  ),
  attempt: db.prepare<{ user_id: number; failures: number; locked_until: string | null }, void>(
    'UPDATE user_pins SET failures = @failures, locked_until = @locked_until WHERE user_id = @user_id',
  ),
  setting: db.prepare<[string], string>('SELECT value FROM shop_settings WHERE key = ?').pluck(),
});

export const pinSql = (db: Db) => statements(db, prepare);
