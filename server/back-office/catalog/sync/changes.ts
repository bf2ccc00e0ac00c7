/**
 * goods.catalog_changes: a page of the change log, each object as it is now (or marked deleted),
 * then an END row with the cursor to ask from next. A till starts at 0 (everything) and asks again
 * from the last END while online, so it holds a full copy that is never older than its last call.
 */
import type { op } from '../../../../shared/contract/index.js';
import type { Db } from '../../../../shared-node/sql/db.js';
import { fmtDb } from '../../decimal.js';
import type { Handler } from '../../handlers.js';
import { type ChangeRow, syncSql } from './statements.js';

const GONE = { deleted: '1' } as const;

function rowOf(sql: ReturnType<typeof syncSql>, c: ChangeRow) {
  const seq = String(c.seq);
  switch (c.kind) {
    case 'goods': {
      const g = sql.goods.get(c.key);
      if (!g) {
        const none = { name: '', unit_type: '', price: '0.00', weighted: '0', plu: '', excise_input: '0', age_limit: '0' };
        return { tag: 'GOODS', seq, code: c.key, ...none, stock: '0.000', ...GONE };
      }
      return {
        tag: 'GOODS',
        seq,
        code: g.code,
        name: g.name,
        unit_type: g.unit_type,
        price: fmtDb(g.price, 'cur'),
        weighted: String(g.weighted),
        plu: g.plu ?? '',
        excise_input: String(g.excise_input),
        age_limit: String(g.age_limit),
        stock: fmtDb(g.stock, 'unit'),
        deleted: '0',
      };
    }
    case 'code': {
      const x = sql.code.get(c.key);
      return { tag: 'CODE', seq, extra_code: c.key, code: x?.code ?? '', deleted: x ? '0' : '1' };
    }
    case 'card': {
      const k = sql.card.get(c.key);
      if (!k) {
        return {
          tag: 'CARD',
          seq,
          card: c.key,
          holder: '',
          discount_percent: '0',
          debt: '0.00',
          debt_limit: '0.00',
          bonus: '0.00',
          ...GONE,
        };
      }
      return {
        tag: 'CARD',
        seq,
        card: k.card,
        holder: k.holder,
        discount_percent: fmtDb(k.discount_percent, 'pct'),
        debt: fmtDb(k.debt, 'cur'),
        debt_limit: fmtDb(k.debt_limit, 'cur'),
        bonus: fmtDb(k.bonus, 'cur'),
        deleted: '0',
      };
    }
    case 'setting': {
      const value = sql.setting.get(c.key);
      return { tag: 'SETTING', seq, key: c.key, value: value ?? '', deleted: value === undefined ? '1' : '0' };
    }
  }
}

export const catalogChanges: Handler<typeof op.goods.catalogChanges> = ({ since, limit }, { db }) => {
  const sql = syncSql(db);
  const page = sql.after.all(since, limit + 1);
  const more = page.length > limit;
  const taken = more ? page.slice(0, limit) : page;
  const last = taken.at(-1)?.seq ?? Math.max(since, 0);
  // The log is append-only: an object changed twice in this page is sent once, at its latest change.
  const seen = new Set<string>();
  const latest = taken.toReversed().filter((c) => {
    const id = `${c.kind}\u0000${c.key}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
  // Nothing new: the cursor stays where the till is, unless the log was rebuilt below it.
  const cursor = taken.length > 0 ? last : Math.min(since, sql.lastSeq.get() ?? 0);
  return {
    rows: [...latest.toReversed().map((c) => rowOf(sql, c)), { tag: 'END', seq: String(cursor), more: more ? '1' : '0' }],
  };
};

/**
 * Drops the rows of the change log a later row of the same object made redundant; a till at any
 * cursor still gets every object changed after it. Returns how many went. The service runs it
 * hourly: a sale appends a row per line.
 */
export function pruneCatalogChanges(db: Db): number {
  return syncSql(db).prune.run().changes;
}
