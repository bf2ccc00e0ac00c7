/** The person a till's write is made by (header X-Cashier), as the documents name them. */
import type { Db } from '../../../../../shared-node/sql/db.js';
import { refuse } from '../../../../upstream/upstream.js';
import { directorySql } from '../../../catalog/directories/statements.js';

/** The signed-in cashier's name; undefined without one; refused for an id that names no user. */
export function actingCashier(db: Db, cashierId: number | undefined): string | undefined {
  if (cashierId === undefined) return undefined;
  const user = directorySql(db).user.get(cashierId);
  if (!user) throw refuse('headers.X-Cashier', 'cashier.unknown', { cashier: cashierId });
  return user.name;
}
