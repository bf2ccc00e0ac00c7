/**
 * Caption settings: how a field is called in Russian and Ukrainian (translate_kupm), and the
 * same with the column width of grid views (translate_zap). One record per field name.
 */
import type { op } from '../../../../shared/contract/index.js';
import { refuse } from '../../../upstream/upstream.js';
import type { Handler } from '../../handlers.js';
import { deleteByKey, keyId, mustExist, saved } from './records.js';
import type { CaptionRow } from './statements.js';
import { directorySql } from './statements.js';

const LABEL = 'caption setting';

function checkField(fld: string, same: CaptionRow | undefined, id: number | undefined): string {
  const field = fld.trim();
  if (field === '') throw refuse('params.fld', 'caption.field_required');
  if (same && same.id !== id) throw refuse('params.fld', 'caption.field_taken', { field, key: same.id });
  return field;
}

/** An omitted width keeps the record's; a new record without one leaves the grid's default (0). */
export const saveZap: Handler<typeof op.catalog.translateZapSave> = ({ key, fld, rus, ukr, width }, { db }) => {
  const d = directorySql(db);
  if (width !== undefined && width < 0) throw refuse('params.width', 'caption.width_negative');
  const row = key === undefined ? undefined : mustExist(d.zap.get(keyId(key, LABEL)), key, LABEL);
  const field = checkField(fld, d.zapByField.get(fld.trim()), row?.id);
  if (!row) return saved('translate_zap', 1, d.insertZap.run({ fld: field, rus, ukr, width: width ?? 0 }).lastInsertRowid);
  d.updateZap.run({ id: row.id, fld: field, rus, ukr, width: width ?? row.width });
  return saved('translate_zap', 1, row.id);
};

export const deleteZap: Handler<typeof op.catalog.translateZapDelete> = ({ key }, { db }) =>
  deleteByKey(directorySql(db).deleteZap, 'translate_zap', LABEL, key);

export const saveKupm: Handler<typeof op.catalog.translateKupmSave> = ({ key, fld, rus, ukr }, { db }) => {
  const d = directorySql(db);
  const row = key === undefined ? undefined : mustExist(d.kupm.get(keyId(key, LABEL)), key, LABEL);
  const field = checkField(fld, d.kupmByField.get(fld.trim()), row?.id);
  if (!row) return saved('translate_kupm', 1, d.insertKupm.run({ fld: field, rus, ukr }).lastInsertRowid);
  d.updateKupm.run({ id: row.id, fld: field, rus, ukr });
  return saved('translate_kupm', 1, row.id);
};

export const deleteKupm: Handler<typeof op.catalog.translateKupmDelete> = ({ key }, { db }) =>
  deleteByKey(directorySql(db).deleteKupm, 'translate_kupm', LABEL, key);
