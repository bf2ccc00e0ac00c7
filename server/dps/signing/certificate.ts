/**
 * A qualified certificate as the back office needs it: who owns it, the tax numbers it names
 * (ДРФО/РНОКПП of a person, ЄДРПОУ of a company), when it is valid, whether it may sign, and its
 * key identifiers, with the exact bytes of its TBS part so its issuer's signature is checked over
 * what was issued.
 */
import type { CertificateModel } from 'jkurwa';
import { children, DerError, readOne, TAG } from './der.js';
import { gost34311, parseCertificateModel, verifyWith } from './dstu.js';

export class CertificateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CertificateError';
  }
}

export interface Certificate {
  readonly der: Buffer;
  /** commonName of the subject: the person (or the seal's name) the key belongs to. */
  readonly owner: string;
  readonly organization: string;
  readonly issuer: string;
  /** РНОКПП (ДРФО) of the person, '' when the certificate names none. */
  readonly drfo: string;
  /** ЄДРПОУ of the organisation, '' when the certificate names none. */
  readonly edrpou: string;
  readonly validFrom: Date;
  readonly validTo: Date;
  readonly serialHex: string;
  readonly subjectKeyId: string;
  readonly authorityKeyId: string;
  /** keyUsage has digitalSignature: a key for signing, not the encryption key beside it. */
  readonly canSign: boolean;
  readonly isCa: boolean;
  readonly tbs: Buffer;
  readonly signature: Buffer;
  /** The parsed certificate, for its public key. */
  readonly model: CertificateModel;
}

const hex = (b: Buffer | null | undefined): string => (b ? b.toString('hex') : '');

/**
 * Certificates read lately, by their bytes: every signed document embeds its signer's, and parsing
 * one (its public key decompressed on the curve) costs milliseconds a register need pay once.
 */
const recent = new Map<string, Certificate>();
const RECENT_MAX = 512;

/** Reads a DER (or PEM) certificate; throws CertificateError for anything else. */
export function readCertificate(input: Buffer): Certificate {
  const der = fromPem(input);
  const id = der.toString('base64');
  const known = recent.get(id);
  if (known) return known;
  const cert = parse(Buffer.from(der));
  if (recent.size >= RECENT_MAX) recent.delete(recent.keys().next().value as string);
  recent.set(id, cert);
  return cert;
}

function parse(der: Buffer): Certificate {
  let parts: ReturnType<typeof children>;
  let model: CertificateModel;
  try {
    parts = children(readOne(der));
    model = parseCertificateModel(der);
  } catch (err) {
    if (err instanceof DerError || err instanceof Error) throw new CertificateError(`not a certificate: ${err.message}`);
    throw err;
  }
  const [tbs, , sig] = parts;
  if (!tbs || !sig || sig.tag !== TAG.bitString) throw new CertificateError('not a certificate');
  const ipn = model.extension.ipn ?? {};
  let isCa = false;
  try {
    isCa = model.canUseFor('ca');
  } catch {
    isCa = false;
  }
  let canSign = false;
  try {
    canSign = model.canUseFor('sign');
  } catch {
    canSign = false;
  }
  return {
    der,
    owner: model.subject.commonName ?? '',
    organization: model.subject.organizationName ?? '',
    issuer: model.issuer.commonName ?? '',
    drfo: (ipn.DRFO ?? '').trim(),
    edrpou: (ipn.EDRPOU ?? '').trim(),
    validFrom: new Date(model.valid.from),
    validTo: new Date(model.valid.to),
    serialHex: model.serial.toString(16),
    subjectKeyId: hex(model.extension.subjectKeyIdentifier),
    authorityKeyId: hex(model.extension.authorityKeyIdentifier),
    canSign,
    isCa,
    tbs: tbs.raw,
    // The BIT STRING's first byte counts unused bits; the rest is the signature as an OCTET STRING.
    signature: sig.content.subarray(1),
    model,
  };
}

function fromPem(input: Buffer): Buffer {
  const text = input.subarray(0, 64).toString('latin1');
  if (!text.includes('-----BEGIN')) return input;
  const body = input
    .toString('latin1')
    .replace(/-----(BEGIN|END)[^-]*-----/g, '')
    .replace(/\s+/g, '');
  return Buffer.from(body, 'base64');
}

/** Whether `issuer`'s key made `cert`'s signature (over its TBS bytes as issued). */
export const issuedBy = (cert: Certificate, issuer: Certificate): boolean =>
  verifyWith(issuer.model, gost34311(cert.tbs), cert.signature, 'short');

/** Valid at an instant: from its first second to before its last. */
export const validAt = (cert: Certificate, at: Date): boolean =>
  at.getTime() >= cert.validFrom.getTime() && at.getTime() < cert.validTo.getTime();
