/** SQL of the receipt reports, the turnover check and the report log. */
import type { Db } from '../../../../shared-node/sql/db.js';
import { statements } from '../../core/statements.js';

export interface ReceiptSummaryRow {
  check_number: number;
  total: number;
  cash_received: number;
  cashless: number;
  debt: number;
  bonus: number;
  certificate: number;
  change: number;
  card: string;
  kasm: number;
  ndoc: string;
  created_at: string;
  fiscal_number: string;
}

export interface PrintRow {
  id: number;
  code: string;
  name: string;
  price: number;
  quantity: number;
  sum: number;
  unit_type: string;
  document_number: string;
  fiscal: number;
  c2: string;
  excise_input: number;
  category_id: string;
  uktzed: string;
}

export interface DayTotals {
  receipts: number;
  total: number;
  discount: number;
  change: number;
  bonus_accrued: number;
  cash: number;
  cashless: number;
  debt: number;
  bonus: number;
  certificate: number;
}

const PAID = (type: string) => `coalesce(sum(CASE WHEN p.type = '${type}' THEN p.amount END), 0)`;

const prepare = (db: Db) => ({
  receipts: db.prepare<{ from: string; to: string; limit: number }, ReceiptSummaryRow>(
    `SELECT r.check_number, r.total, r.cash_received, ${PAID('bn')} AS cashless, ${PAID('debt')} AS debt,
       ${PAID('bonus')} AS bonus, ${PAID('cert')} AS certificate, r.change, r.card, r.kasm, r.ndoc, r.created_at,
       coalesce(d.fiscal_number, '') AS fiscal_number
     FROM receipts r
     LEFT JOIN receipt_payments p ON p.check_number = r.check_number
     LEFT JOIN prro_docs d ON d.id = r.prro_doc_id
     WHERE r.sale_date BETWEEN @from AND @to
     GROUP BY r.check_number, d.fiscal_number ORDER BY r.check_number DESC LIMIT @limit`,
  ),
  latestCheck: db.prepare<[], number>('SELECT max(check_number) FROM receipts').pluck(),
  printRows: db.prepare<{ check: number; sk: number; year: string }, PrintRow>(
    `SELECT l.id, l.code, l.name, l.price, l.quantity, l.sum, l.unit_type, r.ndoc AS document_number, r.fiscal,
       l.c2, l.excise_input, l.category_id, l.uktzed
     FROM receipt_lines l JOIN receipts r ON r.check_number = l.check_number
     WHERE r.check_number = @check AND r.sk = @sk AND (@year = '' OR substr(r.sale_date, 1, 4) = @year)
     ORDER BY l.line_no`,
  ),
  fiscalTurnover: db
    .prepare<[string], number>('SELECT coalesce(sum(total), 0) FROM receipts WHERE fiscal = 1 AND substr(sale_date, 1, 4) = ?')
    .pluck(),
  dayTotals: db.prepare<{ date: string }, DayTotals>(
    `SELECT count(*) AS receipts, coalesce(sum(r.total), 0) AS total, coalesce(sum(r.discount), 0) AS discount,
       coalesce(sum(r.change), 0) AS change, coalesce(sum(r.bonus_accrued), 0) AS bonus_accrued,
       coalesce(sum(p.cash), 0) AS cash, coalesce(sum(p.cashless), 0) AS cashless, coalesce(sum(p.debt), 0) AS debt,
       coalesce(sum(p.bonus), 0) AS bonus, coalesce(sum(p.certificate), 0) AS certificate
     FROM receipts r
     LEFT JOIN (SELECT check_number, ${PAID('nal')} AS cash, ${PAID('bn')} AS cashless, ${PAID('debt')} AS debt,
         ${PAID('bonus')} AS bonus, ${PAID('cert')} AS certificate
       FROM receipt_payments p GROUP BY check_number) p ON p.check_number = r.check_number
     WHERE r.sale_date = @date`,
  ),
  template: db.prepare<[string], string>('SELECT body FROM report_templates WHERE type = ?').pluck(),
  nextReportNumber: db
    .prepare<[string, string], number>('SELECT coalesce(max(number), 0) + 1 FROM report_log WHERE type = ? AND report_date = ?')
    .pluck(),
  logReport: db.prepare<[string, string, number, string, string, string], void>(
    'INSERT INTO report_log (type, report_date, number, text, user, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  ),
});

export const reportSql = (db: Db) => statements(db, prepare);
