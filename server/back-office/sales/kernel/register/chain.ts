/**
 * A register's chain of documents: each new document takes the next local number; online it is
 * sent as it is and the tax server gives it its fiscal number; offline it carries an offline
 * fiscal number with its control number and the hash of the previous document of the session
 * (shared/fiscal/choices.ts, "offline hash chain"). Documents the tax server has not settled can
 * be re-placed (renumbered, relinked, made offline) without changing what they say.
 */
import { createHash } from 'node:crypto';
import { PRRO } from '../../../../../shared/contract/index.js';
import type { Db } from '../../../../../shared-node/sql/db.js';
import { contentTotal, type FiscalContent } from '../../../../dps/format/content.js';
import { controlCode, offlineFiscalNumber } from '../../../../dps/format/control-code.js';
import { readDocument } from '../../../../dps/format/read.js';
import { renderDocument } from '../../../../dps/format/render.js';
import { XmlError } from '../../../../dps/format/xml.js';
import type { FiscalTill, Seller } from '../fiscal/identity.js';
import { keyRingOf } from '../keys/ring.js';
import { chainHashOf } from '../keys/sign.js';
import { checkSignedSize } from '../keys/size.js';
import type { Moment } from '../moment.js';
import { deviceIdOf } from './device.js';
import { markDispatchDue } from './dispatch-due.js';
import type { DocType } from './doc-types.js';
import { headOf, type OfflineFields, patchHead } from './head.js';
import { headTime } from './head-time.js';
import { prepayOf } from './prepay.js';
import { type PrroDocRow, prroSql, type RegisterRow } from './statements.js';

export const sha256Hex = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** 102 and 103 documents take no part in the hash chain of an offline session (DPS API description). */
const chained = (docType: string): boolean => docType !== 'offline_begin' && docType !== 'offline_end';

/** Documents that count as the last "financially significant" one of an offline session. */
export const financial = (docType: string): boolean => chained(docType) && docType !== 'shift_open' && docType !== 'shift_close';

export function registerOf(db: Db, numprro: string): RegisterRow {
  const sql = prroSql(db);
  const known = sql.register.get(numprro);
  if (known) return known;
  sql.createRegister.run(numprro);
  return sql.register.get(numprro) as RegisterRow;
}

interface OfflinePlace {
  readonly n: number;
  readonly control: string;
  readonly taxNum: string;
  readonly prevHash: string | undefined;
}

/** The offline fields of a document at a place in a session, from the documents before it. */
function offlinePlace(
  db: Db,
  at: { numprro: string; localNumber: number; orderNum: number; docType: string; moment: Moment; total: string | undefined },
  session: { id: number; seed: string },
): OfflinePlace {
  const sql = prroSql(db);
  const lastChained =
    at.docType === 'offline_begin' ? undefined : sql.sessionChainedBefore.get(at.numprro, String(session.id), at.orderNum);
  const prevHash = lastChained ? chainHashOf(db, lastChained, at.moment.at) : undefined;
  const { date, time } = headTime(at.moment);
  const control = controlCode({
    seed: session.seed,
    date,
    time,
    orderNum: at.orderNum,
    numprro: at.numprro,
    localNumber: at.localNumber,
    ...(at.total === undefined ? {} : { sum: at.total }),
    ...(prevHash ? { prevHash } : {}),
  });
  const n = (sql.sessionCountBefore.get(at.numprro, String(session.id), at.orderNum) ?? 0) + 1;
  return { n, control, taxNum: offlineFiscalNumber(session.id, n, control), prevHash };
}

export interface NewDocument {
  readonly till: FiscalTill;
  readonly seller: Seller;
  readonly cashier: string;
  /** Who made it: the API key's user, for the queue's user scope. */
  readonly user: string;
  readonly moment: Moment;
  readonly docType: DocType;
  readonly content: FiscalContent;
  readonly shiftId: number | null;
  readonly checkNumber?: number | null;
  /** What the document stands for in the books: `receipt:12`, `return:3`, `shift:2`, `cash:7`… */
  readonly ref: string;
}

export interface IssuedDocument {
  readonly id: number;
  readonly orderNum: number;
  /** The offline fiscal number; '' for an online document until the tax server gives one. */
  readonly fiscalNumber: string;
  readonly offline: boolean;
  readonly controlCode: string;
}

const momentOfRow = (iso: string, timeZone: string): Moment => ({ at: new Date(iso), iso, date: '', timeZone });

