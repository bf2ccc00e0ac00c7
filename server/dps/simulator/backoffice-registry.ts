/**
 * The in-process test double's convenience, and nothing more: when the simulator runs inside the
 * back office's own database (the back office's tests, the demo's seed), the register it knows is
 * whatever the back office's books name — a till with that fiscal number and the seller of
 * fiscal_seller — and the offline session's limit is the shop's own setting. The only SQL here
 * that reads the back office's tables; the simulator itself knows none of them. (The demo may
 * hand the same registry to its HTTP simulator over that database, so both agree.)
 */
import type { Db } from '../../../shared-node/sql/db.js';
import type { Registry } from './registry.js';

const DEFAULT_SESSION_HOURS = 36;

interface BackOfficeSql {
  registered: { get(numprro: string): { tin: string } | undefined };
  setting: { get(key: string): string | undefined };
}

const prepared = new WeakMap<Db, BackOfficeSql>();

function sqlOf(db: Db): BackOfficeSql {
  let sql = prepared.get(db);
  if (!sql) {
    sql = {
      // The back office's registration of a register (form 1-ПРРО): a till with it, and the seller.
      registered: db.prepare<[string], { tin: string }>(
        "SELECT s.tin FROM tills t JOIN fiscal_seller s ON s.id = 1 WHERE t.numprro = ? AND t.numprro <> '' LIMIT 1",
      ),
      setting: db.prepare<[string], string>('SELECT value FROM shop_settings WHERE key = ?').pluck(),
    };
    prepared.set(db, sql);
  }
  return sql;
}

/** Registers as the back office's tills name them, each signed for by the seller alone. */
export const backOfficeRegistry =
  (db: Db): Registry =>
  (numprro) => {
    const row = sqlOf(db).registered.get(numprro);
    return row ? { tin: row.tin } : undefined;
  };

/** The shop's offline-session limit (settings.fiscal_limits_save), 36 hours where it has none. */
export const backOfficeSessionHours = (db: Db) => (): number =>
  Number(sqlOf(db).setting.get('offline_session_hours') ?? DEFAULT_SESSION_HOURS);
