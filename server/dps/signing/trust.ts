/**
 * The certification authorities a signature is trusted through: the qualified CAs' bundle the
 * ЦЗО publishes (CACertificates.p7b), or a test CA of our own. A signer's certificate is trusted
 * when a CA of the store issued it (its signature over the certificate's TBS bytes checks with the
 * CA's key, found by the authority key identifier) and the CA was valid when it issued it (the
 * chain model Ukrainian CAs use). The store is trusted as a whole, so intermediate CAs in it
 * count as anchors.
 *
 * A bundle holds hundreds of certificates and parsing one fully costs about 10 ms, so the store
 * indexes them by their subject key identifier read straight from the DER, and parses a CA only
 * when a certificate names it as its issuer.
 */
import { readFileSync } from 'node:fs';
import { type Certificate, CertificateError, issuedBy, readCertificate, validAt } from './certificate.js';
import { children, ctx, DerError, expectTag, readOid, readOne, TAG, type Tlv } from './der.js';
import { OID } from './dstu.js';

export type ChainVerdict =
  | { readonly ok: true; readonly issuer: Certificate }
  | { readonly ok: false; readonly reason: 'unknown-issuer' | 'bad-issuer-signature' | 'issuer-not-valid' | 'not-valid-now' };

/** A CA's certificate as the store keeps it: its bytes, parsed when first needed. */
interface Anchor {
  readonly der: Buffer;
  parsed?: Certificate | null;
}

const SUBJECT_KEY_IDENTIFIER = '2.5.29.14';

/** The subjectKeyIdentifier of a certificate, read from its DER without parsing the rest; '' where it has none. */
export function subjectKeyIdOf(der: Buffer): string {
  const tbs = children(expectTag(children(readOne(der))[0], TAG.sequence, 'TBSCertificate'));
  const extensions = tbs.find((t) => t.tag === ctx(3));
  if (!extensions) return '';
  for (const ext of children(expectTag(children(extensions)[0], TAG.sequence, 'extensions'))) {
    const parts = children(ext);
    if (readOid(parts[0] as Tlv) !== SUBJECT_KEY_IDENTIFIER) continue;
    const value = parts[parts.length - 1] as Tlv;
    return expectTag(readOne(value.content), TAG.octetString, 'keyIdentifier').content.toString('hex');
  }
  return '';
}

function parsedOf(anchor: Anchor): Certificate | null {
  if (anchor.parsed === undefined) {
    try {
      anchor.parsed = readCertificate(anchor.der);
    } catch (err) {
      // A bundle may hold certificates of other algorithms (ECDSA, RSA) no DPS signature is trusted by.
      if (!(err instanceof CertificateError)) throw err;
      anchor.parsed = null;
    }
  }
  return anchor.parsed;
}

export class TrustStore {
  private readonly bySubjectKey = new Map<string, Anchor[]>();
  /**
   * The issuer found for a certificate, by its bytes: checking an issuer's signature costs tens of
   * milliseconds, and a register signs every document with the same certificate.
   */
  private readonly issuerOf = new Map<string, Certificate | null>();

  constructor(certs: readonly (Certificate | Buffer)[] = []) {
    for (const c of certs) this.add(c);
  }

  /** A CA, as a parsed certificate or as its DER bytes. */
  add(cert: Certificate | Buffer): void {
    const der = Buffer.isBuffer(cert) ? cert : cert.der;
    let ski: string;
    try {
      ski = Buffer.isBuffer(cert) ? subjectKeyIdOf(der) : cert.subjectKeyId;
    } catch (err) {
      if (err instanceof DerError) throw new CertificateError(`not a certificate: ${err.message}`);
      throw err;
    }
    const list = this.bySubjectKey.get(ski) ?? [];
    if (!list.some((a) => a.der.equals(der))) list.push(Buffer.isBuffer(cert) ? { der } : { der, parsed: cert });
    this.bySubjectKey.set(ski, list);
    this.issuerOf.clear();
  }

  /** Every CA's bytes, to build a store of these and more. */
  all(): Buffer[] {
    return [...this.bySubjectKey.values()].flat().map((a) => a.der);
  }

  /** Whether a CA of this store issued `cert`, and `cert` is valid at `at`. */
  verify(cert: Certificate, at: Date): ChainVerdict {
    const candidates = this.bySubjectKey.get(cert.authorityKeyId) ?? [];
    if (candidates.length === 0) return { ok: false, reason: 'unknown-issuer' };
    const id = cert.der.toString('base64');
    let issuer = this.issuerOf.get(id);
    if (issuer === undefined) {
      issuer = candidates.map(parsedOf).find((ca): ca is Certificate => ca !== null && issuedBy(cert, ca)) ?? null;
      this.issuerOf.set(id, issuer);
    }
    if (!issuer) return { ok: false, reason: 'bad-issuer-signature' };
    if (!validAt(issuer, cert.validFrom)) return { ok: false, reason: 'issuer-not-valid' };
    if (!validAt(cert, at)) return { ok: false, reason: 'not-valid-now' };
    return { ok: true, issuer };
  }
}

/** The certificates' bytes of a degenerate SignedData (.p7b), as CAs publish their bundles. */
export function certificatesOfBundle(p7b: Buffer): Buffer[] {
  try {
    const [type, wrapped] = children(readOne(p7b));
    if (!type || readOid(type) !== OID.signedData) throw new DerError('not a SignedData');
    const signed = expectTag(children(expectTag(wrapped, ctx(0), 'content'))[0], TAG.sequence, 'SignedData');
    const certs = children(signed).find((c) => c.tag === ctx(0));
    return certs ? children(certs).map((c) => Buffer.from(c.raw)) : [];
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
    if (f.endsWith('.p7b')) for (const der of certificatesOfBundle(bytes)) store.add(der);
    else store.add(readCertificate(bytes));
  }
  return store;
}