/** Puts a new document at the end of its register's chain. */
export function issueDocument(db: Db, d: NewDocument): IssuedDocument {
  const sql = prroSql(db);
  const reg = registerOf(db, d.till.numprro);
  const orderNum = reg.last_local_num + 1;
  const offline = reg.mode === 'offline';
  const session = { id: reg.offline_session_id, seed: reg.offline_seed };
  const place = offline
    ? offlinePlace(
        db,
        {
          numprro: d.till.numprro,
          localNumber: d.till.localNumber,
          orderNum,
          docType: d.docType,
          moment: d.moment,
          total: contentTotal(d.content),
        },
        session,
      )
    : undefined;
  const fields: OfflineFields | undefined = place
    ? { ORDERTAXNUM: place.taxNum, ...(place.prevHash ? { PREVDOCHASH: place.prevHash } : {}) }
    : undefined;
  const head = headOf(
    {
      numprro: d.till.numprro,
      localNumber: d.till.localNumber,
      orderNum,
      moment: d.moment,
      cashier: d.cashier,
      // The DPS does not allow TESTING in an offline session's begin and end (DPS API description, "Тестові документи").
      seller: chained(d.docType) ? d.seller : { ...d.seller, testing: false },
      uidSeed: `${deviceIdOf(db)}:${d.till.numprro}:${orderNum}:${d.moment.iso}:${d.docType}:${d.ref}`,
    },
    fields,
  );
  const body = renderDocument(head, d.content);
  checkSignedSize(db, d.till.numprro, body);
  const info = sql.insertDoc.run({
    kasm: d.till.kasm,
    numprro: d.till.numprro,
    doc_type: d.docType,
    created_at: d.moment.iso,
    created_date: d.moment.date,
    xml_body_b64: body.toString('base64'),
    doc_hash: sha256Hex(body),
    prev_doc_hash: sql.chainTail.get(d.till.numprro)?.doc_hash ?? '',
    offline_session_id: place ? String(session.id) : '',
    local_doc_number: place?.n ?? 0,
    local_num: orderNum,
    control_code: place?.control ?? '',
    fiscal_number: place?.taxNum ?? '',
    user_id: d.user,
    status: offline ? PRRO.offline : PRRO.queued,
    check_number: d.checkNumber ?? null,
    updated_at: d.moment.iso,
    shift_id: d.shiftId,
    content_json: JSON.stringify(d.content),
    ref: d.ref,
  });
  sql.setCounters.run(orderNum, place?.n ?? reg.session_doc_count, d.till.numprro);
  if (place && financial(d.docType)) sql.touchSession.run(d.moment.iso, d.till.numprro, session.id);
  keyRingOf(db).documentChanged();
  markDispatchDue(db);
  return {
    id: Number(info.lastInsertRowid),
    orderNum,
    fiscalNumber: place?.taxNum ?? '',
    offline,
    controlCode: place?.control ?? '',
  };
}

export interface ForeignDocument {
  readonly till: FiscalTill;
  /** A document a client built itself (pos.prro_inline_enqueue), as it sent it. */
  readonly body: Buffer;
  readonly docType: DocType;
  readonly user: string;
  readonly moment: Moment;
  readonly shiftId: number | null;
}

/**
 * Puts a client's own document at the end of the chain. The chain gives it its place (ORDERNUM,
 * and the offline fields when the register is offline) by changing its head; what it says is the
 * client's, and the tax server is the one to refuse it, with its reason. Like the queue's other
 * changes it marks no dispatch (dispatch-due.ts): it goes at the dispatcher's next round.
 */
export function enqueueBody(db: Db, d: ForeignDocument): number {
  const sql = prroSql(db);
  const reg = registerOf(db, d.till.numprro);
  const orderNum = reg.last_local_num + 1;
  let content = '';
  try {
    content = JSON.stringify(readDocument(d.body).content);
  } catch (err) {
    if (!(err instanceof XmlError)) throw err;
  }
  const info = sql.insertDoc.run({
    kasm: d.till.kasm,
    numprro: d.till.numprro,
    doc_type: d.docType,
    created_at: d.moment.iso,
    created_date: d.moment.date,
    xml_body_b64: d.body.toString('base64'),
    doc_hash: sha256Hex(d.body),
    prev_doc_hash: '',
    offline_session_id: '',
    local_doc_number: 0,
    local_num: orderNum,
    control_code: '',
    fiscal_number: '',
    user_id: d.user,
    status: PRRO.queued,
    check_number: null,
    updated_at: d.moment.iso,
    shift_id: d.shiftId,
    content_json: content,
    ref: 'client',
  });
  replaceTail(db, {
    numprro: d.till.numprro,
    localNumber: d.till.localNumber,
    from: orderNum,
    at: d.moment,
    ...(reg.mode === 'offline' ? { intoSession: { id: reg.offline_session_id, seed: reg.offline_seed } } : {}),
  });
  if (reg.mode === 'offline' && financial(d.docType)) sql.touchSession.run(d.moment.iso, d.till.numprro, reg.offline_session_id);
  keyRingOf(db).documentChanged();
  return Number(info.lastInsertRowid);
}

