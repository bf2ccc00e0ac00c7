/** Users of the shop. The login card is unique: scanning it must name one person. */
import type { op } from '../../../../shared/contract/index.js';
import type { Db } from '../../../../shared-node/sql/db.js';
import { refuse } from '../../../upstream/upstream.js';
import { dec, toDb } from '../../decimal.js';
import type { Handler } from '../../handlers.js';
import { deleteByKey, keyId, mustExist, saved } from './records.js';
import { directorySql, type UserRow } from './statements.js';

const CATALOG = 'users';
const LABEL = 'user';

/** The one-line rule of every write that gives a user a card. */
export function checkUserCard(db: Db, card: string, userId: number | undefined): string {
  const c = card.trim();
  if (c === '') throw refuse('params.card', 'user.card_required');
  const owner = directorySql(db).userByCard.get(c);
  if (owner && owner.id !== userId) throw refuse('params.card', 'user.card_taken', { card: c, owner: owner.name });
  return c;
}

/** Omitted optional members keep what the record has; a new user gets kf 1 and no till. */
export const saveUser: Handler<typeof op.catalog.usersSave> = (p, { db }) => {
  const d = directorySql(db);
  const row = p.key === undefined ? undefined : mustExist(d.user.get(keyId(p.key, LABEL)), p.key, LABEL);
  const name = p.nt.trim();
  if (name === '') throw refuse('params.nt', 'user.name_required');
  const card = checkUserCard(db, p.card, row?.id);
  if (p.level.trim() === '') throw refuse('params.level', 'user.level_required');
  // The spec allows a minus ("optional minus, digits, optional fraction"): a negative coefficient is stored as sent.
  const kf = p.kf === undefined ? undefined : dec(p.kf);
  if (p.kasx !== undefined && p.kasx !== 0 && !d.tillExists.get(p.kasx)) {
    throw refuse('params.kasx', 'till.no_such', { kasm: p.kasx });
  }
  const values: Omit<UserRow, 'id'> = {
    name,
    card,
    level: p.level.trim(),
    rekv: p.rekv ?? row?.rekv ?? '',
    kf: kf === undefined ? (row?.kf ?? 1_000_000) : toDb(kf, 'ratio'),
    kasx: p.kasx ?? row?.kasx ?? 0,
    typex: p.typex ?? row?.typex ?? '',
    tel: p.tel ?? row?.tel ?? '',
  };
  if (!row) return saved(CATALOG, 1, d.insertUser.run(values).lastInsertRowid);
  d.updateUser.run({ ...values, id: row.id });
  return saved(CATALOG, 1, row.id);
};

export const deleteUser: Handler<typeof op.catalog.usersDelete> = ({ key }, { db }) =>
  deleteByKey(directorySql(db).deleteUser, CATALOG, LABEL, key);
