/**
 * The sales half of the demo shop, seeded after the catalog half (goods, stock, tills, users):
 * what a till can do it does through the same operations a till calls (./sales/, which lies above
 * the sales engine: nothing in server/back-office/sales imports it).
 */
import type { Db } from '../../../shared-node/sql/db.js';
import { seedSalesDemo } from './sales/seed.js';

export function seedSales(db: Db, opts: { now?: Date }): void {
  seedSalesDemo(db, opts.now ?? new Date());
}
