/**
 * The simulator's own certification authority and the key it signs its tickets with. Made the
 * first time a state database is used and kept in it (fiscal_server_keys), so a demo restarted
 * keeps the same CA and the keys it issued stay good. Test keys no real party trusts: they are
 * kept unencrypted, as the raw DSTU key, so starting the simulator costs no key derivation.
 *
 * The server's certificate names the simulator, and an ЄДРПОУ of its own (SIMULATOR_TAX_NUMBER),
 * never the DPS's 43005393: a client set up for the real server (which expects 43005393 through
 * the qualified CAs) cannot take a simulator's ticket for the tax service's.
 */
import type { Db } from '../../../../shared-node/sql/db.js';
import type { Certificate } from '../../signing/certificate.js';
import { readCertificate } from '../../signing/certificate.js';
import type { Signer } from '../../signing/cms.js';
import { generateKey, openContainer, type PrivateKey, privateKeyDer } from '../../signing/dstu.js';
import { issueCertificate, issueRoot, type Name, writeContainer } from '../../signing/issue.js';
import { TrustStore } from '../../signing/trust.js';
import { simulatorSql } from '../statements.js';

/** The ЄДРПОУ in the simulator's server certificate (a number no Ukrainian company holds). */
export const SIMULATOR_TAX_NUMBER = '99999999';

const CA_NAME: Name = {
  commonName: 'ЦСК фіскального сервера ПРРО (симулятор)',
  organizationName: 'Симулятор фіскального сервера',
  countryName: 'UA',
};
const SERVER_NAME: Name = {
  commonName: 'Фіскальний сервер ПРРО (симулятор)',
  organizationName: 'Симулятор фіскального сервера',
  countryName: 'UA',
};
// UTCTime, which certificates use, ends with 2049.
const FROM = new Date('2020-01-01T00:00:00Z');
const TO = new Date('2049-12-31T00:00:00Z');
const DAY = 86_400_000;

export interface KeyRequest {
  /** The key's owner, as the certificate's common name. */
  readonly owner: string;
  /** РНОКПП (ДРФО) of a person; ЄДРПОУ of a company's seal. */
  readonly drfo?: string;
  readonly edrpou?: string;
  /** From a day ago to two years on, by default. */
  readonly validFrom?: Date;
  readonly validTo?: Date;
  /**
   * PBKDF2 rounds of the container: a CA's 10,000 by default. A demo's key may take fewer, so a
   * demo starts and unlocks in a tenth of a second rather than seconds: nobody else trusts its CA.
   */
  readonly iterations?: number;
}

export interface IssuedKey {
  /** A PBES2 key container (.pk8 / .dat) that opens with the password given. */
  readonly container: Buffer;
  /** The signing certificate, DER. */
  readonly certificate: Buffer;
}

export interface Authority {
  readonly ca: Certificate;
  readonly trust: TrustStore;
  /** The ticket-signing key and certificate. */
  readonly server: Signer;
  /** A signing key and its certificate, in memory: what tests sign with (no container to derive a key for). */
  issueSigner(req: KeyRequest): Signer;
  /** A key container and certificate for a shop's register, as a qualified CA hands them out. */
  issueKey(req: KeyRequest & { readonly password: string }): IssuedKey;
}

interface Pair {
  readonly key: PrivateKey;
  readonly certificate: Certificate;
}

function load(db: Db, role: 'ca' | 'server', make: () => Pair): Pair {
  const sql = simulatorSql(db);
  const kept = sql.key.get(role);
  if (kept) {
    const [key] = openContainer(Buffer.from(kept.key_b64, 'base64'), '').keys;
    if (!key) throw new Error(`the simulator's ${role} key in fiscal_server_keys does not open`);
    return { key, certificate: readCertificate(Buffer.from(kept.certificate_b64, 'base64')) };
  }
  const made = make();
  sql.saveKey.run(role, privateKeyDer(made.key).toString('base64'), made.certificate.der.toString('base64'));
  return made;
}

/** The authority kept in the database, made there on first use. */
export function authorityOf(db: Db, now: () => Date = () => new Date()): Authority {
  const { ca, server } = db
    .transaction(() => {
      const ca = load(db, 'ca', () => issueRoot(CA_NAME, FROM, TO));
      const issuer = { key: ca.key, certificate: ca.certificate, name: CA_NAME };
      const server = load(db, 'server', () => {
        const key = generateKey();
        const certificate = issueCertificate(
          { subject: SERVER_NAME, key, validFrom: FROM, validTo: TO, usage: 'sign', edrpou: SIMULATOR_TAX_NUMBER },
          issuer,
        );
        return { key, certificate };
      });
      return { ca, server };
    })
    .immediate();
  const issuer = { key: ca.key, certificate: ca.certificate, name: CA_NAME };

  function issueSigner(req: KeyRequest): Signer {
    const key = generateKey();
    const from = req.validFrom ?? new Date(now().getTime() - DAY);
    const to = req.validTo ?? new Date(Math.min(now().getTime() + 730 * DAY, TO.getTime()));
    const certificate = issueCertificate(
      {
        subject: { commonName: req.owner, countryName: 'UA' },
        key,
        validFrom: from,
        validTo: to,
        usage: 'sign',
        ...(req.drfo ? { drfo: req.drfo } : {}),
        ...(req.edrpou ? { edrpou: req.edrpou } : {}),
      },
      issuer,
    );
    return { key, certificate };
  }

  return {
    ca: ca.certificate,
    trust: new TrustStore([ca.certificate]),
    server,
    issueSigner,
    issueKey(req) {
      const signer = issueSigner(req);
      return { container: writeContainer(signer.key, req.password, req.iterations), certificate: signer.certificate.der };
    },
  };
}
