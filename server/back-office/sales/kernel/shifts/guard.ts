/**
 * What fiscal work at a till needs: a register, the seller, and an open shift younger than the
 * limit (24 hours by default), at a clock not behind the register's last document; a receipt-class document also needs the register within its
 * offline limits. A till without a PRRO issues no fiscal documents and needs none of this.
 */
import { type Db, prefetch, type Read } from '../../../../../shared-node/sql/db.js';
import { refuse } from '../../../../upstream/upstream.js';
import { type FiscalTill, fiscalTillWithSeller, type Seller } from '../fiscal/identity.js';
import { readSettings, settingsRead } from '../fiscal/settings.js';
import { fiscalSql } from '../fiscal/statements.js';
import { type Moment, shownAt } from '../moment.js';
import { actingCashier } from '../people/actor.js';
import { checkClock } from '../register/clock.js';
import { checkOfflineLimits, OFFLINE_LIMIT_KEYS, type OfflineWarning } from '../register/offline.js';
import { prroSql } from '../register/statements.js';
import { type ShiftRow, shiftSql } from './statements.js';

export interface FiscalWork {
  readonly till: FiscalTill;
  readonly seller: Seller;
  readonly shift: ShiftRow;
  /** Who the documents name as cashier: the signed-in cashier the write carries, else the shift's. */
  readonly cashier: string;
  /** The register's offline clock: its warning goes back to the till with the document. */
  readonly clock: OfflineWarning;
}

const HOUR = 3_600_000;

const SHIFT_MAX_HOURS = 'shift_max_hours';
/** The shift's limit and the offline limits, read together. */
const FISCAL_WORK_SETTINGS = [SHIFT_MAX_HOURS, ...OFFLINE_LIMIT_KEYS];
const maxHours = (value: string | undefined): number => Number(value ?? 24);
export const shiftMaxHours = (db: Db): number => maxHours(fiscalSql(db).setting.get(SHIFT_MAX_HOURS));

/** The reads fiscalWork's checks make at the till `kasm` of the register `numprro`, sent ahead together. */
export const fiscalWorkReads = (db: Db, kasm: number, numprro: string): Read[] => [
  { statement: prroSql(db).chainTail, args: [numprro] },
  { statement: shiftSql(db).open, args: [kasm] },
  settingsRead(db, FISCAL_WORK_SETTINGS),
  { statement: prroSql(db).register, args: [numprro] },
];

/**
 * The open shift of a fiscal till, checked; undefined for a till without a PRRO. `cashierId` is
 * the signed-in cashier of the write (header X-Cashier): a colleague may take over a shift's till.
 * `ahead`: reads the caller makes later, sent in the same round trip as these checks' (prefetch).
 */
export function fiscalWork(
  db: Db,
  kasm: number,
  now: Moment,
  path: string,
  cashierId?: number,
  ahead: readonly Read[] = [],
): FiscalWork | undefined {
  const fiscal = fiscalTillWithSeller(db, kasm, path);
  if (!fiscal) return undefined;
  const { till, seller } = fiscal;
  // The reads of the checks below, sent ahead together: one round trip on PostgreSQL, not four
  // (none when a caller sent them already).
  prefetch(db, [...fiscalWorkReads(db, kasm, till.numprro), ...ahead]);
  checkClock(db, till, now, path);
  const shift = shiftSql(db).open.get(kasm);
  if (!shift) throw refuse(path, 'shift.not_open', { kasm });
  // The shift's limit and the offline limits in one read.
  const settings = readSettings(db, FISCAL_WORK_SETTINGS);
  const max = maxHours(settings.get(SHIFT_MAX_HOURS));
  const hours = (now.at.getTime() - new Date(shift.opened_at).getTime()) / HOUR;
  if (hours >= max) {
    throw refuse(path, 'shift.too_long', { kasm, opened_at: shownAt(shift.opened_at, now.timeZone), hours: max });
  }
  const clock = checkOfflineLimits(db, till, now, path, settings);
  return { till, seller, shift, clock, cashier: actingCashier(db, cashierId) ?? shift.cashier };
}
