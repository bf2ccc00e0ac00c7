/**
 * Excise stamp rules. The tax service fines a duplicate stamp heavily, so a stamp seen anywhere
 * in history is refused at the scan unless the cashier deliberately allows it, and a stamp typed
 * straight into a receipt line that was already sold is refused at the close.
 */
import type { Db } from '../../../db/open.js';
import { BusinessRefusal } from '../../../upstream/upstream.js';
import type { Moment } from '../common/moment.js';
import { exciseSql, type StampRow } from './statements.js';

function whereItIs(s: StampRow): string {
  if (s.state === 'bound') return `was already sold on receipt ${s.check_number} (till ${s.kasm})`;
  return s.ndoc === null
    ? `is already scanned at till ${s.kasm}`
    : `is already scanned at till ${s.kasm} for sale document ${s.ndoc}`;
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
  if (mark === '') throw new BusinessRefusal('params.code', 'is the excise stamp and must not be empty');
  const sql = exciseSql(db);
  const earlier = sql.seen.get(mark);
  if (earlier && !s.allowDuplicate) {
    throw new BusinessRefusal('params.code', `excise stamp ${mark} ${whereItIs(earlier)}: a duplicate stamp is refused`);
  }
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
  const pool = sql.pendingFor.all({ kasm, ndoc });
  const typed = new Set<string>();
  const plan: PlannedStamp[][] = lines.map((line) => {
    const path = `params.rows[${line.index}].excise_marks`;
    if (!line.excise) {
      if (line.marks.length > 0) throw new BusinessRefusal(path, `product ${line.code} takes no excise stamp`);
      return [];
    }
    if (line.marks.length > line.units) {
      throw new BusinessRefusal(
        path,
        `${line.marks.length} excise stamps given for ${line.units} units of ${line.code}; one per unit`,
      );
    }
    return line.marks.map((mark) => {
      if (typed.has(mark)) throw new BusinessRefusal(path, `excise stamp ${mark} is given on two lines`);
      typed.add(mark);
      const i = pool.findIndex((s) => s.mark === mark);
      if (i >= 0) return { mark, pendingId: (pool.splice(i, 1)[0] as StampRow).id };
      const earlier = sql.seen.get(mark);
      if (earlier) throw new BusinessRefusal(path, `excise stamp ${mark} ${whereItIs(earlier)}`);
      return { mark };
    });
  });
  lines.forEach((line, n) => {
    const stamps = plan[n] as PlannedStamp[];
    while (line.excise && stamps.length < line.units) {
      const next = pool.shift();
      if (!next) {
        throw new BusinessRefusal(
          `params.rows[${line.index}].excise_marks`,
          `product ${line.code} needs ${line.units} excise stamps, one per unit; ${stamps.length} scanned`,
        );
      }
      stamps.push({ mark: next.mark, pendingId: next.id });
    }
  });
  if (pool.length > 0 && lines.some((l) => l.excise)) {
    throw new BusinessRefusal(
      'params.rows',
      `excise stamps ${pool.map((s) => s.mark).join(', ')} are pending at till ${kasm} but no unit of this receipt is left for them; release them or sell the goods`,
    );
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
