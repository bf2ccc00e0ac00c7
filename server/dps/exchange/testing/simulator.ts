/** For the exchange's tests: the HTTP simulator over an in-memory database, and an adapter pointed at it. */
import Database from 'better-sqlite3';
import { migrate } from '../../../../shared-node/sqlite/migrate.js';
import type { KeyProvider } from '../../port.js';
import { TrustStore } from '../../signing/trust.js';
import { startSimulator } from '../../simulator/http/server.js';
import type { Registry } from '../../simulator/registry.js';
import { simulatorMigrations } from '../../simulator/schema.js';
import { createDpsExchange, type DpsExchangeOptions } from '../dps-exchange.js';

export async function simulatorForTests(registry: Registry, offlineSessionHours?: number) {
  const db = new Database(':memory:');
  migrate(db, simulatorMigrations);
  const sim = await startSimulator({ db, registry, ...(offlineSessionHours ? { offlineSessionHours } : {}) });
  return { db, sim };
}

type Sim = Awaited<ReturnType<typeof simulatorForTests>>['sim'];

/** The adapter as the back office would set it up for the simulator: its CA trusted, its server's ЄДРПОУ expected. */
export const exchangeFor = (sim: Sim, keys: KeyProvider, extra: Partial<DpsExchangeOptions> = {}) =>
  createDpsExchange({
    url: sim.url,
    keys,
    trust: new TrustStore([sim.caCertificate]),
    serverTaxNumbers: [sim.serverTaxNumber],
    timeoutMs: 5_000,
    ...extra,
  });

/** The fiscal number the server holds at a local number: null where none, undefined where it could not be asked. */
export async function fiscalAt(dps: ReturnType<typeof createDpsExchange>, numprro: string, localNum: number) {
  const a = await dps.documentInfo(numprro, localNum);
  return a.kind === 'answer' ? a.value.NumFiscal : a.kind === 'absent' ? null : undefined;
}