export interface Replacement {
  readonly numprro: string;
  readonly localNumber: number;
  /** The first place re-placed; every live document from there on moves. */
  readonly from: number;
  /**
   * The local number the first moved document takes (`from` by default): the number the tax
   * server expects when it says our chain runs behind its own (error 7).
   */
  readonly number?: number;
  readonly at: Moment;
  /** Documents not yet in an offline session join this one (the register is going offline). */
  readonly intoSession?: { id: number; seed: string };
  /** A document put first at `from`, before the moved ones (the offline begin document). */
  readonly first?: Omit<NewDocument, 'till'> & { till: FiscalTill };
}

/**
 * Re-places the unsettled tail of a chain: numbers run on from `from` without a gap, offline
 * documents get their session number, previous hash and control number anew, and every body's
 * head says so. What a document says is never changed here.
 */
export function replaceTail(db: Db, r: Replacement): void {
  const sql = prroSql(db);
  const tail = sql.chainFrom.all(r.numprro, r.from);
  sql.liftFrom.run(r.numprro, r.from);
  // A document re-placed reads otherwise: its signature goes (statements.ts, place).
  keyRingOf(db).documentChanged();
  let num = r.number ?? r.from;
  if (r.first) {
    sql.setCounters.run(num - 1, 0, r.numprro);
    issueDocument(db, r.first);
    num++;
  }
  for (const doc of tail) {
    placeAgain(db, doc, { ...r, orderNum: num });
    num++;
  }
  const reg = registerOf(db, r.numprro);
  const current = reg.mode === 'offline' ? (sql.sessionCountBefore.get(r.numprro, String(reg.offline_session_id), num) ?? 0) : 0;
  sql.setCounters.run(num - 1, current, r.numprro);
}

function placeAgain(db: Db, doc: PrroDocRow, r: Replacement & { orderNum: number }): void {
  const sql = prroSql(db);
  const joins = r.intoSession !== undefined && doc.offline_session_id === '';
  const sessionId = joins ? String(r.intoSession?.id) : doc.offline_session_id;
  const seed = joins ? (r.intoSession?.seed as string) : (sql.session.get(r.numprro, Number(sessionId))?.seed ?? '');
  const content = doc.content_json === '' ? undefined : (JSON.parse(doc.content_json) as FiscalContent);
  const place =
    sessionId === ''
      ? undefined
      : offlinePlace(
          db,
          {
            numprro: r.numprro,
            localNumber: r.localNumber,
            orderNum: r.orderNum,
            docType: doc.doc_type,
            moment: momentOfRow(doc.created_at, r.at.timeZone),
            total: content ? contentTotal(content) : undefined,
          },
          { id: Number(sessionId), seed },
        );
  // A repayment names its sale by the number the sale has at its new place (register/prepay.ts).
  const prepay = prepayOf(db, doc);
  if (prepay.kind === 'changed') sql.setContent.run(prepay.contentJson, doc.id);
  const old = prepay.kind === 'changed' ? prepay.body : Buffer.from(doc.xml_body_b64, 'base64');
  let body: Buffer = old;
  try {
    body = patchHead(old, {
      ORDERNUM: String(r.orderNum),
      ORDERTAXNUM: place?.taxNum,
      OFFLINE: place ? 'true' : undefined,
      PREVDOCHASH: place?.prevHash,
    });
  } catch (err) {
    // A body that is not even XML keeps its bytes: the tax server rejects it with its reason.
    if (!(err instanceof XmlError)) throw err;
  }
  const waiting = doc.status === PRRO.queued || doc.status === PRRO.retrying;
  sql.place.run({
    id: doc.id,
    local_num: r.orderNum,
    offline_session_id: sessionId,
    local_doc_number: place?.n ?? 0,
    control_code: place?.control ?? '',
    fiscal_number: place?.taxNum ?? '',
    xml_body_b64: body.toString('base64'),
    doc_hash: sha256Hex(body),
    prev_doc_hash: sql.predecessor.get(r.numprro, r.orderNum)?.doc_hash ?? '',
    status: joins && waiting ? PRRO.offline : doc.status,
    updated_at: r.at.iso,
  });
}
