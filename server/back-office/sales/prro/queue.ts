/**
 * A manager's changes to the queue: requeueing a corrected document, setting statuses, and
 * withdrawing one. A fiscalized document is final, and only the tax server fiscalizes: a person
 * may record that the server already has a document (already_registered), never that it
 * accepted one. A corrected document must still say what the books say (its content), keeps its
 * place, and every change is kept in the audit trail with the body's hash before and after.
 */
import { PRRO, PRRO_ERROR_STATUSES, prroStatusName } from '../../../../shared/contract/index.js';
import { canonicalJson } from '../../../../shared-node/canonical-json.js';
import type { Db } from '../../../../shared-node/sql/db.js';
import type { FiscalContent } from '../../../dps/format/content.js';
import { decodeBody, readDocument } from '../../../dps/format/read.js';
import { checkDpsSchema } from '../../../dps/format/schema/check.js';
import { XmlError } from '../../../dps/format/xml.js';
import { refuse } from '../../../upstream/upstream.js';
import { fiscalTillOf } from '../kernel/fiscal/identity.js';
import { asWritten } from '../kernel/fiscal/text.js';
import type { Moment } from '../kernel/moment.js';
import { replaceTail, sha256Hex } from '../kernel/register/chain.js';
import { type PrroDocRow, prroSql, SETTLED_STATUSES } from '../kernel/register/statements.js';

const FINAL: readonly number[] = [PRRO.accepted, PRRO.already_registered];

export function checkTransition(from: number, to: number, what: string, paths: { from: string; to: string }): void {
  if (FINAL.includes(from)) {
    throw refuse(paths.from, 'prro.final', { what, status: prroStatusName(from) ?? String(from) });
  }
  // A withdrawn document gave its place in the chain to the next one: it cannot take it back.
  if (from === PRRO.cancelled) throw refuse(paths.from, 'prro.cancelled_final', { what });
  if (to === PRRO.accepted) {
    throw refuse(paths.to, 'prro.accept_by_hand', { code: PRRO.already_registered });
  }
}

function audit(
  db: Db,
  doc: PrroDocRow,
  after: { status: number; hash: string },
  a: { action: string; user: string; moment: Moment; note: string },
) {
  prroSql(db).insertAudit.run({
    doc_id: doc.id,
    at: a.moment.iso,
    user: a.user,
    action: a.action,
    status_before: doc.status,
    status_after: after.status,
    hash_before: doc.doc_hash,
    hash_after: after.hash,
    note: a.note,
  });
}

/** Re-places the register's chain from a document on, so numbers and hashes stay whole. */
function replaceFrom(db: Db, doc: PrroDocRow, moment: Moment): void {
  const till = fiscalTillOf(db, doc.kasm);
  replaceTail(db, { numprro: doc.numprro, localNumber: till?.localNumber ?? doc.kasm, from: doc.local_num, at: moment });
}

/**
 * Withdrawing a document gives its place to the documents after it; it cannot be done once a
 * later one is with the tax server.
 */
function checkWithdrawable(db: Db, doc: PrroDocRow, path: string): void {
  const later = prroSql(db)
    .chainFrom.all(doc.numprro, doc.local_num + 1)
    .find((d) => SETTLED_STATUSES.includes(d.status));
  if (later) throw refuse(path, 'prro.cancel_after_settled', { id: doc.id, later: later.local_num });
}

/** Sets one document's status; 0 when there is no such document. */
export function setDocStatus(
  db: Db,
  a: { id: number; status: number; user: string; moment: Moment; path?: string; note?: string },
): number {
  const sql = prroSql(db);
  const doc = sql.doc.get(a.id);
  if (!doc) return 0;
  checkTransition(doc.status, a.status, `document ${a.id}`, { from: a.path ?? 'params.id', to: 'params.status' });
  if (doc.status === a.status) return 0;
  if (a.status === PRRO.cancelled) checkWithdrawable(db, doc, a.path ?? 'params.id');
  sql.setStatusOnly.run(a.status, a.moment.iso, a.id);
  audit(
    db,
    doc,
    { status: a.status, hash: doc.doc_hash },
    { action: 'status', user: a.user, moment: a.moment, note: a.note ?? '' },
  );
  // A withdrawn document leaves the chain: the documents after it move up into its place.
  if (a.status === PRRO.cancelled) replaceFrom(db, doc, a.moment);
  return 1;
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
    if (!doc) throw refuse('params.id', 'prro.no_doc', { id: r.id });
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
    throw refuse('params.created_at', 'prro.no_doc_at', { created_at: r.createdAt, fiscal_number: r.fiscalNumber });
  }
  if (other) throw refuse('params.id', 'prro.many_match', { count: found.length });
  return doc;
}

