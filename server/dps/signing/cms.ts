/**
 * CMS SignedData as the DPS's fiscal server takes and gives it (DPS API description, "Порядок
 * засвідчення повідомлень"): version 1, digest GOST 34.311, signature DSTU 4145 little-endian,
 * the content attached, the signer's certificate embedded and no other (no issuers, CRLs or OCSP
 * answers), signed attributes content-type, message-digest, signing-certificate-v2 (the GOST hash
 * of the signer's certificate) and signing-time.
 *
 * Verifying reads the bytes as they came: the signed attributes are hashed exactly as received
 * (the DPS's own samples are not in sorted DER order), and signing-certificate-v2 is checked
 * against the embedded certificate, which jkurwa does not do.
 */
import { type Certificate, CertificateError, readCertificate, validAt } from './certificate.js';
import * as der from './der.js';
import { children, ctx, DerError, expectTag, readOid, readOne, readTime, TAG, type Tlv } from './der.js';
import { gost34311, OID, type PrivateKey, signHash, verifyWith } from './dstu.js';
import type { TrustStore } from './trust.js';

export type CmsProblem =
  | 'format'
  | 'no-signer'
  | 'digest-algorithm'
  | 'content-digest'
  | 'content-type'
  | 'signing-certificate'
  | 'signature'
  | 'not-for-signing'
  | 'untrusted'
  | 'not-valid';

const WORDS: Record<CmsProblem, string> = {
  format: 'не є підписаним повідомленням CMS',
  'no-signer': 'не містить сертифіката підписувача',
  'digest-algorithm': 'геш обчислено не за ГОСТ 34.311',
  'content-digest': 'геш даних не збігається з підписаним (дані змінено після підпису)',
  'content-type': 'атрибут типу вмісту не «data»',
  'signing-certificate': 'геш сертифіката підписувача (signing-certificate-v2) не збігається з вкладеним сертифікатом',
  signature: 'підпис ДСТУ 4145 не перевіряється ключем сертифіката',
  'not-for-signing': 'сертифікат не призначений для підпису',
  untrusted: 'сертифікат видано не довіреним центром сертифікації',
  'not-valid': 'сертифікат не чинний на час підпису',
};

export class CmsError extends Error {
  constructor(
    readonly problem: CmsProblem,
    detail = '',
  ) {
    super(`${WORDS[problem]}${detail ? ` (${detail})` : ''}`);
    this.name = 'CmsError';
  }
}

export interface SignedMessage {
  readonly content: Buffer;
  /** The (first) signer. */
  readonly signer: Certificate;
  /** Every signer, in the order of the message's SignerInfos (a document the server keeps may carry its own beside the sender's). */
  readonly signers: readonly Certificate[];
  /** The first signer's signing-time attribute, where present. The DPS server writes Kyiv's wall clock there marked Z. */
  readonly signingTime: Date | undefined;
}

interface SignerInfo {
  readonly signedAttrs: Tlv | undefined;
  readonly signature: Buffer;
  readonly digestOid: string;
  readonly sid: { readonly keyId?: string; readonly serialHex?: string };
}

interface Parsed {
  readonly content: Buffer;
  readonly certificates: Buffer[];
  readonly signerInfos: readonly SignerInfo[];
}

function signerInfo(t: Tlv): SignerInfo {
  const si = children(expectTag(t, TAG.sequence, 'SignerInfo'));
  const [, sidTlv, digestAlg] = si;
  if (!sidTlv || !digestAlg) throw new DerError('SignerInfo too short');
  let at = 3;
  const signedAttrs = si[at]?.tag === ctx(0) ? si[at++] : undefined;
  at++; // signatureAlgorithm
  const signature = expectTag(si[at], TAG.octetString, 'signature').content;
  const sid =
    sidTlv.tag === TAG.sequence
      ? { serialHex: BigInt(`0x${(children(sidTlv)[1] as Tlv).content.toString('hex')}`).toString(16) }
      : // [0] SubjectKeyIdentifier: IMPLICIT by the standard; the DPS's samples wrap it as an OCTET STRING inside.
        { keyId: ((sidTlv.tag & 0x20 ? children(sidTlv)[0]?.content : sidTlv.content) ?? Buffer.alloc(0)).toString('hex') };
  return { signedAttrs, signature: Buffer.from(signature), digestOid: readOid(children(digestAlg)[0] as Tlv), sid };
}

