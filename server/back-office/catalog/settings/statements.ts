/** SQL of workplace profiles and user identity. */
import type { Db } from '../../../../shared-node/sql/db.js';
import { statements } from '../../core/statements.js';

export interface ProfileRow {
  user_id: number;
  name: string;
  dopinf: string;
}

const prepare = (db: Db) => ({
  user: db.prepare<[number], { id: number; name: string; typex: string }>('SELECT id, name, typex FROM users WHERE id = ?'),
  setting: db.prepare<[string], { value: string }>('SELECT value FROM shop_settings WHERE key = ?'),
  profile: db.prepare<[number], ProfileRow>('SELECT user_id, name, dopinf FROM workplace_profiles WHERE user_id = ?'),
  putProfile: db.prepare<ProfileRow & { updated_at: string }, void>(
    `INSERT INTO workplace_profiles (user_id, name, dopinf, updated_at) VALUES (@user_id, @name, @dopinf, @updated_at)
     ON CONFLICT (user_id) DO UPDATE SET name = excluded.name, dopinf = excluded.dopinf, updated_at = excluded.updated_at`,
  ),
  setIdentity: db.prepare<{ id: number; name: string; card: string; typex: string }, void>(
    'UPDATE users SET name = @name, card = @card, typex = @typex WHERE id = @id',
  ),
});

export const settingsSql = (db: Db) => statements(db, prepare);
