/**
 * A back office's tie to the tax service's fiscal server: the exchange (server/dps/exchange) over
 * the real protocol, to the DPS's server (https://fs.tax.gov.ua:8643/fs by default, or the address
 * `serve --fiscal-server` gives) or, in a demo, to the HTTP simulator started here on loopback over
 * the back office's own database. Sets where the registers' keys are checked (the qualified CAs,
 * and the simulator's in a demo) and the service's secret for unattended keys. In a demo each
 * register gets a key of the simulator's CA, kept unlocked for unattended work, so the demo till
 * fiscalises at once.
 */
import type { Logger } from '../../shared-node/log/logger.js';
import { type Db, dialectOf } from '../../shared-node/sql/db.js';
import { inWriteTransaction } from '../back-office/core/write.js';
import { findSeller, fiscalTills } from '../back-office/sales/kernel/fiscal/identity.js';
import { configureKeys, type KeyRing } from '../back-office/sales/kernel/keys/ring.js';
import { ServiceSecret } from '../back-office/sales/kernel/keys/secret.js';
import { keySql } from '../back-office/sales/kernel/keys/statements.js';
import { createDpsExchange, type DpsExchange } from '../dps/exchange/dps-exchange.js';
import { bundledTrust, trustWith } from '../dps/signing/bundled-trust.js';
import { readCertificate } from '../dps/signing/certificate.js';
import { openSigner } from '../dps/signing/key.js';
import { TrustStore } from '../dps/signing/trust.js';
import { backOfficeRegistry } from '../dps/simulator/backoffice-registry.js';
import { type HttpSimulator, startSimulator } from '../dps/simulator/http/server.js';

/** The DPS's fiscal server (ЄВПЕЗ), over TLS. */
export const DPS_FISCAL_SERVER = 'https://fs.tax.gov.ua:8643/fs';

/** The demo registers' key password (docs/fiscal.md, "Going live"): the demo's key is the simulator CA's, trusted by nobody else. */
export const DEMO_KEY_PASSWORD = 'demo-1111';
/** The demo key container's PBKDF2 rounds: few, so a demo starts in a moment (a real container has 10,000). */
const DEMO_KEY_ROUNDS = 100;

export interface FiscalOptions {
  /** The fiscal server's address; the DPS's by default. Ignored in a demo, which runs the simulator. */
  readonly url?: string;
  /** More CA certificates to trust (a newer ЦЗО bundle, .p7b, or single certificates), beside the bundled 2020 one. */
  readonly caFiles?: readonly string[];
  /**
   * The service's secret for unattended keys. By default a file beside a SQLite back office
   * (`<file>.secret`); none for a PostgreSQL one unless given, and then unattended work is not offered.
   */
  readonly secretFile?: string;
}

export interface FiscalLink {
  /** The exchange, once it is up (the simulator listens first in a demo). */
  readonly server: Promise<DpsExchange>;
  close(): Promise<void>;
}

/** The file a SQLite database lives in; undefined for PostgreSQL and in-memory databases. */
function fileOf(db: Db): string | undefined {
  if (dialectOf(db) !== 'sqlite') return undefined;
  const name = (db as unknown as { name?: string }).name;
  return name && name !== ':memory:' ? name : undefined;
}

