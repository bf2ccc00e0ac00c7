/**
 * The demo shop: an empty database filled with a deterministic Ukrainian grocery for
 * development, end-to-end tests and benchmarks (`serve --demo [--goods N]`).
 */
import { createHash } from 'node:crypto';
import type { Db } from '../../../shared-node/sql/db.js';
import { setDeviceId } from '../sales/kernel/register/device.js';
import { seedCatalog } from './catalog.js';
import { seedSql } from './catalog-statements.js';
import { seedSales } from './sales.js';

export interface DemoOptions {
  /** Size of the catalogue (about 2,000 by default; 100,000 for benchmarks). */
  readonly goods?: number;
  /** The shop's "today": every date of the demo is counted back from it. */
  readonly now?: Date;
}

/** Does nothing on a database that already has goods: a till's data is never overwritten. */
/** The demo's device id at the tax server: any 64 hex characters; a real back office makes a random one. */
const DEMO_DEVICE_ID = createHash('sha256').update('cash desk demo shop').digest('hex');

export function seedDemo(db: Db, opts: DemoOptions = {}): void {
  if (seedSql(db).anyGoods.get()) return;
  // One transaction: a crash halfway leaves an empty database, which the next start fills again.
  db.transaction(() => {
    // A fixed device id (what its documents' UIDs are made with), so the demo makes the same shop every time.
    setDeviceId(db, DEMO_DEVICE_ID);
    seedCatalog(db, opts);
    seedSales(db, opts.now ? { now: opts.now } : {});
  })();
}
