/**
 * The certification authorities a signature is trusted through: the qualified CAs' bundle the
 * ЦЗО publishes (CACertificates.p7b), or a test CA of our own. A signer's certificate is trusted
 * when a CA of the store issued it (its signature over the certificate's TBS bytes checks with the
 * CA's key, found by the authority key identifier) and the CA was valid when it issued it (the
 * chain model Ukrainian CAs use). The store is trusted as a whole, so intermediate CAs in it
 * count as anchors.
 */
import { readFileSync } from 'node:fs';
import { type Certificate, CertificateError, issuedBy, readCertificate, validAt } from './certificate.js';
import { children, ctx, DerError, expectTag, readOid, readOne, TAG } from './der.js';
import { OID } from './dstu.js';

export type ChainVerdict =
  | { readonly ok: true; readonly issuer: Certificate }
  | { readonly ok: false; readonly reason: 'unknown-issuer' | 'bad-issuer-signature' | 'issuer-not-valid' | 'not-valid-now' };

export class TrustStore {
  private readonly bySubjectKey = new Map<string, Certificate[]>();
  /**
   * The issuer found for a certificate, by its bytes: checking an issuer's signature costs tens of
   * milliseconds, and a register signs every document with the same certificate.
   */
  private readonly issuerOf = new Map<string, Certificate | null>();

  constructor(certs: readonly Certificate[] = []) {
    for (const c of certs) this.add(c);
  }

  add(cert: Certificate): void {
    const list = this.bySubjectKey.get(cert.subjectKeyId) ?? [];
    if (!list.some((c) => c.der.equals(cert.der))) list.push(cert);
    this.bySubjectKey.set(cert.subjectKeyId, list);
    this.issuerOf.clear();
  }

  all(): Certificate[] {
    return [...this.bySubjectKey.values()].flat();
  }

  /** Whether a CA of this store issued `cert`, and `cert` is valid at `at`. */
  verify(cert: Certificate, at: Date): ChainVerdict {
    const candidates = this.bySubjectKey.get(cert.authorityKeyId) ?? [];
    if (candidates.length === 0) return { ok: false, reason: 'unknown-issuer' };
    const id = cert.der.toString('base64');
    let issuer = this.issuerOf.get(id);
    if (issuer === undefined) {
      issuer = candidates.find((ca) => issuedBy(cert, ca)) ?? null;
      this.issuerOf.set(id, issuer);
    }
    if (!issuer) return { ok: false, reason: 'bad-issuer-signature' };
    if (!validAt(issuer, cert.validFrom)) return { ok: false, reason: 'issuer-not-valid' };
    if (!validAt(cert, at)) return { ok: false, reason: 'not-valid-now' };
    return { ok: true, issuer };
  }
}

/** The certificates of a degenerate SignedData (.p7b), DER, as CAs publish their bundles. */
export function certificatesOfBundle(p7b: Buffer): Certificate[] {
  try {
    const [type, wrapped] = children(readOne(p7b));
    if (!type || readOid(type) !== OID.signedData) throw new DerError('not a SignedData');
    const signed = expectTag(children(expectTag(wrapped, ctx(0), 'content'))[0], TAG.sequence, 'SignedData');
    const certs = children(signed).find((c) => c.tag === ctx(0));
    if (!certs) return [];
    return children(certs).flatMap((c) => {
      try {
        return [readCertificate(Buffer.from(c.raw))];
      } catch (err) {
        // A bundle may hold certificates of other algorithms (ECDSA, RSA) this program never trusts a DPS signature by.
        if (err instanceof CertificateError) return [];
        throw err;
      }
    });
  } catch (err) {
    if (err instanceof DerError) throw new CertificateError(`not a certificate bundle: ${err.message}`);
    throw err;
  }
}

/** A store from files: .p7b bundles and single certificates (DER or PEM). */
export function trustStoreFromFiles(files: readonly string[]): TrustStore {
  const store = new TrustStore();
  for (const f of files) {
    const bytes = readFileSync(f);
    if (f.endsWith('.p7b')) for (const c of certificatesOfBundle(bytes)) store.add(c);
    else store.add(readCertificate(bytes));
  }
  return store;
}
