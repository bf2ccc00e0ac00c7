/** Receipt reports, the printed lines of a receipt, the daily/PRRO report, the FOP turnover. */
import { fmt, fmtDb, fromDb } from '../../decimal.js';
import type { HandlerGroup } from '../../handlers.js';
import { momentOf, shownAt } from '../kernel/moment.js';
import { storageSk } from '../kernel/storage.js';
import { reportText } from './report-text.js';
import { type PrintRow, reportSql } from './statements.js';

type ReportOps =
  | 'pos.reports_checks_today'
  | 'pos.reports_check_print_rows'
  | 'pos.template_report_get'
  | 'checks.fop_year_turnover';

/** Lines of the same product at the same price print as one, as a buyer reads a receipt. */
function grouped(rows: readonly PrintRow[]): PrintRow[] {
  const out = new Map<string, PrintRow>();
  for (const r of rows) {
    const key = `${r.code}\u0000${r.price}`;
    const seen = out.get(key);
    out.set(key, seen ? { ...seen, quantity: seen.quantity + r.quantity, sum: seen.sum + r.sum } : r);
  }
  return [...out.values()];
}

export const reportHandlers: HandlerGroup<ReportOps> = {
  'pos.reports_checks_today': (p, ctx) => {
    const today = momentOf(ctx).date;
    // One date given: that day; none: today.
    const from = p.date_from || p.date_to || today;
    const to = p.date_to || p.date_from || today;
    return {
      rows: reportSql(ctx.db)
        .receipts.all({ from, to, limit: p.limit })
        .map((r) => ({
          check_number: String(r.check_number),
          total: fmtDb(r.total),
          cash_received: fmtDb(r.cash_received),
          cashless: fmtDb(r.cashless),
          debt: fmtDb(r.debt),
          bonus: fmtDb(r.bonus),
          certificate: fmtDb(r.certificate),
          change: fmtDb(r.change),
          card: r.card,
          kasm: String(r.kasm),
          ndoc: r.ndoc,
          created_at: shownAt(r.created_at, ctx.timeZone),
          fiscal_number: r.fiscal_number,
        })),
    };
  },

  // nc 0 is the latest receipt: "print the last receipt again" is what a till asks most.
  'pos.reports_check_print_rows': (p, { db }) => {
    const sql = reportSql(db);
    const check = p.nc === 0 ? (sql.latestCheck.get() ?? 0) : p.nc;
    const lines = sql.printRows.all({ check, sk: storageSk(p.storage, p.sk), year: p.year ?? '' });
    return {
      rows: (p.group_rows ? grouped(lines) : lines).map((r) => {
        const quantity = fromDb(r.quantity, 'unit');
        return {
          id: String(r.id),
          code: r.code,
          name: r.name,
          // What one unit cost the buyer after discount; the list price beside it.
          sale_price: fmt(quantity.isZero() ? fromDb(r.price, 'cur') : fromDb(r.sum, 'cur').div(quantity)),
          price: fmtDb(r.price),
          unit_type: r.unit_type,
          quantity: fmt(quantity, 'unit'),
          document_number: r.document_number,
          fiscal: String(r.fiscal),
          c2: r.c2,
          excise_input: String(r.excise_input),
          category_id: r.category_id,
          uktzed: r.uktzed,
        };
      }),
    };
  },

  'pos.template_report_get': ({ type }, ctx) => {
    const sql = reportSql(ctx.db);
    const moment = momentOf(ctx);
    const number = sql.nextReportNumber.get(type, moment.date) ?? 1;
    const text = reportText(ctx.db, type, {
      date: moment.date,
      number,
      createdAt: shownAt(moment.iso, ctx.timeZone),
      user: ctx.user,
    });
    sql.logReport.run(type, moment.date, number, text, ctx.user, moment.iso);
    return { value: text };
  },

  'checks.fop_year_turnover': (_p, ctx) => ({
    value: fmtDb(reportSql(ctx.db).fiscalTurnover.get(momentOf(ctx).date.slice(0, 4)) ?? 0),
  }),
};
