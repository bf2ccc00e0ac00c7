/** Counterparties (suppliers, customers): a unique name and requisites for printed documents. */
import type { op } from '../../../../shared/contract/index.js';
import { refuse } from '../../../upstream/upstream.js';
import type { Handler } from '../../handlers.js';
import { deleteByKey, keyId, mustExist, saved } from './records.js';
import { directorySql } from './statements.js';

const CATALOG = 'contrag';
const LABEL = 'counterparty';

/** Omitted requisites keep what the record has. */
export const saveCounterparty: Handler<typeof op.catalog.contragSave> = ({ key, nt, rekv }, { db }) => {
  const d = directorySql(db);
  const name = nt.trim();
  if (name === '') throw refuse('params.nt', 'counterparty.name_required');
  const same = d.counterpartyByName.get(name);
  if (key === undefined) {
    if (same) throw refuse('params.nt', 'counterparty.name_taken', { name, key: same.id });
    return saved(CATALOG, 1, d.insertCounterparty.run({ name, rekv: rekv ?? '' }).lastInsertRowid);
  }
  const row = mustExist(d.counterparty.get(keyId(key, LABEL)), key, LABEL);
  if (same && same.id !== row.id) {
    throw refuse('params.nt', 'counterparty.name_taken', { name, key: same.id });
  }
  d.updateCounterparty.run({ id: row.id, name, rekv: rekv ?? row.rekv });
  return saved(CATALOG, 1, row.id);
};

export const deleteCounterparty: Handler<typeof op.catalog.contragDelete> = ({ key }, { db }) =>
  deleteByKey(directorySql(db).deleteCounterparty, CATALOG, LABEL, key);

export const templateContractors: Handler<typeof op.pos.templateContractors> = (_p, { db }) => ({
  rows: directorySql(db).counterpartyNames.all(),
});

/** The requisites as one block of text, the way the template prints them. */
export const templateContractorRekv: Handler<typeof op.pos.templateContractorRekv> = ({ nt }, { db }) => {
  const c = directorySql(db).counterpartyByName.get(nt.trim());
  return { rows: c ? [{ details: c.rekv }] : [] };
};