export function openFiscalLink(
  db: Db,
  opts: { readonly demo: boolean; readonly fiscal?: FiscalOptions; readonly logger: Logger; readonly now: () => Date },
): FiscalLink {
  const file = fileOf(db);
  const secretFile = opts.fiscal?.secretFile ?? (file ? `${file}.secret` : undefined);
  const secret = secretFile ? new ServiceSecret(secretFile) : undefined;
  const caFiles = opts.fiscal?.caFiles ?? [];
  let simulator: HttpSimulator | undefined;

  const start = async (): Promise<DpsExchange> => {
    if (!opts.demo) {
      const trust = () => trustWith(caFiles);
      const ring = configureKeys(db, { trust, server: 'real', ...(secret ? { secret } : {}) });
      ring.warm();
      return createDpsExchange({
        url: opts.fiscal?.url ?? DPS_FISCAL_SERVER,
        keys: ring,
        trust: lazyTrust(trust),
        now: opts.now,
      });
    }
    simulator = await startSimulator({ db, registry: backOfficeRegistry(db), now: opts.now });
    const sim = simulator;
    const simTrust = new TrustStore([sim.caCertificate]);
    const keyTrust = new TrustStore([...bundledTrust().all(), sim.caCertificate]);
    const ring = configureKeys(db, { trust: () => keyTrust, server: 'simulator', ...(secret ? { secret } : {}) });
    giveDemoKeys(db, sim, ring, secret, opts.logger);
    ring.warm();
    opts.logger.log('info', 'fiscal server simulator', { url: sim.url });
    return createDpsExchange({
      url: sim.url,
      keys: ring,
      trust: simTrust,
      serverTaxNumbers: [sim.serverTaxNumber],
      name: 'simulator',
      now: opts.now,
    });
  };
  const server = start();
  // A failure is the dispatcher's to report, each time it asks.
  server.catch(() => undefined);

  return {
    server,
    async close() {
      const exchange = await server.catch(() => undefined);
      exchange?.close();
      await simulator?.close();
    },
  };
}

/** A trust store read when first used: the 430 bundled CAs take a while, which a service that never signs need not pay. */
function lazyTrust(read: () => TrustStore): TrustStore {
  let store: TrustStore | undefined;
  return new Proxy({} as TrustStore, {
    get(_t, prop) {
      store ??= read();
      const v = Reflect.get(store, prop, store);
      return typeof v === 'function' ? v.bind(store) : v;
    },
  });
}

/**
 * Each demo register without a key gets one of the simulator's CA, the seller's seal, kept for
 * unattended work under the service's secret; without a secret (a demo on PostgreSQL) it is
 * unlocked in memory only. So there a demo key another back office on the same database gave (a
 * back office thread of this process or another process, each with a ring of its own) is unlocked
 * here too, with the demo's password: otherwise the documents this one makes would wait for a
 * signature only the giver's memory holds, and the giver never looks for them.
 */
function giveDemoKeys(db: Db, sim: HttpSimulator, ring: KeyRing, secret: ServiceSecret | undefined, logger: Logger): void {
  const seller = findSeller(db);
  if (!seller) return;
  const sql = keySql(db);
  const at = new Date().toISOString();
  for (const till of fiscalTills(db)) {
    const kept = sql.key.get(till.numprro);
    if (kept) {
      if (!secret && kept.loaded_by === 'demo') {
        const certificate = Buffer.from(kept.certificate_b64, 'base64');
        ring.unlock(till.numprro, openSigner(Buffer.from(kept.container_b64, 'base64'), DEMO_KEY_PASSWORD, [certificate]));
      }
      continue;
    }
    const issued = sim.issueKey({
      owner: seller.orgName,
      edrpou: seller.tin,
      password: DEMO_KEY_PASSWORD,
      iterations: DEMO_KEY_ROUNDS,
    });
    const cert = readCertificate(issued.certificate);
    inWriteTransaction(db, () => {
      sql.put.run({
        numprro: till.numprro,
        container_b64: issued.container.toString('base64'),
        certificate_b64: issued.certificate.toString('base64'),
        owner: cert.owner,
        drfo: cert.drfo,
        edrpou: cert.edrpou,
        issuer: cert.issuer,
        valid_from: cert.validFrom.toISOString().slice(0, 10),
        valid_to: cert.validTo.toISOString().slice(0, 10),
        loaded_at: at,
        loaded_by: 'demo',
        unattended_b64: secret ? secret.seal(DEMO_KEY_PASSWORD) : '',
      });
      sql.event.run({ numprro: till.numprro, at, user: 'demo', action: 'loaded', note: 'ключ симулятора для демонстрації' });
    });
    ring.unattendedChanged(till.numprro);
    if (!secret) ring.unlock(till.numprro, openSigner(issued.container, DEMO_KEY_PASSWORD, [issued.certificate]));
    logger.log('info', 'demo register given a key of the simulator', { numprro: till.numprro });
  }
}
