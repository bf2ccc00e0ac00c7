/**
 * What a receipt-class paper shows, from the fiscal document it was issued as (so the paper says
 * what the tax server got): the seller and point of sale, the register and the document's local
 * and fiscal numbers, online or offline (with the control number) or still waiting for its
 * fiscal number, the cashier, the lines with their tax letters and excise stamps, the money by
 * form, the rounding, the taxes, and the tax service's verification link for the QR code. The
 * customer's receipts (a sale, a return, a debt repaid) and the till's service documents (a
 * deposit, a withdrawal, the collection at the close) are all such documents (DOCTYPE 0).
 */
import { PRRO } from '../../../../shared/contract/index.js';
import { verificationUrl } from '../../../../shared/fiscal/verification.js';
import type { Db } from '../../../../shared-node/sql/db.js';
import type { CheckContent } from '../../../dps/format/content.js';
import { readDocument } from '../../../dps/format/read.js';
import { XmlError } from '../../../dps/format/xml.js';
import { refuse } from '../../../upstream/upstream.js';
import { shownAt } from '../kernel/moment.js';
import { type PrintedDoc, printSql } from './statements.js';

type Row = Record<string, string | null>;

/** online: fiscalized by the tax server; offline: its offline number; pending: online, not yet fiscalized. */
export function modeOf(d: PrintedDoc): 'online' | 'offline' | 'pending' {
  if (d.offline_session_id !== '') return 'offline';
  return d.status === PRRO.accepted || d.status === PRRO.already_registered ? 'online' : 'pending';
}

/** Which paper: a sale by its receipt number, a return by its id, or any receipt-class document by its id. */
export interface PrintTarget {
  readonly checkNumber: number;
  readonly returnId: number;
  readonly docId: number;
}

type Kind = 'sale' | 'return' | 'deposit' | 'withdrawal' | 'repayment';

/** The paper's kind by the document's type; a receipt issued for a debt repaid is the books' `debt:N`. */
function kindOf(doc: PrintedDoc): Kind | undefined {
  switch (doc.doc_type) {
    case 'receipt':
      return doc.ref.startsWith('debt:') ? 'repayment' : 'sale';
    case 'return':
      return 'return';
    case 'service_deposit':
      return 'deposit';
    case 'service_withdrawal':
      return 'withdrawal';
    default:
      return undefined;
  }
}

/** The number after `prefix:` in a document's ref, or ''. */
const refNumber = (ref: string, prefix: string): string => (ref.startsWith(`${prefix}:`) ? ref.slice(prefix.length + 1) : '');

function documentOf(db: Db, a: PrintTarget): { doc: PrintedDoc; path: string } {
  const sql = printSql(db);
  if (a.docId > 0) {
    const doc = sql.byId.get(a.docId);
    if (!doc) throw refuse('params.doc_id', 'print.no_document', { doc_id: a.docId });
    if (!kindOf(doc)) throw refuse('params.doc_id', 'print.not_receipt', { doc_id: a.docId, doc_type: doc.doc_type });
    return { doc, path: 'params.doc_id' };
  }
  if (a.returnId > 0) {
    if (!sql.returnOf.get(a.returnId)) throw refuse('params.return_id', 'print.no_return', { return_id: a.returnId });
    const doc = sql.ofReturn.get(a.returnId);
    if (!doc) throw refuse('params.return_id', 'print.not_fiscal', {});
    return { doc, path: 'params.return_id' };
  }
  if (sql.receiptExists.get(a.checkNumber) === undefined) {
    throw refuse('params.check_number', 'return.no_receipt', { check_number: a.checkNumber });
  }
  const doc = sql.ofReceipt.get(a.checkNumber);
  if (!doc) throw refuse('params.check_number', 'print.not_fiscal', {});
  return { doc, path: 'params.check_number' };
}

