/**
 * Putting a fiscal document at the end of its register's chain: the next local numbers, the
 * SHA-256 of the body, the previous document's hash, and the control number. The hash chain is
 * queue metadata beside the body (not inside it), so a corrected document can be re-linked
 * without rewriting every document after it.
 */
import { createHash } from 'node:crypto';
import { PRRO } from '../../../../shared/contract/index.js';
import type { Db } from '../../../db/open.js';
import type { Moment } from '../common/moment.js';
import { controlCode } from './control-code.js';
import type { DocType } from './doc-types.js';
import { headTime } from './head-time.js';
import { prroSql, type RegisterRow } from './statements.js';

export const sha256Hex = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/**
 * The tax server hands each offline session a seed for the control numbers; with no tax server
 * to ask, the embedded back office derives a stable one from the register and session.
 */
const seedFor = (numprro: string, session: number): string =>
  BigInt(`0x${sha256Hex(Buffer.from(`${numprro}:${session}`)).slice(0, 12)}`).toString();

function registerOf(db: Db, numprro: string): RegisterRow {
  return (
    prroSql(db).register.get(numprro) ?? {
      numprro,
      offline_session_id: 1,
      offline_seed: seedFor(numprro, 1),
      session_doc_count: 0,
      last_local_num: 0,
    }
  );
}

export interface NewFiscalDoc {
  readonly kasm: number;
  readonly numprro: string;
  readonly docType: DocType;
  readonly body: Buffer;
  /** The document total for the control number, where it has one. */
  readonly sum: string | undefined;
  readonly checkNumber: number | null;
  readonly user: string;
  readonly moment: Moment;
}

export function enqueueDocument(db: Db, d: NewFiscalDoc): number {
  const sql = prroSql(db);
  let reg = registerOf(db, d.numprro);
  if (d.docType === 'offline_begin') {
    // A new offline session numbers its documents from 1 again, with a seed of its own.
    const session = reg.offline_session_id + 1;
    reg = { ...reg, offline_session_id: session, offline_seed: seedFor(d.numprro, session), session_doc_count: 0 };
  }
  const localNum = reg.last_local_num + 1;
  const localDocNumber = reg.session_doc_count + 1;
  const prevHash = sql.chainTail.get(d.numprro)?.doc_hash ?? '';
  const { date, time } = headTime(d.moment);
  sql.saveRegister.run({ ...reg, session_doc_count: localDocNumber, last_local_num: localNum });
  const info = sql.insertDoc.run({
    kasm: d.kasm,
    numprro: d.numprro,
    doc_type: d.docType,
    created_at: d.moment.iso,
    created_date: d.moment.date,
    xml_body_b64: d.body.toString('base64'),
    doc_hash: sha256Hex(d.body),
    prev_doc_hash: prevHash,
    offline_session_id: String(reg.offline_session_id),
    local_doc_number: localDocNumber,
    local_num: localNum,
    control_code: controlCode({
      seed: reg.offline_seed,
      date,
      time,
      localDocNumber,
      numprro: d.numprro,
      kasm: d.kasm,
      ...(d.sum ? { sum: d.sum } : {}),
      ...(prevHash ? { prevHash } : {}),
    }),
    user_id: d.user,
    status: PRRO.queued,
    check_number: d.checkNumber,
    updated_at: d.moment.iso,
  });
  return Number(info.lastInsertRowid);
}
