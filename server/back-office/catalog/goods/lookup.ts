/** Short questions about product codes: does it exist, is it excise, what is its UKTZED. */
import type { op } from '../../../../shared/contract/index.js';
import type { Db } from '../../../../shared-node/sql/db.js';
import type { Handler } from '../../handlers.js';
import { goodsSql } from './statements.js';

/** A code of a product card; extra codes are answered by pos.find_code. */
export const productExists: Handler<typeof op.checks.productExists> = ({ code }, { db }) => ({
  value: goodsSql(db).exists.get(code) ? '1' : '0',
});

/** An unknown or empty code carries no excise flag. */
export const isEtax: Handler<typeof op.pos.isEtax> = ({ code }, { db }) => ({
  value: String(goodsSql(db).excise.get(code)?.excise_input ?? 0),
});

/** In the order asked; codes that are not products are left out. */
export const checkoutUktzedRows: Handler<typeof op.pos.checkoutUktzedRows> = ({ codes }, { db }) => {
  const g = goodsSql(db);
  return { rows: codes.flatMap((code) => g.uktzed.get(code) ?? []) };
};

/** The product a code names, as its own code or as one of its extra codes; undefined for neither. */
export function productOfCode(db: Db, code: string): { code: string; name: string } | undefined {
  const g = goodsSql(db);
  return g.nameOf.get(code) ?? g.extraCodeOwner.get(code);
}
