/**
 * What the paper of a shift's report shows. A closed shift prints its Z-report (the fiscal report
 * check) as its fiscal document says it, head and totals alike, so the paper and the tax server
 * agree; the open shift prints its X-report, the same reading of its documents so far, which is
 * no fiscal document. Beside the totals the books give the drawer: what it held when the shift
 * opened, the collection at the close, and what it kept (the next shift's float).
 */
import type { Db } from '../../../../shared-node/sql/db.js';
import type { FiscalContent, ZrepContent } from '../../../dps/format/content.js';
import { refuse } from '../../../upstream/upstream.js';
import { fmtDb } from '../../decimal.js';
import { cashSql } from '../kernel/cash/statements.js';
import { fiscalTillOf, requireSeller } from '../kernel/fiscal/identity.js';
import { shownAt } from '../kernel/moment.js';
import { prroSql } from '../kernel/register/statements.js';
import { totalsRows } from '../kernel/shifts/report-rows.js';
import { type ShiftRow, shiftSql } from '../kernel/shifts/statements.js';
import { shiftTotals } from '../kernel/shifts/totals.js';
import { modeOf, readable } from './receipt.js';
import { printSql } from './statements.js';

type Row = Record<string, string | null>;

function shiftOf(db: Db, kasm: number, shiftId: number): ShiftRow {
  const sql = shiftSql(db);
  const shift = shiftId === 0 ? sql.open.get(kasm) : sql.byId.get(shiftId);
  if (!shift || shift.kasm !== kasm || (shift.closed_at !== null && shift.z_doc_id === null)) {
    throw refuse(shiftId === 0 ? 'params.kasm' : 'params.shift_id', 'shift.none_to_report', { kasm, shift_id: shiftId });
  }
  return shift;
}

/**
 * The head of an X-report: the seller and register as they are now. It is no document and has no
 * date of its own: the paper prints the moment it is printed, so the same shift reads the same.
 */
function xHead(db: Db, shift: ShiftRow): { head: Row; z: ZrepContent } {
  const till = fiscalTillOf(db, shift.kasm);
  if (!till) throw refuse('params.kasm', 'shift.no_register', { kasm: shift.kasm });
  const seller = requireSeller(db, 'params.kasm');
  const contents = prroSql(db)
    .shiftDocs.all(shift.id)
    .filter((d) => d.content_json !== '')
    .map((d) => JSON.parse(d.content_json) as FiscalContent);
  return {
    z: shiftTotals(contents),
    head: {
      kind: 'x',
      numprro: till.numprro,
      local_number: String(till.localNumber),
      org_name: seller.orgName,
      tin: seller.tin,
      ipn: seller.vatPayer ? seller.ipn : '',
      point_name: seller.pointName,
      point_addr: seller.pointAddr,
      cashier: shift.cashier,
      order_date: '',
      order_time: '',
      doc_id: '',
      local_num: '',
      fiscal_number: '',
      mode: '',
      control_code: '',
      testing: seller.testing ? '1' : '0',
      closing_cash: fmtDb(cashSql(db).box.get(till.akas)?.balance ?? 0),
    },
  };
}

/** The head of a Z-report: everything the document says, as the tax server has it. */
function zHead(db: Db, shift: ShiftRow): { head: Row; z: ZrepContent } {
  const doc = printSql(db).byId.get(shift.z_doc_id as number);
  if (!doc) throw refuse('params.shift_id', 'shift.none_to_report', { kasm: shift.kasm, shift_id: shift.id });
  const read = readable(doc.id, doc.xml_body_b64, 'params.shift_id');
  const h = read.head;
  return {
    z: read.content as ZrepContent,
    head: {
      kind: 'z',
      numprro: doc.numprro,
      local_number: h.CASHDESKNUM ?? '',
      org_name: h.ORGNM ?? '',
      tin: h.TIN ?? '',
      ipn: h.IPN ?? '',
      point_name: h.POINTNM ?? '',
      point_addr: h.POINTADDR ?? '',
      cashier: h.CASHIER ?? shift.cashier,
      order_date: h.ORDERDATE ?? '',
      order_time: h.ORDERTIME ?? '',
      doc_id: String(doc.id),
      local_num: String(doc.local_num),
      fiscal_number: doc.fiscal_number,
      mode: modeOf(doc),
      control_code: doc.control_code,
      testing: h.TESTING === 'true' ? '1' : '0',
      closing_cash: shift.closing_cash === null ? null : fmtDb(shift.closing_cash),
    },
  };
}

export function shiftReportRows(db: Db, a: { kasm: number; shiftId: number }, timeZone: string): Row[] {
  const shift = shiftOf(db, a.kasm, a.shiftId);
  const { head, z } = shift.closed_at === null ? xHead(db, shift) : zHead(db, shift);
  return [
    {
      tag: 'HEAD',
      ...head,
      shift_id: String(shift.id),
      kasm: String(shift.kasm),
      opened_at: shownAt(shift.opened_at, timeZone),
      closed_at: shift.closed_at === null ? null : shownAt(shift.closed_at, timeZone),
      opening_cash: fmtDb(shift.opening_cash),
      collected: fmtDb(shift.collected),
    },
    ...totalsRows(z),
  ];
}
