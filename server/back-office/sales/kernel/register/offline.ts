/**
 * A register's offline sessions (DPS API description, "Офлайн сесія"): it goes offline only when
 * the tax server cannot be reached, with a 102 document in the place of the first undelivered
 * one, and comes back with a 103 document when the server answers again. The session and the
 * calendar month are limited (shared/fiscal/choices.ts, "offline limits"); the till is warned
 * before a limit and new receipts are refused after it.
 */
import { PRRO } from '../../../../../shared/contract/index.js';
import { dayStartUtc, firstOfNextMonth } from '../../../../../shared/time/zone.js';
import type { Db } from '../../../../../shared-node/sql/db.js';
import { refuse } from '../../../../upstream/upstream.js';
import { type FiscalTill, requireSeller } from '../fiscal/identity.js';
import { readSettings, type Settings } from '../fiscal/settings.js';
import { type Moment, momentAt } from '../moment.js';
import { issueDocument, registerOf, replaceTail } from './chain.js';
import { type PrroDocRow, prroSql, type SessionRow } from './statements.js';

const HOUR = 3_600_000;

const LIMITS = {
  session: ['offline_session_hours', 36],
  month: ['offline_month_hours', 168],
  warnSession: ['offline_warn_session_hours_left', 6],
  warnMonth: ['offline_warn_month_hours_left', 24],
} as const;

/** The settings the offline limits are read from: fiscalWork reads them with its own in one statement. */
export const OFFLINE_LIMIT_KEYS: readonly string[] = Object.values(LIMITS).map(([key]) => key);

function limits(settings: Settings) {
  const n = ([key, fallback]: readonly [string, number]) => Number(settings.get(key) ?? fallback);
  return {
    session: n(LIMITS.session),
    month: n(LIMITS.month),
    warnSession: n(LIMITS.warnSession),
    warnMonth: n(LIMITS.warnMonth),
  };
}

/** The instant an offline session counts to: its last financial document, or now while it runs. */
const countedEnd = (s: SessionRow, now: Date): number =>
  s.ended_at === null ? now.getTime() : new Date(s.last_financial_at).getTime();

/** Real hours an offline session counts (UTC instants, so a change of the clocks adds or takes none). */
const sessionHours = (s: SessionRow, now: Date): number => (countedEnd(s, now) - new Date(s.started_at).getTime()) / HOUR;

/**
 * Offline hours in the shop-local calendar month of `now`. A session over the month's end counts
 * its hours before Kyiv midnight on the 1st in the old month and the rest in the new one: the rule
 * limits the hours of a calendar month, and counting a session whole in the month it began would
 * leave the new month's part of it uncounted anywhere.
 */
function monthHours(db: Db, numprro: string, now: Moment): number {
  const first = `${now.date.slice(0, 7)}-01`;
  const from = dayStartUtc(first, now.timeZone);
  const until = dayStartUtc(firstOfNextMonth(first), now.timeZone);
  const [start, end] = [new Date(from).getTime(), new Date(until).getTime()];
  return (
    prroSql(db)
      .sessionsBetween.all({ numprro, from, until })
      .reduce(
        (h, s) => h + Math.max(0, Math.min(countedEnd(s, now.at), end) - Math.max(new Date(s.started_at).getTime(), start)),
        0,
      ) / HOUR
  );
}

export interface OfflineClock {
  readonly mode: 'online' | 'offline';
  readonly sessionId: number;
  readonly startedAt: string;
  readonly sessionHours: number;
  readonly sessionLimit: number;
  readonly monthHours: number;
  readonly monthLimit: number;
  /** 'session' / 'month' when that limit is near (within the warning hours), '' otherwise. */
  readonly warning: '' | 'session' | 'month';
  /** 'session' / 'month' when that limit is reached: no new receipts until the register is online. */
  readonly exhausted: '' | 'session' | 'month';
}

export function offlineClock(
  db: Db,
  numprro: string,
  now: Moment,
  settings: Settings = readSettings(db, OFFLINE_LIMIT_KEYS),
): OfflineClock {
  const reg = registerOf(db, numprro);
  const sql = prroSql(db);
  const l = limits(settings);
  const month = monthHours(db, numprro, now);
  const current = reg.mode === 'offline' ? sql.session.get(numprro, reg.offline_session_id) : undefined;
  const hours = current ? sessionHours(current, now.at) : 0;
  const exhausted = current && hours >= l.session ? 'session' : current && month >= l.month ? 'month' : '';
  const warning = !current ? '' : hours >= l.session - l.warnSession ? 'session' : month >= l.month - l.warnMonth ? 'month' : '';
  return {
    mode: reg.mode,
    sessionId: current?.session_id ?? 0,
    startedAt: current?.started_at ?? '',
    sessionHours: hours,
    sessionLimit: l.session,
    monthHours: month,
    monthLimit: l.month,
    warning,
    exhausted,
  };
}

