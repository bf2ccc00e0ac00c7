/**
 * What the simulated server writes down for each document it registers: the document under its
 * register and local number (with its UID, fiscal number, class and type as the API names them,
 * and the bytes as they came), and the shifts it opens, reports and closes, so that its commands
 * later answer what actually happened.
 */
import type { ReadDocument } from '../format/read.js';
import type { Certificate } from '../signing/certificate.js';
import { type DocKind, headInstant, kindOf } from './judge.js';
import type { SimulatorSql } from './statements.js';

/** CheckDocumentType and CheckDocumentSubType by their codes (DPS API description). */
const CHECK_TYPES: Readonly<Record<string, string>> = {
  '0': 'SaleGoods',
  '1': 'TransferFunds',
  '2': 'CurrencyExchange',
  '3': 'CashWithdrawal',
  '100': 'OpenShift',
  '101': 'CloseShift',
  '102': 'OfflineBegin',
  '103': 'OfflineEnd',
};
const CHECK_SUBTYPES: Readonly<Record<string, string>> = {
  '0': 'CheckGoods',
  '1': 'CheckReturn',
  '2': 'ServiceDeposit',
  '3': 'AdditionalDeposit',
  '4': 'ServiceIssue',
  '5': 'CheckStorno',
};

export interface Entry {
  readonly numprro: string;
  readonly doc: ReadDocument;
  readonly fiscalNumber: string;
  readonly offline: boolean;
  readonly at: Date;
  readonly original: Buffer;
  /** Who signed it; none where it came unsigned (the in-process double). */
  readonly signer: Certificate | undefined;
}

/** The document's class and types as DocumentInfoByLocalNum and Documents name them. */
function classOf(doc: ReadDocument, kind: DocKind): { doc_class: string; doc_type: string; doc_subtype: string } {
  if (kind === 'zrep') return { doc_class: 'ZRep', doc_type: '', doc_subtype: '' };
  const type = doc.head.DOCTYPE ?? '0';
  const sub = kind === 'check' ? (doc.head.DOCSUBTYPE ?? '0') : '';
  return { doc_class: 'Check', doc_type: CHECK_TYPES[type] ?? type, doc_subtype: CHECK_SUBTYPES[sub] ?? sub };
}

/** Writes the document down and moves the register's shift records on. */
export function record(sql: SimulatorSql, e: Entry): void {
  const h = e.doc.head;
  const kind = kindOf(e.doc);
  // An offline document's time is its own: the server learns of it only when the package comes.
  const when = (e.offline ? new Date(headInstant(h)) : e.at).toISOString();
  const name = e.signer?.owner || h.CASHIER || '';
  const keyId = e.signer?.subjectKeyId ?? '';
  const last = sql.lastShift.get(e.numprro);
  let shiftId = last && last.closed_at === '' ? last.shift_id : 0;
  if (kind === '100') {
    shiftId = sql.openShift.get({
      numprro: e.numprro,
      testing: h.TESTING === 'true' ? 1 : 0,
      open_fiscal_num: e.fiscalNumber,
      opened_at: when,
      open_name: name,
      open_key_id: keyId,
    }) as number;
  } else if (kind === 'zrep' && shiftId !== 0) {
    sql.setZReport.run(e.fiscalNumber, shiftId);
  } else if (kind === '101' && shiftId !== 0) {
    sql.closeShift.run({ shift_id: shiftId, fiscal: e.fiscalNumber, at: when, name, key: keyId });
  }
  if (kind === '102' && h.REVOKELASTONLINEDOC === 'true') {
    const revoked = sql.lastOnlineCheck.get(e.numprro);
    if (revoked) sql.markRevoked.run(e.numprro, revoked.local_num);
  }
  if (kind === 'check' && h.DOCSUBTYPE === '5' && h.ORDERSTORNUM) sql.markStorned.run(e.numprro, h.ORDERSTORNUM);
  sql.addDocument.run({
    numprro: e.numprro,
    local_num: Number(h.ORDERNUM),
    uid: h.UID ?? '',
    fiscal_num: e.fiscalNumber,
    ...classOf(e.doc, kind),
    shift_id: shiftId,
    doc_date: h.ORDERDATE ?? '',
    doc_time: h.ORDERTIME ?? '',
    registered_at: e.at.toISOString(),
    offline: e.offline ? 1 : 0,
    testing: h.TESTING === 'true' ? 1 : 0,
    revoked: 0,
    storned: 0,
    signer_key_id: keyId,
    signer_name: name,
    body_b64: e.original.toString('base64'),
  });
}
