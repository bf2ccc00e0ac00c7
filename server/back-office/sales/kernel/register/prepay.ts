/**
 * A debt repayment's receipt names the sale it pays for by that sale's fiscal number
 * (CHECKTOTAL/PARTPAYORDPREPAYNUM). An online sale has that number only once the tax server
 * answered; while it is slow or unreachable the customer still pays: the repayment is issued at
 * once, linked to the sale's document (prro_prepay_links), and the number is written into it when
 * the documents go in chain order — the tax server's number once the sale is accepted, or the
 * sale's offline number once its register went offline in its place. Nothing of the repayment's
 * register goes to the tax server before that, so the server never gets a repayment naming no
 * sale, and an offline session's hash chain runs over the repayment as sent.
 *
 * The link stays: a sale re-placed later (a withdrawal before it renumbers an offline session)
 * carries a new number, and the repayment, not yet settled, follows it. A sale withdrawn by a
 * manager never reaches the tax server: its repayment then names none, as one at a till without a
 * PRRO does.
 */
import { createHash } from 'node:crypto';
import { PRRO } from '../../../../../shared/contract/index.js';
import { encodeCp1251 } from '../../../../../shared/fiscal/cp1251.js';
import type { Db } from '../../../../../shared-node/sql/db.js';
import type { Migration } from '../../../../../shared-node/sqlite/migrate.js';
import { decodeBody, readDocument } from '../../../../dps/format/read.js';
import { DPS_ENCODING } from '../../../../dps/format/render.js';
import { el, parseXml, writeXml, type XmlElement, XmlError, type XmlNode } from '../../../../dps/format/xml.js';
import { statements } from '../../../core/statements.js';
import { keyRingOf } from '../keys/ring.js';
import { type PrroDocRow, prroSql, SETTLED_STATUSES } from './statements.js';

export const prepayMigrations: Migration[] = [
  {
    id: '0407_prro_prepay_links',
    up: `
CREATE TABLE prro_prepay_links (
  doc_id INTEGER PRIMARY KEY REFERENCES prro_docs(id),
  -- The document of the sale the repayment pays for, and that sale's receipt.
  original_doc_id INTEGER NOT NULL REFERENCES prro_docs(id),
  check_number INTEGER NOT NULL
) STRICT;
`,
  },
];

interface LinkRow {
  doc_id: number;
  check_number: number;
  original_fiscal: string;
  original_status: number;
}

const SETTLED = SETTLED_STATUSES.join(', ');

const prepare = (db: Db) => ({
  insert: db.prepare<[number, number, number], void>(
    'INSERT INTO prro_prepay_links (doc_id, original_doc_id, check_number) VALUES (?, ?, ?)',
  ),
  /** The unsettled repayments of a register with their sale's number as it stands, in chain order. */
  ofRegister: db.prepare<[string], LinkRow>(
    `SELECT l.doc_id, l.check_number, o.fiscal_number AS original_fiscal, o.status AS original_status
     FROM prro_prepay_links l JOIN prro_docs d ON d.id = l.doc_id JOIN prro_docs o ON o.id = l.original_doc_id
     WHERE d.numprro = ? AND d.status NOT IN (${SETTLED}) ORDER BY d.local_num`,
  ),
  of: db.prepare<[number], LinkRow>(
    `SELECT l.doc_id, l.check_number, o.fiscal_number AS original_fiscal, o.status AS original_status
     FROM prro_prepay_links l JOIN prro_docs o ON o.id = l.original_doc_id WHERE l.doc_id = ?`,
  ),
  setBody: db.prepare<{ id: number; body: string; hash: string; content: string }, void>(
    `UPDATE prro_docs SET xml_body_b64 = @body, doc_hash = @hash, content_json = @content,
       signed_b64 = '', signed_hash = '' WHERE id = @id`,
  ),
});
const sqlOf = (db: Db) => statements(db, prepare);

/** Links a repayment's document to its sale's, whose fiscal number it waits for. */
export function linkPrepay(db: Db, docId: number, originalDocId: number, checkNumber: number): void {
  sqlOf(db).insert.run(docId, originalDocId, checkNumber);
}

