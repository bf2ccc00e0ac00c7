/**
 * The tax server takes a document of at most 200 KB, measured uncompressed as it is sent, that is
 * signed (DPS API description, "Обмеження"). A document over it would never be registered, so the
 * write that would make it is refused at once, saying why, and nothing of it is booked.
 */

import type { Db } from '../../../../../shared-node/sql/db.js';
import { refuse } from '../../../../upstream/upstream.js';
import { keyRingOf } from './ring.js';

export const MAX_SIGNED_BYTES = 200 * 1024;
/** What a signature adds besides the signer's certificate: the CMS structure, four signed attributes, the DSTU signature. */
const SIGNATURE_OVERHEAD = 1024;
/** A qualified certificate's size where the register's own is not in memory: generous (they are 1.5–3 KB). */
const CERTIFICATE_BOUND = 4096;

/** The size a document's XML will have once signed. */
export function signedSize(db: Db, numprro: string, xml: Buffer): number {
  const ring = keyRingOf(db);
  const cert = ring.isUnlocked(numprro) ? ring.signerFor(numprro)?.certificate.der.length : undefined;
  return xml.length + (cert ?? CERTIFICATE_BOUND) + SIGNATURE_OVERHEAD;
}

export function checkSignedSize(db: Db, numprro: string, xml: Buffer): void {
  const size = signedSize(db, numprro, xml);
  if (size > MAX_SIGNED_BYTES) throw refuse('params', 'fiscal.document_too_large', { size, max: MAX_SIGNED_BYTES });
}
