/**
 * Excise stamp rules. The tax service fines a duplicate stamp heavily, so a stamp seen anywhere
 * in history is refused at the scan unless the cashier deliberately allows it, and a stamp typed
 * straight into a receipt line that was already sold is refused at the close.
 */
import type { Db } from '../../../../shared-node/sql/db.js';
import { type BusinessRefusal, refuse } from '../../../upstream/upstream.js';
import type { Moment } from '../kernel/moment.js';
import { checkStampFormat } from './format.js';
import { exciseSql, type StampRow } from './statements.js';

/**
 * Where a stamp seen before is, named as the duplicates report (pos.excise_duplicate) names it:
 * the latest sighting, so the receipt and till a cashier is told are the ones the manager reads.
 */
function seenBefore(path: string, mark: string, s: StampRow, refusedAtScan: boolean): BusinessRefusal {
  const at = { mark, kasm: s.kasm };
  if (s.state === 'bound')
    return refuse(path, refusedAtScan ? 'excise.duplicate_sold' : 'excise.sold_before', { ...at, check: s.check_number ?? '' });
  if (s.ndoc !== null)
    return refuse(path, refusedAtScan ? 'excise.duplicate_reserved' : 'excise.reserved_before', { ...at, ndoc: s.ndoc });
  return refuse(path, refusedAtScan ? 'excise.duplicate_scan' : 'excise.scanned_before', at);
}

export interface Scan {
  readonly mark: string;
  readonly etax: boolean;
  readonly kasm: number;
  readonly allowDuplicate: boolean;
  readonly user: string;
  readonly moment: Moment;
}

export function scanStamp(db: Db, s: Scan): void {
  const mark = s.mark.trim();
  if (mark === '') throw refuse('params.code', 'excise.empty');
  checkStampFormat(db, mark, 'params.code');
  const sql = exciseSql(db);
  const earlier = sql.seen.get(mark);
  if (earlier && !s.allowDuplicate) throw seenBefore('params.code', mark, earlier, true);
  sql.insert.run(mark, s.etax ? 1 : 0, s.kasm, earlier ? 1 : 0, s.user, s.moment.iso);
}

/** Reserves the till's unreserved pending stamps for one sale document. Returns how many. */
export const reservePending = (db: Db, kasm: number, ndoc: string): number => exciseSql(db).reserve.run(ndoc, kasm).changes;

/** Releases one pending stamp of the till, or all of them when mark is empty. Returns how many. */
export const releasePending = (db: Db, kasm: number, mark: string): number =>
  exciseSql(db).release.run({ kasm, mark: mark.trim() }).changes;

/** A receipt line as the stamp plan sees it. */
export interface StampedLine {
  /** Index in params.rows, for refusals. */
  readonly index: number;
  readonly code: string;
  readonly excise: boolean;
  /** Units sold (excise goods are sold by the piece: one stamp per unit). */
  readonly units: number;
  /** Stamps typed or scanned into the line itself. */
  readonly marks: readonly string[];
}

/** A stamp to bind: a pending one of the till, or one given in the line that is new to the shop. */
export interface PlannedStamp {
  readonly mark: string;
  /** Set when the stamp is one of the till's pending stamps. */
  readonly pendingId?: number;
}

/**
 * Which stamp goes on which line, checked before anything is written: the line's own stamps
 * first, then the till's pending stamps in scan order. A receipt with excise goods must use every
 * pending stamp of the till; a stray one means a bottle scanned and not sold.
 */
export function planStamps(db: Db, kasm: number, ndoc: string, lines: readonly StampedLine[]): PlannedStamp[][] {
  const sql = exciseSql(db);
  // Only excise lines take pending stamps: a receipt without them need not read the pool.
  const pool = lines.some((l) => l.excise) ? sql.pendingFor.all({ kasm, ndoc }) : [];
  const typed = new Set<string>();
  const plan: PlannedStamp[][] = lines.map((line) => {
    const path = `params.rows[${line.index}].excise_marks`;
    if (!line.excise) {
      if (line.marks.length > 0) throw refuse(path, 'excise.not_excise_goods', { code: line.code });
      return [];
    }
    if (line.marks.length > line.units) {
      throw refuse(path, 'excise.too_many', { given: line.marks.length, units: line.units, code: line.code });
    }
    return line.marks.map((mark) => {
      if (typed.has(mark)) throw refuse(path, 'excise.twice_on_receipt', { mark });
      typed.add(mark);
      const i = pool.findIndex((s) => s.mark === mark);
      if (i >= 0) return { mark, pendingId: (pool.splice(i, 1)[0] as StampRow).id };
      // A stamp typed into the line never went through a scan: it gets the scan's checks here.
      checkStampFormat(db, mark, path);
      const earlier = sql.seen.get(mark);
      if (earlier) throw seenBefore(path, mark, earlier, false);
      return { mark };
    });
  });
  lines.forEach((line, n) => {
    const stamps = plan[n] as PlannedStamp[];
    while (line.excise && stamps.length < line.units) {
      const next = pool.shift();
      if (!next) {
        throw refuse(`params.rows[${line.index}].excise_marks`, 'excise.missing', {
          code: line.code,
          units: line.units,
          scanned: stamps.length,
        });
      }
      stamps.push({ mark: next.mark, pendingId: next.id });
    }
  });
  if (pool.length > 0 && lines.some((l) => l.excise)) {
    throw refuse('params.rows', 'excise.stray_pending', { marks: pool.map((s) => s.mark).join(', '), kasm });
  }
  return plan;
}

export interface Binding {
  readonly kasm: number;
  readonly checkNumber: number;
  readonly user: string;
  readonly moment: Moment;
}

/** Binds the planned stamps of a line to the receipt line written for it. */
export function bindStamps(db: Db, stamps: readonly PlannedStamp[], line: { id: number; code: string }, b: Binding): void {
  const sql = exciseSql(db);
  for (const s of stamps) {
    const at = { check: b.checkNumber, line: line.id, code: line.code, at: b.moment.iso };
    if (s.pendingId !== undefined) sql.bindPending.run({ id: s.pendingId, ...at });
    else sql.insertBound.run({ mark: s.mark, kasm: b.kasm, user: b.user, ...at });
  }
}