/** Every text of a content as the document's bytes can say it (fiscal/text.ts). */
function written(v: unknown): unknown {
  if (typeof v === 'string') return asWritten(v);
  if (Array.isArray(v)) return v.map(written);
  if (typeof v === 'object' && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, written(x)]));
  return v;
}

/** The first place two contents differ, as a path a manager can find in the XML. */
function firstDifference(a: unknown, b: unknown, path: string): string | undefined {
  if (canonicalJson(a) === canonicalJson(b)) return undefined;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return path;
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  for (const k of keys) {
    // Rows are named as the XML numbers them (ROWNUM from 1).
    const name = Array.isArray(a) || Array.isArray(b) ? `ROW[${Number(k) + 1}]` : k;
    const diff = firstDifference(
      (a as Record<string, unknown>)[k],
      (b as Record<string, unknown>)[k],
      path ? `${path}/${name}` : name,
    );
    if (diff) return diff;
  }
  return path;
}

/**
 * The corrected body must say what the document said (the books' content: totals, payments,
 * taxes, lines): only what it does not model (a name's spelling, the cashier, a typo in the head)
 * may change. Its place fields are set by the chain, not by the manager.
 */
function checkIntegrity(doc: PrroDocRow, body: Buffer): string {
  let content: FiscalContent;
  try {
    content = readDocument(body).content;
  } catch (err) {
    if (err instanceof XmlError) throw refuse('params.xml_body_b64', 'prro.requeue_unreadable', { problem: err.message });
    throw err;
  }
  if (doc.content_json !== '') {
    const diff = firstDifference(written(content), written(JSON.parse(doc.content_json)), '');
    if (diff !== undefined)
      throw refuse('params.xml_body_b64', 'prro.requeue_changes_content', { id: doc.id, field: diff || 'document' });
  }
  return JSON.stringify(content);
}

/**
 * The corrected document as it will go, at its place in the chain, must be valid against its DPS
 * schema: the tax server checks that first, and a body it can only refuse again would hold the
 * documents after it back once more. Checked after the chain re-placed it, since the place fields
 * (numbers, offline fields, the previous hash) are the chain's, not the manager's.
 */
function checkSchema(placed: PrroDocRow): void {
  const body = Buffer.from(placed.xml_body_b64, 'base64');
  const root = readDocument(body).root.name === 'ZREP' ? 'ZREP' : 'CHECK';
  const verdict = checkDpsSchema(root, decodeBody(body));
  if (!verdict.ok) throw refuse('params.xml_body_b64', 'prro.requeue_schema', { field: verdict.path, problem: verdict.problem });
}

/**
 * The corrected document replaces the rejected one in its place in the chain and goes back as
 * requeued; it and every document after it are re-placed, so their heads, offline numbers and
 * hash chain agree with the new body.
 */
export function requeueDocument(db: Db, r: Requeue, user: string, moment: Moment, note = ''): number {
  const sql = prroSql(db);
  const doc = findDoc(db, r);
  if (!PRRO_ERROR_STATUSES.includes(doc.status)) {
    throw refuse('params.id', 'prro.not_requeueable', { id: doc.id, status: prroStatusName(doc.status) ?? String(doc.status) });
  }
  if (
    (r.localNum !== 0 && r.localNum !== doc.local_num) ||
    (r.localDocNumber !== 0 && r.localDocNumber !== doc.local_doc_number)
  ) {
    throw refuse('params.local_num', 'prro.keeps_place', { local_num: doc.local_num, local_doc_number: doc.local_doc_number });
  }
  const body = Buffer.from(r.body, 'base64');
  if (body.length === 0) throw refuse('params.xml_body_b64', 'prro.body_empty');
  const hash = sha256Hex(body);
  if (r.docHash !== '' && r.docHash.toLowerCase() !== hash) {
    throw refuse('params.doc_hash', 'prro.hash_mismatch', { hash });
  }
  const content = checkIntegrity(doc, body);
  const status = doc.offline_session_id === '' ? PRRO.requeued : PRRO.offline;
  sql.replaceBody.run({ id: doc.id, body: body.toString('base64'), hash, status, at: moment.iso });
  if (doc.content_json === '') sql.setContent.run(content, doc.id);
  replaceFrom(db, { ...doc, status }, moment);
  const placed = sql.doc.get(doc.id) as PrroDocRow;
  checkSchema(placed);
  if (r.prevDocHash !== '' && r.prevDocHash.toLowerCase() !== placed.prev_doc_hash) {
    throw refuse('params.prev_doc_hash', 'prro.requeue_prev_hash', { expected: placed.prev_doc_hash || '(none)' });
  }
  if (r.controlCode !== '' && r.controlCode !== placed.control_code) {
    throw refuse('params.control_code', 'prro.requeue_control_code', { expected: placed.control_code || '(none)' });
  }
  audit(db, doc, { status: placed.status, hash: placed.doc_hash }, { action: 'requeue', user, moment, note });
  return 1;
}