function parse(bytes: Buffer): Parsed {
  try {
    const [type, wrapped] = children(readOne(bytes));
    if (!type || readOid(type) !== OID.signedData) throw new DerError('not SignedData');
    const signed = children(expectTag(children(expectTag(wrapped, ctx(0), 'content'))[0], TAG.sequence, 'SignedData'));
    const encap = children(expectTag(signed[2], TAG.sequence, 'encapContentInfo'));
    const explicit = encap[1];
    if (!explicit) throw new DerError('detached content');
    const content = expectTag(children(expectTag(explicit, ctx(0), 'eContent'))[0], TAG.octetString, 'eContent').content;
    const certs = signed.find((t) => t.tag === ctx(0));
    const signerInfos = children(expectTag(signed[signed.length - 1], TAG.set, 'signerInfos')).map(signerInfo);
    if (signerInfos.length === 0) throw new DerError('no signer');
    return {
      content: Buffer.from(content),
      certificates: certs ? children(certs).map((c) => Buffer.from(c.raw)) : [],
      signerInfos,
    };
  } catch (err) {
    if (err instanceof DerError) throw new CmsError('format', err.message);
    throw err;
  }
}

/** The signed content, without checking anything: for reading what a message says before judging it. */
export const contentOf = (bytes: Buffer): Buffer => parse(bytes).content;

/** How many signatures a message carries (the DPS takes a document with exactly one). */
export const signerCount = (bytes: Buffer): number => parse(bytes).signerInfos.length;

function attributes(signedAttrs: Tlv): Map<string, Tlv> {
  const out = new Map<string, Tlv>();
  for (const a of children(signedAttrs)) {
    const [type, values] = children(a);
    if (!type || !values) throw new DerError('attribute');
    const first = children(values)[0];
    if (first) out.set(readOid(type), first);
  }
  return out;
}

export interface VerifyOptions {
  /** Check the signer's certificate against these CAs; without it, only the signature is checked. */
  readonly trust?: TrustStore;
  /** When the certificate must have been valid: the signing time by default, else now. */
  readonly at?: Date;
}

function signerCertificate(certificates: readonly Buffer[], sid: SignerInfo['sid']): Certificate {
  for (const c of certificates) {
    try {
      const cert = readCertificate(c);
      if (sid.keyId ? cert.subjectKeyId === sid.keyId : cert.serialHex === sid.serialHex) return cert;
    } catch (err) {
      if (!(err instanceof CertificateError)) throw err;
    }
  }
  throw new CmsError('no-signer');
}

/** Checks one signature; returns its signer and signing time. */
function verifyOne(content: Buffer, digest: Buffer, si: SignerInfo, certificates: readonly Buffer[], opts: VerifyOptions) {
  if (si.digestOid !== OID.gost34311) throw new CmsError('digest-algorithm', si.digestOid);
  const signer = signerCertificate(certificates, si.sid);
  let signingTime: Date | undefined;
  let signedHash = digest;
  if (si.signedAttrs) {
    try {
      const attrs = attributes(si.signedAttrs);
      const md = attrs.get(OID.messageDigest);
      if (!md || md.tag !== TAG.octetString || !md.content.equals(digest)) throw new CmsError('content-digest');
      const ct = attrs.get(OID.contentType);
      if (ct && readOid(ct) !== OID.data) throw new CmsError('content-type');
      const scv2 = attrs.get(OID.signingCertificateV2);
      if (scv2 && !signingCertificateMatches(scv2, signer)) throw new CmsError('signing-certificate');
      const st = attrs.get(OID.signingTime);
      signingTime = st ? readTime(st) : undefined;
    } catch (err) {
      if (err instanceof DerError) throw new CmsError('format', err.message);
      throw err;
    }
    // What was signed is the attributes' SET OF as received: the [0] IMPLICIT tag read as SET.
    signedHash = gost34311(Buffer.concat([Buffer.from([TAG.set]), si.signedAttrs.raw.subarray(1)]));
  } else if (content.length === 0) {
    throw new CmsError('content-digest');
  }
  if (!verifyWith(signer.model, signedHash, si.signature, 'le')) throw new CmsError('signature');
  if (!signer.canSign) throw new CmsError('not-for-signing');
  const at = opts.at ?? signingTime ?? new Date();
  if (opts.trust) {
    const chain = opts.trust.verify(signer, at);
    if (!chain.ok) throw new CmsError(chain.reason === 'not-valid-now' ? 'not-valid' : 'untrusted', chain.reason);
  } else if (!validAt(signer, at)) {
    throw new CmsError('not-valid');
  }
  return { signer, signingTime };
}