/** The sale's number to name: '' for a sale withdrawn (none), undefined while it has none yet. */
function numberOf(link: LinkRow): string | undefined {
  if (link.original_status === PRRO.cancelled) return '';
  return link.original_fiscal === '' ? undefined : link.original_fiscal;
}

const toNode = (e: XmlElement): XmlNode => ({
  name: e.name,
  attrs: { ...e.attrs },
  children: e.children.length > 0 ? e.children.map(toNode) : e.text === '' ? [] : [e.text],
});

/** Sets (or, with '', removes) CHECKTOTAL/PARTPAYORDPREPAYNUM, the last element of CHECKTOTAL the documents write. */
function withPrepayNumber(bytes: Uint8Array, number: string): Buffer {
  const root = parseXml(decodeBody(bytes));
  const children = root.children.map((c) => {
    if (c.name !== 'CHECKTOTAL') return toNode(c);
    const kept = c.children.filter((t) => t.name !== 'PARTPAYORDPREPAYNUM').map(toNode);
    return { name: c.name, attrs: { ...c.attrs }, children: number === '' ? kept : [...kept, el('PARTPAYORDPREPAYNUM', number)] };
  });
  return Buffer.from(encodeCp1251(writeXml({ name: root.name, attrs: { ...root.attrs }, children }, DPS_ENCODING)));
}

export type PrepayState =
  /** Not a repayment of a sale with a document, or its number is written as it stands. */
  | { readonly kind: 'ready' }
  /** The sale has no fiscal number yet: the repayment waits in its chain. */
  | { readonly kind: 'waiting'; readonly checkNumber: number }
  /** The number changed: the repayment's body with it, and its content to keep. */
  | { readonly kind: 'changed'; readonly body: Buffer; readonly contentJson: string };

/** What a document's sale number is now, against what its body says. */
export function prepayOf(db: Db, doc: Pick<PrroDocRow, 'id' | 'xml_body_b64' | 'content_json'>): PrepayState {
  const link = sqlOf(db).of.get(doc.id);
  if (!link) return { kind: 'ready' };
  const number = numberOf(link);
  if (number === undefined) return { kind: 'waiting', checkNumber: link.check_number };
  const old = Buffer.from(doc.xml_body_b64, 'base64');
  let written: string;
  try {
    const content = readDocument(old).content;
    written = (content.doc === 'check' ? content.CHECKTOTAL?.PARTPAYORDPREPAYNUM : undefined) ?? '';
  } catch (err) {
    // A body a manager made unreadable is the tax server's to refuse, with its reason.
    if (err instanceof XmlError) return { kind: 'ready' };
    throw err;
  }
  if (written === number) return { kind: 'ready' };
  const content = doc.content_json === '' ? undefined : (JSON.parse(doc.content_json) as Record<string, unknown>);
  if (content && typeof content.CHECKTOTAL === 'object' && content.CHECKTOTAL !== null) {
    const { PARTPAYORDPREPAYNUM: _old, ...total } = content.CHECKTOTAL as Record<string, unknown>;
    content.CHECKTOTAL = number === '' ? total : { ...total, PARTPAYORDPREPAYNUM: number };
  }
  return { kind: 'changed', body: withPrepayNumber(old, number), contentJson: content ? JSON.stringify(content) : '' };
}

/** Writes a changed repayment's body (its signature goes: it is signed again as it now reads). */
export function writePrepay(db: Db, id: number, changed: Extract<PrepayState, { kind: 'changed' }>): void {
  sqlOf(db).setBody.run({
    id,
    body: changed.body.toString('base64'),
    hash: createHash('sha256').update(changed.body).digest('hex'),
    content: changed.contentJson,
  });
  keyRingOf(db).documentChanged();
}

/** The unsettled repayments of a register, in chain order. */
export const prepaysOfRegister = (db: Db, numprro: string): number[] =>
  sqlOf(db)
    .ofRegister.all(numprro)
    .map((l) => l.doc_id);

/** The document, read again after a change. */
export const docAgain = (db: Db, id: number): PrroDocRow | undefined => prroSql(db).doc.get(id);