/** What a new receipt-class document needs of the offline clock: the warning near a limit. */
export type OfflineWarning = Pick<OfflineClock, 'warning'>;

/** Refuses a new receipt-class document once an offline limit is reached; `settings` holds OFFLINE_LIMIT_KEYS. */
export function checkOfflineLimits(db: Db, till: FiscalTill, now: Moment, path: string, settings: Settings): OfflineWarning {
  // An online register has no session to limit or warn of: the month's sessions need not be read.
  if (registerOf(db, till.numprro).mode !== 'offline') return { warning: '' };
  const clock = offlineClock(db, till.numprro, now, settings);
  if (clock.exhausted === 'session') {
    throw refuse(path, 'fiscal.offline_session_exhausted', { kasm: till.kasm, hours: clock.sessionLimit });
  }
  if (clock.exhausted === 'month') {
    throw refuse(path, 'fiscal.offline_month_exhausted', { kasm: till.kasm, hours: clock.monthLimit });
  }
  return clock;
}

/** The cashier a register's service documents name: the open shift's, or whoever made the document. */
export type CashierOf = (kasm: number) => string;

/**
 * The tax server did not answer while the register was sending `first`: the register goes
 * offline in that document's place. Returns false (and the document waits, retrying) when the
 * server has not yet handed out an offline session, so offline work is not allowed. `doubtful`:
 * `first` went out and no answer came, so the server may have registered it; before the session
 * goes up it is asked, and the 102 then revokes that online document (REVOKELASTONLINEDOC).
 */
export function goOffline(
  db: Db,
  till: FiscalTill,
  first: PrroDocRow,
  at: Moment,
  cashier: string,
  reason: string,
  doubtful = false,
): boolean {
  const sql = prroSql(db);
  const reg = registerOf(db, till.numprro);
  if (reg.mode === 'offline') return true;
  if (reg.offline_session_id === 0) {
    const error = `немає зв'язку з фіскальним сервером (${reason}); офлайн-режим неможливий: сервер ще не видав реєстратору ідентифікатор офлайн сесії`;
    sql.setStatus.run({ id: first.id, status: PRRO.retrying, error, fiscal: '', at: at.iso });
    return false;
  }
  const startedAt = momentAt(new Date(first.created_at), at.timeZone);
  sql.insertSession.run({
    numprro: till.numprro,
    session_id: reg.offline_session_id,
    seed: reg.offline_seed,
    started_at: startedAt.iso,
    last_financial_at: startedAt.iso,
    ended_at: null,
  });
  sql.setMode.run('offline', 0, till.numprro);
  const session = { id: reg.offline_session_id, seed: reg.offline_seed };
  replaceTail(db, {
    numprro: till.numprro,
    localNumber: till.localNumber,
    from: first.local_num,
    at,
    intoSession: session,
    first: {
      till,
      seller: requireSeller(db, 'params.kasm'),
      cashier,
      user: first.user_id,
      moment: startedAt,
      docType: 'offline_begin',
      content: { doc: 'head', DOCTYPE: '102' },
      shiftId: null,
      ref: `offline:${session.id}`,
    },
  });
  // The 102 took `first`'s place: its local number is the one the server may already hold.
  if (doubtful) sql.setRevokeCheck.run(first.local_num, till.numprro);
  return true;
}

/** The tax server answers again: the session ends with a 103 document and the register is online. */
export function goOnline(db: Db, till: FiscalTill, at: Moment, cashier: string): number {
  const sql = prroSql(db);
  const reg = registerOf(db, till.numprro);
  const issued = issueDocument(db, {
    till,
    seller: requireSeller(db, 'params.kasm'),
    cashier,
    user: 'fiscal-server',
    moment: at,
    docType: 'offline_end',
    content: { doc: 'head', DOCTYPE: '103' },
    shiftId: null,
    ref: `offline:${reg.offline_session_id}`,
  });
  sql.endSession.run(at.iso, till.numprro, reg.offline_session_id);
  // The session's credentials are spent; the server hands out the next ones with the package.
  sql.setCredentials.run(0, '', till.numprro);
  sql.setMode.run('online', 0, till.numprro);
  return issued.id;
}
