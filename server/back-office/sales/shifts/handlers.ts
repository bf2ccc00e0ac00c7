/** Shifts at the till: open, close with the Z-report, the state, the X-report, the list; service cash. */

import { dayStartUtc, nextDate } from '../../../../shared/time/zone.js';
import type { FiscalContent } from '../../../dps/format/content.js';
import { refuse } from '../../../upstream/upstream.js';
import { dec, fmt, fmtDb } from '../../decimal.js';
import type { BackOfficeContext, HandlerGroup } from '../../handlers.js';
import { cashSql } from '../kernel/cash/statements.js';
import { fiscalTillOf } from '../kernel/fiscal/identity.js';
import { momentOf, shownAt } from '../kernel/moment.js';
import { positiveKopecks } from '../kernel/money.js';
import { spendConfirmation } from '../kernel/people/confirmations.js';
import { offlineClock } from '../kernel/register/offline.js';
import { prroSql } from '../kernel/register/statements.js';
import { fiscalWork, shiftMaxHours } from '../kernel/shifts/guard.js';
import { totalsRows } from '../kernel/shifts/report-rows.js';
import { depositCash, withdrawCash } from '../kernel/shifts/service-cash.js';
import { type ShiftRow, shiftSql } from '../kernel/shifts/statements.js';
import { shiftTotals } from '../kernel/shifts/totals.js';
import { closeShift, openShift } from './open-close.js';

type ShiftOps =
  | 'pos.shift_open'
  | 'pos.shift_close'
  | 'pos.shift_state'
  | 'pos.shift_x_report'
  | 'pos.shifts'
  | 'pos.cash_deposit'
  | 'pos.cash_withdrawal';

const HOUR = 3_600_000;
const hours = (h: number) => (Math.floor(h * 10) / 10).toFixed(1);

function tillOrRefuse(ctx: BackOfficeContext, kasm: number) {
  const till = fiscalTillOf(ctx.db, kasm);
  if (!till) throw refuse('params.kasm', 'shift.no_register', { kasm });
  return till;
}

type CashParams = { kasm: number; amount: string; comment: string; confirmation?: number };

function serviceCash(ctx: BackOfficeContext, p: CashParams, kind: 'deposit' | 'withdrawal') {
  // The document says kopecks: an amount finer than that would leave the drawer and it apart.
  const amount = positiveKopecks(p.amount, 'params.amount');
  // Cash out names who took it and why (a collection, a supplier, a float to the safe): the
  // drawer's books must never say "paid out to nobody".
  if (kind === 'withdrawal' && p.comment.trim() === '') throw refuse('params.comment', 'cash.payee_required');
  const moment = momentOf(ctx);
  const work = fiscalWork(ctx.db, p.kasm, moment, 'params.kasm', ctx.cashier);
  if (!work) throw refuse('params.kasm', 'shift.no_register', { kasm: p.kasm });
  const s = { work, amount, comment: p.comment, user: ctx.user, moment };
  const done = kind === 'deposit' ? depositCash(ctx.db, s) : withdrawCash(ctx.db, s);
  // Cash out is a manager's to allow: the confirmation is used by this document, or all rolls back.
  if (kind === 'withdrawal') {
    spendConfirmation(ctx.db, {
      id: p.confirmation ?? 0,
      action: 'cash_withdrawal',
      kasm: p.kasm,
      usedBy: `cash:withdrawal:${done.docId}`,
      moment,
      path: 'params.confirmation',
    });
  }
  return { rows: [{ prro_doc_id: String(done.docId), fiscal_number: done.fiscalNumber, balance: fmt(done.balance) }] };
}

