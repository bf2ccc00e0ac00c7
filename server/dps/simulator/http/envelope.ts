/**
 * A signed message as the fiscal server opens it: CMS SignedData with exactly one signature,
 * checked against the simulator's own CA, and who signed it; then whether that signer may act
 * for the register named (registry.ts), refused as the real server refuses: HTTP 401 for an
 * owner who is not the seller nor one of its cashiers, HTTP 204 for a certificate naming no tax
 * number at all (no registration can cover it).
 */
import type { Certificate } from '../../signing/certificate.js';
import { CmsError, signerCount, verifySigned } from '../../signing/cms.js';
import type { TrustStore } from '../../signing/trust.js';
import { FsError } from '../errors.js';
import { type RegistryEntry, standingOf } from '../registry.js';
import { NO_CONTENT, Refusal, refuse } from './replies.js';

export interface Opened {
  readonly content: Buffer;
  readonly signer: Certificate;
}

/** What makes a message no signed message at all: a gross violation the server answers without a code. */
export class NotSigned extends Error {
  override readonly name = 'NotSigned';
}

/** Opens a signed message; throws NotSigned (no CMS, or not one signature) or FsError 12 (a signature that does not check). */
export function openSigned(body: Buffer, trust: TrustStore): Opened {
  let count: number;
  try {
    count = signerCount(body);
  } catch (err) {
    if (err instanceof CmsError) throw new NotSigned('Повідомлення повинно бути засвідчене кваліфікованим електронним підписом');
    throw err;
  }
  if (count !== 1) {
    throw new NotSigned(`Повідомлення повинно бути засвідчене одним кваліфікованим електронним підписом, а містить ${count}`);
  }
  try {
    const v = verifySigned(body, { trust });
    return { content: v.content, signer: v.signer };
  } catch (err) {
    if (err instanceof CmsError) throw new FsError(12, `Помилка перевірки підпису: ${err.message}`);
    throw err;
  }
}

/** openSigned for a whole request: NotSigned becomes HTTP 400 with its description. */
export function openRequest(body: Buffer, trust: TrustStore): Opened {
  try {
    return openSigned(body, trust);
  } catch (err) {
    if (err instanceof NotSigned) throw refuse(400, err.message);
    throw err;
  }
}

const numbersOf = (c: Certificate) => [c.edrpou, c.drfo].filter((n) => n !== '').join(', ');

/** Refuses a signer who may not act for the register: HTTP 401, or 204 for a certificate naming nobody. */
export function admit(signer: Certificate, numprro: string, entry: RegistryEntry): void {
  const standing = standingOf(signer, entry);
  if (standing === 'unknown') throw new Refusal(NO_CONTENT);
  if (standing === 'foreign') {
    throw refuse(
      401,
      `Власнику сертифіката «${signer.owner}» (${numbersOf(signer)}) не дозволений доступ до ПРРО з фіскальним номером ${numprro}`,
    );
  }
}

/** Inside a package the same refusal is the document's: error 2, the rest of the package refused with it. */
export function admitInPackage(signer: Certificate, numprro: string, entry: RegistryEntry): void {
  const standing = standingOf(signer, entry);
  if (standing === 'seller' || standing === 'operator') return;
  throw new FsError(
    2,
    `Власнику сертифіката «${signer.owner}» (${numbersOf(signer) || 'без податкового номера'}) не надано доступ до ПРРО ${numprro}`,
  );
}
