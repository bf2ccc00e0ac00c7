/**
 * Signing a register's documents with its key. A document is signed once, and the signed bytes
 * are kept: they are what goes to the tax server, and an offline session's hash chain runs over
 * them (PREVDOCHASH is the SHA-256 of the previous signed document). A signature costs tens of
 * milliseconds, so it is made outside the sale's transaction: the dispatcher signs new documents
 * as soon as they are made, and before a write's transaction the documents still waiting are
 * signed (signBeforeWrite), so the next document finds the one before it signed. Only where a
 * transaction makes two chained documents at once (a Z-report and the shift's close) is the first
 * signed inside it. A document made while its register's key is locked hashes the XML of the one
 * before it, as the DPS allows "if signing is impossible".
 */
import { createHash } from 'node:crypto';
import type { Db } from '../../../../../shared-node/sql/db.js';
import { type Signer, signContent } from '../../../../dps/signing/cms.js';
import { inWriteTransaction } from '../../../core/write.js';
import { type PrroDocRow, prroSql, type UnsignedRow } from '../register/statements.js';
import { keyRingOf } from './ring.js';

const sha256Hex = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');

/** Signs the given documents (one register's, in chain order) and keeps the signatures, in one transaction. */
function signRows(db: Db, rows: readonly UnsignedRow[], signer: Signer, at: Date): number {
  if (rows.length === 0) return 0;
  const signed = rows.map((r) => ({ row: r, bytes: signContent(Buffer.from(r.xml_body_b64, 'base64'), signer, at) }));
  const sql = prroSql(db);
  inWriteTransaction(db, () => {
    for (const { row, bytes } of signed) {
      sql.setSigned.run({ id: row.id, signed: bytes.toString('base64'), hash: sha256Hex(bytes), doc_hash: row.doc_hash });
    }
  });
  return signed.length;
}

/** Signs what a register has waiting; answers how many are signed and how many still wait (no key). */
export function signWaiting(db: Db, numprro: string, at: Date): { readonly signed: number; readonly waiting: number } {
  const signer = keyRingOf(db).signerFor(numprro);
  // Without a key nothing is read: a register left unsigned (another till's, a key not loaded) costs a write nothing.
  if (!signer) return { signed: 0, waiting: prroSql(db).unsignedWaiting.get(numprro) ?? 0 };
  return { signed: signRows(db, prroSql(db).unsigned.all(numprro), signer, at), waiting: 0 };
}

/**
 * Before a write's transaction: whatever waits for a signature and can be signed is signed now.
 * Looked for only after a document was made or changed, or a key unlocked, since the last look
 * (KeyRing.mayHaveUnsigned): a write after writes that made no document reads nothing of the queue.
 */
export function signBeforeWrite(db: Db, at: Date): void {
  const ring = keyRingOf(db);
  if (!ring.active() || !ring.mayHaveUnsigned()) return;
  for (const numprro of prroSql(db).registersUnsigned.all()) {
    const signer = ring.signerFor(numprro);
    if (signer) signRows(db, prroSql(db).unsigned.all(numprro), signer, at);
  }
  // What still waits has no key to sign it; an unlock says when it has.
  ring.signedWhatWaited();
}

/**
 * The hash the next offline document chains to: the SHA-256 of this document as signed, signing
 * it now (inside the caller's transaction) where its key is unlocked and it is not yet; the
 * SHA-256 of its XML where the key is locked.
 */
export function chainHashOf(db: Db, doc: PrroDocRow, at: Date): string {
  if (doc.signed_hash !== '') return doc.signed_hash;
  const signer = keyRingOf(db).signerFor(doc.numprro);
  if (!signer) return doc.doc_hash;
  const bytes = signContent(Buffer.from(doc.xml_body_b64, 'base64'), signer, at);
  const hash = sha256Hex(bytes);
  prroSql(db).setSigned.run({ id: doc.id, signed: bytes.toString('base64'), hash, doc_hash: doc.doc_hash });
  return hash;
}