/**
 * Checks a SignedData: the content's digest, the signed attributes, every signature with its
 * embedded certificate's key, and (with `trust`) each certificate's issuer and validity. Throws
 * CmsError naming what failed.
 */
export function verifySigned(bytes: Buffer, opts: VerifyOptions = {}): SignedMessage {
  const p = parse(bytes);
  const digest = gost34311(p.content);
  const checked = p.signerInfos.map((si) => verifyOne(p.content, digest, si, p.certificates, opts));
  const first = checked[0] as (typeof checked)[number];
  return { content: p.content, signer: first.signer, signers: checked.map((c) => c.signer), signingTime: first.signingTime };
}

/** SigningCertificateV2 ::= SEQ { SEQ OF ESSCertIDv2 { hashAlgorithm DEFAULT sha256, certHash, issuerSerial? } } */
function signingCertificateMatches(value: Tlv, signer: Certificate): boolean {
  const ids = children(expectTag(children(value)[0], TAG.sequence, 'certs'));
  const first = ids[0];
  if (!first) return false;
  const parts = children(first);
  const hasAlgorithm = parts[0]?.tag === TAG.sequence;
  const algorithm = hasAlgorithm ? readOid(children(parts[0] as Tlv)[0] as Tlv) : 'sha256';
  const hash = parts[hasAlgorithm ? 1 : 0];
  if (algorithm !== OID.gost34311 || !hash) return false;
  return hash.content.equals(gost34311(signer.der));
}

export interface Signer {
  readonly key: PrivateKey;
  readonly certificate: Certificate;
}

/** Signs `content` as attached SignedData with the DPS's four signed attributes. */
export function signContent(content: Buffer, signer: Signer, at: Date): Buffer {
  const cert = signer.certificate;
  const gostAlg = der.seq(der.oid(OID.gost34311));
  const attr = (type: string, value: Buffer) => der.seq(der.oid(type), der.set(value));
  const issuerAndSerial = issuerAndSerialOf(cert);
  const essCertId = der.seq(
    gostAlg,
    der.octets(gost34311(cert.der)),
    der.seq(der.seq(der.tlv(ctx(4), issuerName(cert))), serialOf(cert)),
  );
  // DER orders a SET OF by its members' encodings; a verifier that re-encodes then hashes the same bytes.
  const attrs = [
    attr(OID.contentType, der.oid(OID.data)),
    attr(OID.messageDigest, der.octets(gost34311(content))),
    attr(OID.signingCertificateV2, der.seq(der.seq(essCertId))),
    attr(OID.signingTime, der.time(at)),
  ].sort(Buffer.compare);
  const signedAttrs = der.set(...attrs);
  const signature = signHash(signer.key, gost34311(signedAttrs));
  const signerInfo = der.seq(
    der.integer(1),
    issuerAndSerial,
    gostAlg,
    der.tlv(ctx(0), Buffer.concat(attrs)),
    der.seq(der.oid(OID.dstu4145le)),
    der.octets(signature),
  );
  const signedData = der.seq(
    der.integer(1),
    der.set(gostAlg),
    der.seq(der.oid(OID.data), der.tlv(ctx(0), der.octets(content))),
    der.tlv(ctx(0), cert.der),
    der.set(signerInfo),
  );
  return der.seq(der.oid(OID.signedData), der.tlv(ctx(0), signedData));
}

/** The certificate's issuer Name and serial number, as its TBS holds them. */
function tbsParts(cert: Certificate): Tlv[] {
  const tbs = children(readOne(cert.tbs));
  // TBSCertificate: [0] version, serialNumber, signature, issuer, …
  return tbs[0]?.tag === ctx(0) ? tbs.slice(1) : tbs;
}
const serialOf = (cert: Certificate): Buffer => Buffer.from((tbsParts(cert)[0] as Tlv).raw);
const issuerName = (cert: Certificate): Buffer => Buffer.from((tbsParts(cert)[2] as Tlv).raw);
const issuerAndSerialOf = (cert: Certificate): Buffer => der.seq(issuerName(cert), serialOf(cert));
