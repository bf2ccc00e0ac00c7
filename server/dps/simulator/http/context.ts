/** What the HTTP simulator's handlers share: its database and books, its CA and server key, its registry. */
import type { Db } from '../../../../shared-node/sql/db.js';
import type { Ledger } from '../ledger.js';
import type { Registry, RegistryEntry } from '../registry.js';
import type { SimulatorSql } from '../statements.js';
import type { Authority } from './authority.js';

export interface Context {
  readonly db: Db;
  readonly sql: SimulatorSql;
  readonly ledger: Ledger;
  readonly authority: Authority;
  readonly registry: Registry;
  readonly now: () => Date;
  /** The registry's entry; for a register the server has seen and the registry no longer names, its seller as kept. */
  entryOf(numprro: string): RegistryEntry | undefined;
}
