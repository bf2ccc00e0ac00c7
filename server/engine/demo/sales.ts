/**
 * The sales half of the demo shop, seeded after the catalog half (goods, stock, tills, users):
 * everything it writes goes through the same operations a till calls (server/engine/sales/demo).
 */
import type { Db } from '../../../shared-node/sql/db.js';
import { seedSalesDemo } from '../sales/demo/seed.js';

export function seedSales(db: Db, opts: { now?: Date }): void {
  seedSalesDemo(db, opts.now ?? new Date());
}
