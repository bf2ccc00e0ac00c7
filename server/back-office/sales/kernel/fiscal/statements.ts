/** SQL of the seller, tax rates, rounding steps and registers. Money ×10^4, percent ×10^4. */
import type { Db } from '../../../../../shared-node/sql/db.js';
import { textsOfJsonArray } from '../../../core/dialect-sql.js';
import { statements } from '../../../core/statements.js';

export interface SellerRow {
  tin: string;
  ipn: string;
  vat_payer: number;
  org_name: string;
  point_name: string;
  point_addr: string;
  testing: number;
}

export interface TaxRateRow {
  letter: string;
  type: number;
  name: string;
  prc: number;
}

export interface RegisterTillRow {
  kasm: number;
  akas: string;
  numprro: string;
  register_local_number: number;
}

const prepare = (db: Db) => ({
  seller: db.prepare<[], SellerRow>(
    'SELECT tin, ipn, vat_payer, org_name, point_name, point_addr, testing FROM fiscal_seller WHERE id = 1',
  ),
  saveSeller: db.prepare<[SellerRow & { updated_at: string }], void>(
    `INSERT INTO fiscal_seller (id, tin, ipn, vat_payer, org_name, point_name, point_addr, testing, updated_at)
     VALUES (1, @tin, @ipn, @vat_payer, @org_name, @point_name, @point_addr, @testing, @updated_at)
     ON CONFLICT (id) DO UPDATE SET tin = excluded.tin, ipn = excluded.ipn, vat_payer = excluded.vat_payer,
       org_name = excluded.org_name, point_name = excluded.point_name, point_addr = excluded.point_addr,
       testing = excluded.testing, updated_at = excluded.updated_at`,
  ),
  rates: db.prepare<[], TaxRateRow>('SELECT letter, type, name, prc FROM tax_rates ORDER BY letter'),
  /**
   * The rates with the shop's default letters, in one read (a close's tax table): a row per rate,
   * or one row of nulls but the default when no rate is set.
   */
  taxTable: db.prepare<
    [],
    (TaxRateRow | { letter: null; type: null; name: null; prc: null }) & { default_letters: string | null }
  >(
    `SELECT d.value AS default_letters, r.letter, r.type, r.name, r.prc
     FROM (SELECT 1 AS one) AS o
     LEFT JOIN shop_settings d ON d.key = 'default_tax_letters'
     LEFT JOIN tax_rates r ON 1 = 1
     ORDER BY r.letter`,
  ),
  saveRate: db.prepare<[TaxRateRow], void>(
    `INSERT INTO tax_rates (letter, type, name, prc) VALUES (@letter, @type, @name, @prc)
     ON CONFLICT (letter) DO UPDATE SET type = excluded.type, name = excluded.name, prc = excluded.prc`,
  ),
  deleteRate: db.prepare<[string], void>('DELETE FROM tax_rates WHERE letter = ?'),
  goodsUsingLetter: db.prepare<[string], number>('SELECT count(*) FROM goods WHERE instr(tax_letters, ?) > 0').pluck(),
  goodsLetters: db.prepare<[string], { code: string; tax_letters: string }>('SELECT code, tax_letters FROM goods WHERE code = ?'),
  setGoodsLetters: db.prepare<[string, string], void>('UPDATE goods SET tax_letters = ? WHERE code = ?'),
  setting: db.prepare<[string], string>('SELECT value FROM shop_settings WHERE key = ?').pluck(),
  /** Several settings in one read, by a JSON array of keys: a close reads its fiscal limits together. */
  settings: db.prepare<[string], { key: string; value: string }>(
    `SELECT key, value FROM shop_settings WHERE key IN (${textsOfJsonArray(db, '?')})`,
  ),
  saveSetting: db.prepare<[string, string], void>(
    'INSERT INTO shop_settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  ),
  steps: db.prepare<[], { effective_from: string; step: number }>(
    'SELECT effective_from, step FROM cash_rounding_steps ORDER BY effective_from',
  ),
  stepOn: db
    .prepare<[string], number>(
      'SELECT step FROM cash_rounding_steps WHERE effective_from <= ? ORDER BY effective_from DESC LIMIT 1',
    )
    .pluck(),
  saveStep: db.prepare<[string, number], void>(
    `INSERT INTO cash_rounding_steps (effective_from, step) VALUES (?, ?)
     ON CONFLICT (effective_from) DO UPDATE SET step = excluded.step`,
  ),
  deleteStep: db.prepare<[string], void>('DELETE FROM cash_rounding_steps WHERE effective_from = ?'),
  registerTill: db.prepare<[number], RegisterTillRow>(
    'SELECT kasm, akas, numprro, register_local_number FROM tills WHERE kasm = ?',
  ),
  /** A till's register with the seller (nulls: none set up), in one read: what fiscal work starts from. */
  registerTillWithSeller: db.prepare<[number], RegisterTillRow & (SellerRow | { [K in keyof SellerRow]: null })>(
    `SELECT t.kasm, t.akas, t.numprro, t.register_local_number,
       s.tin, s.ipn, s.vat_payer, s.org_name, s.point_name, s.point_addr, s.testing
     FROM tills t LEFT JOIN fiscal_seller s ON s.id = 1 WHERE t.kasm = ?`,
  ),
  registerTills: db.prepare<[], RegisterTillRow>(
    "SELECT kasm, akas, numprro, register_local_number FROM tills WHERE numprro <> '' ORDER BY kasm",
  ),
  tillOfRegister: db.prepare<[string, number], number>('SELECT kasm FROM tills WHERE numprro = ? AND kasm <> ?').pluck(),
  tillOfBox: db.prepare<[string], RegisterTillRow>(
    "SELECT kasm, akas, numprro, register_local_number FROM tills WHERE akas = ? AND numprro <> '' ORDER BY kasm LIMIT 1",
  ),
  saveRegister: db.prepare<[string, number, number], void>(
    'UPDATE tills SET numprro = ?, register_local_number = ? WHERE kasm = ?',
  ),
});

export const fiscalSql = (db: Db) => statements(db, prepare);
