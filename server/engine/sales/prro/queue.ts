/**
 * A manager's changes to the queue: requeueing a corrected document, and setting statuses.
 * A fiscalized document is final, and only the tax server fiscalizes: a person may record that
 * the server already has a document (already_registered), never that it accepted one.
 */
import { PRRO, PRRO_ERROR_STATUSES, prroStatusName } from '../../../../shared/contract/index.js';
import type { Db } from '../../../db/open.js';
import { BusinessRefusal } from '../../../upstream/upstream.js';
import type { Moment } from '../common/moment.js';
import { sha256Hex } from './chain.js';
import { type PrroDocRow, prroSql } from './statements.js';

const FINAL: readonly number[] = [PRRO.accepted, PRRO.already_registered];

export function checkTransition(from: number, to: number, what: string, paths: { from: string; to: string }): void {
  if (FINAL.includes(from)) {
    throw new BusinessRefusal(paths.from, `${what} is ${prroStatusName(from)}: a fiscalized document is final`);
  }
  if (to === PRRO.accepted) {
    throw new BusinessRefusal(
      paths.to,
      `only the tax server accepts a document; use ${PRRO.already_registered} (already_registered) when it already has it`,
    );
  }
}

/** Sets one document's status; 0 when there is no such document. */
export function setDocStatus(db: Db, id: number, status: number, moment: Moment): number {
  const sql = prroSql(db);
  const doc = sql.doc.get(id);
  if (!doc) return 0;
  checkTransition(doc.status, status, `document ${id}`, { from: 'params.id', to: 'params.status' });
  return sql.setStatusOnly.run(status, moment.iso, id).changes;
}

export interface Requeue {
  readonly id: number;
  readonly createdAt: string;
  readonly fiscalNumber: string;
  readonly body: string;
  readonly controlCode: string;
  readonly localDocNumber: number;
  readonly localNum: number;
  readonly docHash: string;
  readonly prevDocHash: string;
}

function findDoc(db: Db, r: Requeue): PrroDocRow {
  const sql = prroSql(db);
  if (r.id > 0) {
    const doc = sql.doc.get(r.id);
    if (!doc) throw new BusinessRefusal('params.id', `names no queue document: ${r.id}`);
    return doc;
  }
  // The views show created_at to the second; the stored instant has milliseconds.
  const second = Math.floor(new Date(r.createdAt).getTime() / 1000) * 1000;
  const found = sql.findForRequeue.all({
    from: new Date(second).toISOString(),
    to: new Date(second + 1000).toISOString(),
    fiscal_number: r.fiscalNumber,
    local_num: r.localNum,
  });
  const [doc, other] = found;
  if (!doc) {
    throw new BusinessRefusal(
      'params.created_at',
      `no queue document was made at ${r.createdAt} with fiscal number "${r.fiscalNumber}"`,
    );
  }
  if (other) throw new BusinessRefusal('params.id', `${found.length} documents match; name the one to requeue by id`);
  return doc;
}

/**
 * The corrected document replaces the rejected one in its place in the chain and goes back as
 * requeued; the document chained after it is re-linked to the new hash.
 */
export function requeueDocument(db: Db, r: Requeue, moment: Moment): number {
  const sql = prroSql(db);
  const doc = findDoc(db, r);
  if (!PRRO_ERROR_STATUSES.includes(doc.status)) {
    throw new BusinessRefusal(
      'params.id',
      `document ${doc.id} is ${prroStatusName(doc.status)}; only rejected, blocked or retrying documents are requeued`,
    );
  }
  if (
    (r.localNum !== 0 && r.localNum !== doc.local_num) ||
    (r.localDocNumber !== 0 && r.localDocNumber !== doc.local_doc_number)
  ) {
    throw new BusinessRefusal(
      'params.local_num',
      `a requeued document keeps its place in the chain: local_num ${doc.local_num}, local_doc_number ${doc.local_doc_number}`,
    );
  }
  const body = Buffer.from(r.body, 'base64');
  if (body.length === 0) throw new BusinessRefusal('params.xml_body_b64', 'is empty');
  const hash = sha256Hex(body);
  if (r.docHash !== '' && r.docHash.toLowerCase() !== hash) {
    throw new BusinessRefusal('params.doc_hash', `does not match the SHA-256 of xml_body_b64 (${hash})`);
  }
  sql.replaceBody.run({
    id: doc.id,
    body: body.toString('base64'),
    hash,
    prev: r.prevDocHash === '' ? doc.prev_doc_hash : r.prevDocHash.toLowerCase(),
    control: r.controlCode === '' ? doc.control_code : r.controlCode,
    status: PRRO.requeued,
    at: moment.iso,
  });
  const next = sql.successor.get(doc.numprro, doc.local_num);
  if (next && next.prev_doc_hash === doc.doc_hash) sql.relink.run(hash, moment.iso, next.id);
  return 1;
}
