/** SQL of the catalogue change log and of the objects it names. Money ×10^4, quantities ×10^3, percents ×10^4. */
import type { Db } from '../../../../shared-node/sql/db.js';
import { statements } from '../../core/statements.js';

export interface ChangeRow {
  seq: number;
  kind: 'goods' | 'code' | 'card' | 'setting';
  key: string;
}

export interface SyncGoodsRow {
  code: string;
  name: string;
  unit_type: string;
  price: number;
  weighted: number;
  plu: string | null;
  excise_input: number;
  age_limit: number;
  stock: number;
}

export interface SyncCardRow {
  card: string;
  holder: string;
  discount_percent: number;
  debt: number;
  debt_limit: number;
  bonus: number;
}

const prepare = (db: Db) => ({
  after: db.prepare<[number, number], ChangeRow>('SELECT seq, kind, key FROM catalog_changes WHERE seq > ? ORDER BY seq LIMIT ?'),
  lastSeq: db.prepare<[], number | null>('SELECT max(seq) FROM catalog_changes').pluck(),
  /** Rows a later row of the same object made redundant (schema.ts, "append-only"). */
  prune: db.prepare<[], void>(
    'DELETE FROM catalog_changes WHERE seq NOT IN (SELECT max(seq) FROM catalog_changes GROUP BY kind, key)',
  ),
  // Excise goods are alcohol or tobacco: adults only, whatever the card says.
  goods: db.prepare<[string], SyncGoodsRow>(
    `SELECT g.code, g.name, g.unit_type, g.price, g.weighted, g.plu, g.excise_input,
       CASE WHEN g.excise_input = 1 AND g.age_limit < 18 THEN 18 ELSE g.age_limit END AS age_limit, coalesce(s.quantity, 0) AS stock
     FROM goods g LEFT JOIN goods_stock s ON s.code = g.code AND s.sk = 0 WHERE g.code = ?`,
  ),
  code: db.prepare<[string], { extra_code: string; code: string }>(
    'SELECT extra_code, code FROM goods_extra_codes WHERE extra_code = ?',
  ),
  // The limit a till may offer: 0 when the card may not buy on credit at all (as pos.find_code says).
  card: db.prepare<[string], SyncCardRow>(
    `SELECT card, trim(last_name || ' ' || first_name || ' ' || middle_name) AS holder, discount_percent, debt,
       CASE WHEN debt_allowed = 0 THEN 0 ELSE debt_limit END AS debt_limit, bonus
     FROM discount_cards WHERE card = ?`,
  ),
  setting: db.prepare<[string], string>('SELECT value FROM shop_settings WHERE key = ?').pluck(),
});

export const syncSql = (db: Db) => statements(db, prepare);
