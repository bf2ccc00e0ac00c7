/**
 * Issuing DSTU 4145 certificates and writing PBES2 key containers: what the fiscal-server
 * simulator's own certification authority does for the demo shop and the tests (a CA, the
 * server's ticket-signing certificate, a cashier's signing certificate naming a tax number). Never
 * used for a shop's real key, which a qualified CA issues.
 */
import { randomBytes } from 'node:crypto';
import { type Certificate, readCertificate } from './certificate.js';
import * as der from './der.js';
import { ctx } from './der.js';
import {
  DEFAULT_DKE,
  encryptForContainer,
  generateKey,
  gost34311,
  keyIdOf,
  OID,
  type PrivateKey,
  privateKeyDer,
  publicKeyBytes,
  signHash,
} from './dstu.js';

/** Subject attributes, by their X.520 names. */
const NAME_OID = {
  commonName: '2.5.4.3',
  serialNumber: '2.5.4.5',
  countryName: '2.5.4.6',
  localityName: '2.5.4.7',
  organizationName: '2.5.4.10',
} as const;

/** Tax numbers in a certificate's subjectDirectoryAttributes, as Ukrainian qualified CAs write them. */
const TAX_OID = { drfo: '1.2.804.2.1.1.1.11.1.4.1.1', edrpou: '1.2.804.2.1.1.1.11.1.4.2.1' } as const;

const EXT = {
  subjectKeyIdentifier: '2.5.29.14',
  keyUsage: '2.5.29.15',
  basicConstraints: '2.5.29.19',
  authorityKeyIdentifier: '2.5.29.35',
  subjectDirectoryAttributes: '2.5.29.9',
} as const;

export type Name = Partial<Record<keyof typeof NAME_OID, string>>;

export interface CertificateRequest {
  readonly subject: Name;
  readonly key: PrivateKey;
  readonly validFrom: Date;
  readonly validTo: Date;
  /** 'ca' signs certificates; 'sign' documents; 'encrypt' is the key agreement key beside it. */
  readonly usage: 'ca' | 'sign' | 'encrypt';
  readonly drfo?: string;
  readonly edrpou?: string;
  /** A serial number of the caller's; a random one by default. */
  readonly serial?: bigint;
}

export interface Issuer {
  readonly key: PrivateKey;
  /** The issuer's own certificate; absent for a self-signed root. */
  readonly certificate?: Certificate;
  readonly name: Name;
}

const name = (n: Name): Buffer =>
  der.seq(
    ...Object.entries(n).map(([k, v]) =>
      der.set(der.seq(der.oid(NAME_OID[k as keyof typeof NAME_OID]), k === 'countryName' ? der.printable(v) : der.utf8(v))),
    ),
  );

const extension = (id: string, value: Buffer, critical = false) =>
  der.seq(der.oid(id), ...(critical ? [der.bool(true)] : []), der.octets(value));

// keyUsage bits: digitalSignature (0) and nonRepudiation (1) to sign, keyAgreement (4) to encrypt, keyCertSign (5) and cRLSign (6) for a CA.
const USAGE: Record<CertificateRequest['usage'], Buffer> = {
  sign: der.bits(Buffer.from([0xc0]), 6),
  encrypt: der.bits(Buffer.from([0x08]), 3),
  ca: der.bits(Buffer.from([0x06]), 1),
};

export function issueCertificate(req: CertificateRequest, issuer: Issuer): Certificate {
  const keyId = keyIdOf(req.key);
  const issuerKeyId = keyIdOf(issuer.key);
  const tax = [
    ...(req.drfo ? [der.seq(der.oid(TAX_OID.drfo), der.set(der.printable(req.drfo)))] : []),
    ...(req.edrpou ? [der.seq(der.oid(TAX_OID.edrpou), der.set(der.printable(req.edrpou)))] : []),
  ];
  const extensions = [
    extension(EXT.subjectKeyIdentifier, der.octets(keyId)),
    extension(EXT.authorityKeyIdentifier, der.seq(der.tlv(0x80, issuerKeyId))),
    extension(EXT.keyUsage, USAGE[req.usage], true),
    ...(req.usage === 'ca' ? [extension(EXT.basicConstraints, der.seq(der.bool(true)), true)] : []),
    ...(tax.length > 0 ? [extension(EXT.subjectDirectoryAttributes, der.seq(...tax))] : []),
  ];
  const algorithm = der.seq(der.oid(OID.dstu4145le));
  const tbs = der.seq(
    der.tlv(ctx(0), der.integer(2)),
    der.integer(req.serial ?? BigInt(`0x${randomBytes(16).toString('hex')}`) >> 1n),
    algorithm,
    name(issuer.name),
    der.seq(der.time(req.validFrom), der.time(req.validTo)),
    name(req.subject),
    der.seq(
      der.seq(der.oid(OID.dstu4145le), der.seq(der.oid(OID.curve257), der.octets(DEFAULT_DKE))),
      der.bits(publicKeyBytes(req.key)),
    ),
    der.tlv(ctx(3), der.seq(...extensions)),
  );
  const signature = signHash(issuer.key, gost34311(tbs));
  return readCertificate(der.seq(tbs, algorithm, der.bits(der.octets(signature))));
}

/** A self-signed CA. */
export function issueRoot(subject: Name, validFrom: Date, validTo: Date): { key: PrivateKey; certificate: Certificate } {
  const key = generateKey();
  return { key, certificate: issueCertificate({ subject, key, validFrom, validTo, usage: 'ca' }, { key, name: subject }) };
}

/**
 * A PBES2 key container (the `.pk8` / `.dat` form IIT and others write): the key's DER encrypted
 * with GOST 28147 in CFB mode under PBKDF2 with GOST 34.311 HMAC, 10,000 rounds as qualified CAs
 * write them. A demo's or a test's key may take fewer: opening one then takes milliseconds, not a
 * second of every start.
 */
export function writeContainer(key: PrivateKey, password: string, iterations = 10_000): Buffer {
  const store = encryptForContainer(privateKeyDer(key), password, randomBytes(8), randomBytes(32), iterations);
  const params = der.seq(
    der.seq(
      der.oid(OID.pbkdf2),
      der.seq(der.octets(store.salt), der.integer(store.iters), der.seq(der.oid(OID.gost34311Hmac), der.nullValue())),
    ),
    der.seq(der.oid(OID.gost28147Cfb), der.seq(der.octets(store.iv), der.octets(store.sbox))),
  );
  return der.seq(der.seq(der.oid(OID.pbes2), params), der.octets(store.body));
}
