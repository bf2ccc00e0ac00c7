/** SQL of the directories. Percents ×10^4, ratios ×10^6 (decimal.ts). */
import type { Db } from '../../../../shared-node/sql/db.js';
import { statements } from '../../core/statements.js';

export interface CounterpartyRow {
  id: number;
  name: string;
  rekv: string;
}

export interface ActionRow {
  id: number;
  uin: number;
  name: string;
  code: string;
  disc: number;
  action_type: number;
  date_from: string;
  date_to: string;
}

export interface CaptionRow {
  id: number;
  fld: string;
  rus: string;
  ukr: string;
  width: number;
}

export interface UserRow {
  id: number;
  name: string;
  card: string;
  level: string;
  rekv: string;
  kf: number;
  kasx: number;
  typex: string;
  tel: string;
}

const prepare = (db: Db) => ({
  counterparty: db.prepare<[number], CounterpartyRow>('SELECT id, name, rekv FROM counterparties WHERE id = ?'),
  counterpartyByName: db.prepare<[string], CounterpartyRow>('SELECT id, name, rekv FROM counterparties WHERE name = ?'),
  counterpartyNames: db.prepare<[], { name: string }>('SELECT name FROM counterparties ORDER BY name'),
  insertCounterparty: db.prepare<Omit<CounterpartyRow, 'id'>, void>(
    'INSERT INTO counterparties (name, rekv) VALUES (@name, @rekv)',
  ),
  updateCounterparty: db.prepare<CounterpartyRow, void>('UPDATE counterparties SET name = @name, rekv = @rekv WHERE id = @id'),
  deleteCounterparty: db.prepare<[number], void>('DELETE FROM counterparties WHERE id = ?'),

  action: db.prepare<[number], ActionRow>(
    'SELECT id, uin, name, code, disc, action_type, date_from, date_to FROM discount_actions WHERE id = ?',
  ),
  insertAction: db.prepare<Omit<ActionRow, 'id'>, void>(
    `INSERT INTO discount_actions (uin, name, code, disc, action_type, date_from, date_to)
     VALUES (@uin, @name, @code, @disc, @action_type, @date_from, @date_to)`,
  ),
  updateAction: db.prepare<ActionRow, void>(
    `UPDATE discount_actions SET uin = @uin, name = @name, code = @code, disc = @disc, action_type = @action_type,
     date_from = @date_from, date_to = @date_to WHERE id = @id`,
  ),
  deleteAction: db.prepare<[number], void>('DELETE FROM discount_actions WHERE id = ?'),
  productExists: db.prepare<[string], { one: number }>('SELECT 1 AS one FROM goods WHERE code = ?'),

  zap: db.prepare<[number], CaptionRow>('SELECT id, fld, rus, ukr, width FROM translate_zap WHERE id = ?'),
  zapByField: db.prepare<[string], CaptionRow>('SELECT id, fld, rus, ukr, width FROM translate_zap WHERE fld = ?'),
  insertZap: db.prepare<Omit<CaptionRow, 'id'>, void>(
    'INSERT INTO translate_zap (fld, rus, ukr, width) VALUES (@fld, @rus, @ukr, @width)',
  ),
  updateZap: db.prepare<CaptionRow, void>(
    'UPDATE translate_zap SET fld = @fld, rus = @rus, ukr = @ukr, width = @width WHERE id = @id',
  ),
  deleteZap: db.prepare<[number], void>('DELETE FROM translate_zap WHERE id = ?'),

  kupm: db.prepare<[number], CaptionRow>('SELECT id, fld, rus, ukr, 0 AS width FROM translate_kupm WHERE id = ?'),
  kupmByField: db.prepare<[string], CaptionRow>('SELECT id, fld, rus, ukr, 0 AS width FROM translate_kupm WHERE fld = ?'),
  insertKupm: db.prepare<Omit<CaptionRow, 'id' | 'width'>, void>(
    'INSERT INTO translate_kupm (fld, rus, ukr) VALUES (@fld, @rus, @ukr)',
  ),
  updateKupm: db.prepare<Omit<CaptionRow, 'width'>, void>(
    'UPDATE translate_kupm SET fld = @fld, rus = @rus, ukr = @ukr WHERE id = @id',
  ),
  deleteKupm: db.prepare<[number], void>('DELETE FROM translate_kupm WHERE id = ?'),

  user: db.prepare<[number], UserRow>('SELECT id, name, card, level, rekv, kf, kasx, typex, tel FROM users WHERE id = ?'),
  userByCard: db.prepare<[string], UserRow>('SELECT id, name, card, level, rekv, kf, kasx, typex, tel FROM users WHERE card = ?'),
  insertUser: db.prepare<Omit<UserRow, 'id'>, void>(
    `INSERT INTO users (name, card, level, rekv, kf, kasx, typex, tel)
     VALUES (@name, @card, @level, @rekv, @kf, @kasx, @typex, @tel)`,
  ),
  updateUser: db.prepare<UserRow, void>(
    `UPDATE users SET name = @name, card = @card, level = @level, rekv = @rekv, kf = @kf, kasx = @kasx,
     typex = @typex, tel = @tel WHERE id = @id`,
  ),
  deleteUser: db.prepare<[number], void>('DELETE FROM users WHERE id = ?'),
  tillExists: db.prepare<[number], { one: number }>('SELECT 1 AS one FROM tills WHERE kasm = ?'),
});

export const directorySql = (db: Db) => statements(db, prepare);