export const shiftHandlers: HandlerGroup<ShiftOps> = {
  'pos.shift_open': (p, ctx) => {
    const moment = momentOf(ctx);
    const o = openShift(ctx.db, { kasm: p.kasm, cashierId: p.cashier, float: dec(p.float), user: ctx.user, moment });
    return {
      rows: [
        {
          shift_id: String(o.shift.id),
          opened_at: shownAt(o.shift.opened_at, ctx.timeZone),
          cashier: o.shift.cashier,
          open_doc_id: String(o.openDocId),
          deposit_doc_id: o.depositDocId === undefined ? '' : String(o.depositDocId),
          fiscal_mode: o.offline ? 'offline' : 'online',
        },
      ],
    };
  },

  'pos.shift_close': (p, ctx) => {
    const c = closeShift(ctx.db, { kasm: p.kasm, collection: p.collection, user: ctx.user, moment: momentOf(ctx) });
    const z = c.z.doc === 'zrep' ? c.z : undefined;
    return {
      rows: [
        {
          shift_id: String(c.shift.id),
          closed_at: shownAt(c.shift.closed_at as string, ctx.timeZone),
          z_doc_id: String(c.zDocId),
          close_doc_id: String(c.closeDocId),
          sales_sum: z?.ZREPREALIZ?.SUM ?? '0.00',
          sales_count: z?.ZREPREALIZ?.ORDERSCNT ?? '0',
          returns_sum: z?.ZREPRETURN?.SUM ?? '0.00',
          returns_count: z?.ZREPRETURN?.ORDERSCNT ?? '0',
          service_input: z?.ZREPBODY.SERVICEINPUT ?? '0.00',
          service_output: z?.ZREPBODY.SERVICEOUTPUT ?? '0.00',
          collection_doc_id: c.collectionDocId === undefined ? '' : String(c.collectionDocId),
          collected: fmt(c.collected),
          cash_left: fmt(c.cashLeft),
        },
      ],
    };
  },

  'pos.shift_state': ({ kasm }, ctx) => {
    const till = tillOrRefuse(ctx, kasm);
    const now = momentOf(ctx);
    const shift = shiftSql(ctx.db).open.get(kasm);
    const clock = offlineClock(ctx.db, till.numprro, now);
    const box = cashSql(ctx.db).box.get(till.akas);
    const queue = prroSql(ctx.db).unsentSummary.get(till.numprro);
    const refusedNum = queue?.refused_num ?? null;
    const refused = refusedNum === null ? undefined : prroSql(ctx.db).refusedAt.get(till.numprro, Number(refusedNum));
    return {
      rows: [
        {
          kasm: String(kasm),
          numprro: till.numprro,
          akas: till.akas,
          shift_id: shift ? String(shift.id) : '',
          cashier: shift?.cashier ?? '',
          opened_at: shift ? shownAt(shift.opened_at, ctx.timeZone) : null,
          shift_hours: shift ? hours((now.at.getTime() - new Date(shift.opened_at).getTime()) / HOUR) : '0.0',
          shift_max_hours: String(shiftMaxHours(ctx.db)),
          receipts: shift ? String(shiftSql(ctx.db).receiptsOf.get(shift.id) ?? 0) : '0',
          cash_balance: fmtDb(box?.balance ?? 0),
          unsent_docs: String(Number(queue?.unsent ?? 0)),
          stopped_docs: String(Number(queue?.stopped ?? 0)),
          refused_doc_id: refused ? String(refused.id) : '',
          refused_doc_type: refused?.doc_type ?? '',
          refused_reason: refused?.last_error ?? '',
          register_mode: clock.mode,
          offline_since: clock.startedAt === '' ? null : shownAt(clock.startedAt, ctx.timeZone),
          offline_hours: hours(clock.sessionHours),
          offline_session_limit: String(clock.sessionLimit),
          offline_month_hours: hours(clock.monthHours),
          offline_month_limit: String(clock.monthLimit),
          offline_warning: clock.warning,
          offline_exhausted: clock.exhausted,
        },
      ],
    };
  },

  'pos.shift_x_report': ({ kasm, shift_id }, ctx) => {
    const till = tillOrRefuse(ctx, kasm);
    const sql = shiftSql(ctx.db);
    const shift: ShiftRow | undefined = shift_id === 0 ? sql.open.get(kasm) : sql.byId.get(shift_id);
    if (!shift || shift.kasm !== kasm)
      throw refuse(shift_id === 0 ? 'params.kasm' : 'params.shift_id', 'shift.none_to_report', { kasm, shift_id });
    const z = shiftTotals(
      prroSql(ctx.db)
        .shiftDocs.all(shift.id)
        .filter((d) => d.content_json !== '')
        .map((d) => JSON.parse(d.content_json) as FiscalContent),
    );
    const box = cashSql(ctx.db).box.get(till.akas);
    return {
      rows: [
        {
          tag: 'SHIFT',
          shift_id: String(shift.id),
          kasm: String(kasm),
          numprro: shift.numprro,
          cashier: shift.cashier,
          opened_at: shownAt(shift.opened_at, ctx.timeZone),
          closed_at: shift.closed_at ? shownAt(shift.closed_at, ctx.timeZone) : null,
          state: shift.closed_at ? 'closed' : 'open',
          receipts: z.ZREPREALIZ?.ORDERSCNT ?? '0',
          returns: z.ZREPRETURN?.ORDERSCNT ?? '0',
          opening_cash: fmtDb(shift.opening_cash),
          cash_balance: fmtDb(box?.balance ?? 0),
          z_doc_id: shift.z_doc_id === null ? '' : String(shift.z_doc_id),
        },
        ...totalsRows(z),
      ],
    };
  },

  'pos.shifts': ({ kasm, start, end }, ctx) => ({
    rows: shiftSql(ctx.db)
      // The days are the shop's: a shift opened at 00:26 in Kyiv belongs to that day, though UTC says the one before.
      .ofTill.all({ kasm, from: dayStartUtc(start, ctx.timeZone), until: dayStartUtc(nextDate(end), ctx.timeZone) })
      .map((s) => ({
        shift_id: String(s.id),
        kasm: String(s.kasm),
        numprro: s.numprro,
        cashier: s.cashier,
        opened_at: shownAt(s.opened_at, ctx.timeZone),
        closed_at: s.closed_at ? shownAt(s.closed_at, ctx.timeZone) : null,
        open_doc_id: s.open_doc_id === null ? '' : String(s.open_doc_id),
        z_doc_id: s.z_doc_id === null ? '' : String(s.z_doc_id),
        close_doc_id: s.close_doc_id === null ? '' : String(s.close_doc_id),
      })),
  }),

  'pos.cash_deposit': (p, ctx) => serviceCash(ctx, p, 'deposit'),
  'pos.cash_withdrawal': (p, ctx) => serviceCash(ctx, p, 'withdrawal'),
};
