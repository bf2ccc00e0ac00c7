/**
 * settings.excise_stamp_masks_save: the stamp formats a shop accepts. The masks are refused here
 * rather than left out later (as the shared rule does with a mask it cannot use, for a value
 * written some other way), so a manager learns at once that a format would never take a stamp.
 * The tills get the saved value through the catalogue's change log (the shop_settings triggers).
 */

import type { op } from '../../../../shared/contract/index.js';
import { isUsableMask } from '../../../../shared/excise/stamp-format.js';
import { fitsCp1251 } from '../../../../shared/fiscal/cp1251.js';
import { refuse } from '../../../upstream/upstream.js';
import type { Handler } from '../../handlers.js';
import { STAMP_MASKS_SETTING } from './format.js';
import { exciseSql } from './statements.js';

/** How the masks are stored, and so a character no mask may hold. */
const SEPARATOR = ';';

export const saveStampMasks: Handler<typeof op.settings.exciseStampMasksSave> = ({ masks }, { db }) => {
  masks.forEach((mask, i) => {
    const path = `params.masks[${i}]`;
    if (mask.includes(SEPARATOR)) throw refuse(path, 'excise.mask_separator', { mask });
    if (!mask.includes('A')) throw refuse(path, 'excise.mask_no_letter', { mask });
    if (!fitsCp1251(mask)) throw refuse(path, 'excise.mask_unwritable', { mask });
    // Whatever else the shared rule would leave out (it is the one the tills apply).
    if (!isUsableMask(mask)) throw refuse(path, 'excise.mask_unwritable', { mask });
  });
  const sql = exciseSql(db);
  if (masks.length === 0) sql.deleteSetting.run(STAMP_MASKS_SETTING);
  else sql.saveSetting.run(STAMP_MASKS_SETTING, masks.join(SEPARATOR));
  return { status: { affected: '1' } };
};
