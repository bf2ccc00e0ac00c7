/** SQL of the registers' signing keys and of who did what with them. */
import type { Db } from '../../../../../shared-node/sql/db.js';
import { statements } from '../../../core/statements.js';

export interface KeyRow {
  numprro: string;
  container_b64: string;
  certificate_b64: string;
  owner: string;
  drfo: string;
  edrpou: string;
  issuer: string;
  valid_from: string;
  valid_to: string;
  loaded_at: string;
  loaded_by: string;
  unattended_b64: string;
}

export type KeyAction = 'loaded' | 'unlocked' | 'locked' | 'unattended_on' | 'unattended_off' | 'device_take_over';

const prepare = (db: Db) => ({
  key: db.prepare<[string], KeyRow>('SELECT * FROM prro_keys WHERE numprro = ?'),
  put: db.prepare<[KeyRow], void>(
    `INSERT INTO prro_keys (numprro, container_b64, certificate_b64, owner, drfo, edrpou, issuer, valid_from, valid_to,
       loaded_at, loaded_by, unattended_b64)
     VALUES (@numprro, @container_b64, @certificate_b64, @owner, @drfo, @edrpou, @issuer, @valid_from, @valid_to,
       @loaded_at, @loaded_by, @unattended_b64)
     ON CONFLICT (numprro) DO UPDATE SET container_b64 = excluded.container_b64,
       certificate_b64 = excluded.certificate_b64, owner = excluded.owner, drfo = excluded.drfo,
       edrpou = excluded.edrpou, issuer = excluded.issuer, valid_from = excluded.valid_from,
       valid_to = excluded.valid_to, loaded_at = excluded.loaded_at, loaded_by = excluded.loaded_by,
       unattended_b64 = excluded.unattended_b64`,
  ),
  setUnattended: db.prepare<[string, string], void>('UPDATE prro_keys SET unattended_b64 = ? WHERE numprro = ?'),
  event: db.prepare<{ numprro: string; at: string; user: string; action: KeyAction; note: string }, void>(
    'INSERT INTO prro_key_events (numprro, at, user, action, note) VALUES (@numprro, @at, @user, @action, @note)',
  ),
  unattendedRegisters: db.prepare<[], string>("SELECT numprro FROM prro_keys WHERE unattended_b64 <> ''").pluck(),
});

export const keySql = (db: Db) => statements(db, prepare);