export function receiptRows(db: Db, a: PrintTarget, timeZone: string): Row[] {
  const sql = printSql(db);
  const { doc, path } = documentOf(db, a);
  const kind = kindOf(doc) as Kind;
  const read = readable(doc.id, doc.xml_body_b64, path);
  const h = read.head;
  const c = read.content as CheckContent;
  const t = c.CHECKTOTAL;
  const mode = modeOf(doc);
  const fiscalNumber = doc.fiscal_number;
  const returnId = kind === 'return' ? refNumber(doc.ref, 'return') : '';
  const service = kind === 'deposit' || kind === 'withdrawal';
  const head: Row = {
    tag: 'HEAD',
    kind,
    doc_id: String(doc.id),
    check_number:
      kind === 'return'
        ? String(sql.returnOf.get(Number(returnId))?.check_number ?? '')
        : kind === 'repayment'
          ? refNumber(doc.ref, 'debt')
          : kind === 'sale'
            ? refNumber(doc.ref, 'receipt') || (a.checkNumber > 0 ? String(a.checkNumber) : '')
            : '',
    return_id: returnId,
    kasm: String(doc.kasm),
    numprro: doc.numprro,
    local_number: h.CASHDESKNUM ?? '',
    local_num: String(doc.local_num),
    org_name: h.ORGNM ?? '',
    tin: h.TIN ?? '',
    ipn: h.IPN ?? '',
    point_name: h.POINTNM ?? '',
    point_addr: h.POINTADDR ?? '',
    cashier: h.CASHIER ?? '',
    created_at: shownAt(doc.created_at, timeZone),
    // The paper's date and time are the document's, as its QR link's are: a manager's correction of
    // the head may have changed them since the books recorded the sale.
    order_date: h.ORDERDATE ?? '',
    order_time: h.ORDERTIME ?? '',
    fiscal_number: fiscalNumber,
    mode,
    control_code: doc.control_code,
    total: t?.SUM ?? '0.00',
    rounding: t?.RNDSUM ?? '0.00',
    nornd_sum: t?.NORNDSUM ?? t?.SUM ?? '0.00',
    discount: t?.DISCOUNTSUM ?? '0.00',
    partial_sum: t?.PARTPAYSUM ?? '',
    ret_fiscal_number: c.ORDERRETNUM ?? '',
    prepay_fiscal_number: t?.PARTPAYORDPREPAYNUM ?? '',
    comment: service ? (sql.cashComment.get(doc.id) ?? '') : '',
    testing: h.TESTING === 'true' ? '1' : '0',
    // A service document stays with the till: it is not a customer's receipt to verify.
    qr_url:
      fiscalNumber === '' || service
        ? ''
        : verificationUrl({
            fiscalNumber,
            numprro: doc.numprro,
            orderDate: h.ORDERDATE ?? '',
            orderTime: h.ORDERTIME ?? '',
            sum: t?.SUM ?? '0.00',
          }),
  };
  const lines: Row[] = (c.CHECKBODY ?? []).map((r, i) => ({
    tag: 'LINE',
    line_no: String(i + 1),
    code: r.CODE,
    barcode: r.BARCODE ?? '',
    uktzed: r.UKTZED ?? '',
    name: r.NAME,
    unit: r.UNITNM,
    quantity: r.AMOUNT,
    price: r.PRICE,
    cost: r.COST,
    discount: r.DISCOUNTSUM ?? '0.00',
    letters: r.LETTERS ?? '',
    excise_marks: (r.EXCISELABELS ?? []).join(', '),
  }));
  const pays: Row[] = (c.CHECKPAY ?? []).map((p) => ({
    tag: 'PAY',
    code: p.PAYFORMCD,
    name: p.PAYFORMNM,
    sum: p.SUM,
    provided: p.PROVIDED ?? '',
    remains: p.REMAINS ?? '',
  }));
  // A card payment's terminal details, as the document's PAYSYS rows say them.
  const paySys: Row[] = (c.CHECKPAY ?? []).flatMap((p) =>
    (p.PAYSYS ?? []).map((s) => ({
      tag: 'PAYSYS',
      pay_code: p.PAYFORMCD,
      name: s.NAME ?? '',
      acquirer: s.ACQUIRENM ?? '',
      rrn: s.ACQUIRETRANSID ?? '',
      auth_code: s.AUTHCD ?? '',
      pan: s.EPZDETAILS ?? '',
      terminal_id: s.DEVICEID ?? '',
      invoice_number: s.POSTRANSNUM ?? '',
      sum: s.SUM ?? '',
    })),
  );
  const taxes: Row[] = (c.CHECKTAX ?? []).map((x) => ({
    tag: 'TAX',
    letter: x.LETTER,
    name: x.NAME,
    prc: x.PRC,
    turnover: x.TURNOVER,
    source: x.SOURCESUM,
    sum: x.SUM,
  }));
  return [head, ...lines, ...pays, ...paySys, ...taxes];
}

/** Receipts and returns by the fiscal number a customer's receipt shows (its QR code). */
export function findByFiscalNumber(db: Db, fiscalNumber: string, numprro: string, timeZone: string): Row[] {
  return printSql(db)
    .byFiscalNumber.all({ fiscal: fiscalNumber, numprro })
    .flatMap((d) => {
      const [kind, id] = d.ref.split(':');
      if (kind === 'receipt')
        return [
          {
            kind: 'sale',
            check_number: id ?? '',
            return_id: '',
            kasm: String(d.kasm),
            created_at: shownAt(d.created_at, timeZone),
          },
        ];
      if (kind === 'return') {
        const of = printSql(db).returnOf.get(Number(id));
        return [
          {
            kind: 'return',
            check_number: String(of?.check_number ?? ''),
            return_id: id ?? '',
            kasm: String(d.kasm),
            created_at: shownAt(d.created_at, timeZone),
          },
        ];
      }
      return [];
    });
}

/**
 * The document's body, read. One an older back office wrote malformed (a name cut inside a
 * character pair) is a refusal that names it, not a fault of the service.
 */
export function readable(docId: number, bodyB64: string, path: string): ReturnType<typeof readDocument> {
  try {
    return readDocument(Buffer.from(bodyB64, 'base64'));
  } catch (err) {
    if (!(err instanceof XmlError)) throw err;
    throw refuse(path, 'print.unreadable', { doc_id: docId, problem: err.message.slice(0, 200) });
  }
}
