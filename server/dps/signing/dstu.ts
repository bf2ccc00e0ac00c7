/**
 * The Ukrainian algorithms, from jkurwa and gost89: GOST 34.311 hashing, DSTU 4145 signing and
 * verifying, key containers. The only file that imports those libraries (vendor.d.ts types them);
 * everything else here works on bytes and the types below.
 */
import { createRequire } from 'node:module';
import gost89 from 'gost89';
import jk, { type CertificateModel, type Priv } from 'jkurwa';

const algo = gost89.compat.algos();

/** Object identifiers of the DPS's signatures. */
export const OID = {
  gost34311: '1.2.804.2.1.1.1.1.2.1',
  dstu4145le: '1.2.804.2.1.1.1.1.3.1.1',
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  pbes2: '1.2.840.113549.1.5.13',
  pbkdf2: '1.2.840.113549.1.5.12',
  gost34311Hmac: '1.2.804.2.1.1.1.1.1.2',
  gost28147Cfb: '1.2.804.2.1.1.1.1.1.1.3',
  /** The DSTU 4145 curve of 257 bits (DSTU_PB_257), which qualified keys use. */
  curve257: '1.2.804.2.1.1.1.1.3.1.1.2.6',
} as const;

/** The DSTU's default S-box in its 64-byte packed form (the DKE a certificate's key parameters carry). */
export const DEFAULT_DKE: Buffer = Buffer.from(
  (createRequire(import.meta.url)('jkurwa/lib/spec/dstszi2010.js') as { DEFAULT_SBOX_COMPRESSED: Buffer })
    .DEFAULT_SBOX_COMPRESSED,
);

/** GOST 34.311-95 with the DSTU's S-box: the digest of every signature here. */
export const gost34311 = (data: Buffer): Buffer => algo.hash(data);

/** A private key able to sign; opaque outside this folder. */
export interface PrivateKey {
  readonly priv: Priv;
}

/** DSTU 4145 signature of a GOST 34.311 hash: r and s little-endian, as the DPS's CMS carries it. */
export const signHash = (key: PrivateKey, hash: Buffer): Buffer => key.priv.sign(hash, 'le');

/** The key identifier of a private key's public key (what a certificate's subjectKeyIdentifier holds). */
export const keyIdOf = (key: PrivateKey): Buffer => key.priv.pub().keyid(algo);

/** The subjectPublicKey bytes of a private key's public key (an OCTET STRING, as certificates carry it). */
export const publicKeyBytes = (key: PrivateKey): Buffer => key.priv.pub().serialize();

/** A new key on the DSTU 4145 curve of 257 bits, the one qualified keys use. */
export const generateKey = (): PrivateKey => ({ priv: jk.std_curve('DSTU_PB_257').keygen() });

/** The key as unencrypted PKCS#8-like DER (DSTU private key), to be wrapped in a PBES2 container. */
export const privateKeyDer = (key: PrivateKey): Buffer => Buffer.from(key.priv.to_asn1());

interface GostCipher {
  key(k: Buffer): void;
  crypt_cfb(iv: Buffer, clear: Buffer, out: Buffer): void;
}
const gostInternals = createRequire(import.meta.url);
const gostUtil = gostInternals('gost89/lib/util.js') as { pbkdf(pw: string, salt: Buffer, iters: number): Buffer };
const gostCipher = gostInternals('gost89/lib/gost89.js') as { init(): GostCipher };
const gostDstu = gostInternals('gost89/lib/dstu.js') as { packSbox(s: unknown): Buffer; defaultSbox: unknown };

/**
 * Encrypts a key's DER with GOST 28147 in CFB mode under PBKDF2 (GOST 34.311 HMAC) of the
 * password, as PBES2 containers do. gost89's own writer fixes 10,000 rounds (a second of work
 * here); a container for the simulator's demo keys may take fewer, and readers take the count the
 * container states.
 */
