/**
 * The back office's half of the excise stamp format rule (shared/excise/stamp-format.ts, the one
 * rule the till applies too): the shop's accepted masks come from the shop setting
 * `excise_stamp_masks` (masks separated by `;`), the defaults otherwise; a product's own code is
 * never a stamp.
 */
import { maskExample, parseStampMasks, stampFormatProblem } from '../../../../shared/excise/stamp-format.js';
import type { Db } from '../../../../shared-node/sql/db.js';
import { refuse } from '../../../upstream/upstream.js';
import { productOfCode } from '../../catalog/index.js';
import { exciseSql } from './statements.js';

export const STAMP_MASKS_SETTING = 'excise_stamp_masks';

export const stampMasks = (db: Db): readonly string[] => parseStampMasks(exciseSql(db).setting.get(STAMP_MASKS_SETTING));

/** Refuses what is not a stamp: a product's code (of this shop or any barcode), a bare number, another format. */
export function checkStampFormat(db: Db, mark: string, path: string): void {
  const product = productOfCode(db, mark);
  if (product) throw refuse(path, 'excise.product_code', { mark, code: product.code, name: product.name });
  const masks = stampMasks(db);
  if (stampFormatProblem(mark, masks) !== undefined) {
    throw refuse(path, 'excise.format', { mark, formats: masks.map(maskExample).join(', ') });
  }
}