export function encryptForContainer(raw: Buffer, password: string, iv: Buffer, salt: Buffer, iterations = 10_000) {
  if (iterations === 10_000) return algo.storesave(raw, 'PBES2', password, iv, salt);
  const cipher = gostCipher.init();
  cipher.key(gostUtil.pbkdf(password, salt, iterations));
  const body = Buffer.alloc(raw.length);
  cipher.crypt_cfb(iv, raw, body);
  return { iv, salt, iters: iterations, body, sbox: gostDstu.packSbox(gostDstu.defaultSbox) };
}

const rfc3280 = createRequire(import.meta.url)('jkurwa/lib/spec/rfc3280.js') as {
  Certificate: { decode(der: Buffer, enc: 'der'): Record<string, unknown> };
};
const CertificateClass = jk.Certificate as unknown as new (decoded: Record<string, unknown>, lazy: boolean) => CertificateModel;

/**
 * A certificate parsed without unpacking its public key (a point decompressed on the curve, some
 * milliseconds): a CA bundle holds hundreds, and only the ones that sign anything need it.
 */
export function parseCertificateModel(der: Buffer): CertificateModel {
  const decoded = rfc3280.Certificate.decode(der, 'der');
  decoded._raw = der;
  return new CertificateClass(decoded, true);
}

/**
 * Verifies a DSTU 4145 signature with a certificate's key: `le` is raw little-endian r‖s (a CMS
 * signature), `short` the same wrapped in an OCTET STRING (a certificate's signature).
 */
export function verifyWith(cert: CertificateModel, hash: Buffer, signature: Buffer, format: 'le' | 'short'): boolean {
  try {
    return cert.pubkey_unpack().verify(hash, signature, format);
  } catch {
    // jkurwa throws on an out-of-range r or s: that is a bad signature, not an error of ours.
    return false;
  }
}

export interface ContainerKeys {
  readonly keys: PrivateKey[];
  /** Certificates found in the container (JKS and PFX often carry them; IIT's Key-6.dat does not). */
  readonly certificates: Buffer[];
}

/** Thrown when a container cannot be opened: a wrong password, or not a key container at all. */
export class ContainerError extends Error {
  constructor(readonly reason: 'password' | 'format') {
    super(reason === 'password' ? 'wrong password or damaged container' : 'not a key container this program can read');
    this.name = 'ContainerError';
  }
}

/**
 * Opens a key container of any kind jkurwa reads (IIT Key-6.dat, PBES2 .pk8/.dat, PFX, JKS) with
 * its password. The libraries answer a wrong password by failing to parse the decrypted bytes,
 * so a container they recognise but cannot read after decryption counts as a wrong password.
 */
export function openContainer(bytes: Buffer, password: string): ContainerKeys {
  if (!recognised(bytes)) throw new ContainerError('format');
  const box = new jk.Box({ algo });
  try {
    box.load({ keyBuffers: [bytes], password });
  } catch {
    throw new ContainerError('password');
  }
  const keys = box.keys.filter((k) => k.priv).map((k) => ({ priv: k.priv }));
  if (keys.length === 0) throw new ContainerError('password');
  const certificates = box.keys.flatMap((k) => (k.cert ? [k.cert.as_asn1()] : []));
  return { keys, certificates };
}

const JKS_MAGIC = 0xfeedfeed;

/** Whether the bytes are a container of a kind jkurwa knows, before any password is tried. */
function recognised(bytes: Buffer): boolean {
  // IIT's files may start with a 6-byte header of their own (jkurwa skips it the same way).
  const body = bytes[0] === 0x51 ? bytes.subarray(6) : bytes;
  if (body.length >= 4 && body.readUInt32BE(0) === JKS_MAGIC) return true;
  try {
    // guess_parse reads certificates too: a certificate is no container.
    return (jk.guess_parse(body) as { format?: string }).format !== 'x509';
  } catch {
    return false;
  }
}
