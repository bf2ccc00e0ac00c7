/** Workplace profiles (TP) and who a user is. */

import { localDateTime } from '../../../../shared/time/zone.js';
import { refuse } from '../../../upstream/upstream.js';
import type { BackOfficeContext, Handler } from '../../handlers.js';
import { checkUserCard } from '../directories/users.js';
import { settingsSql } from './statements.js';

function userOf(ctx: BackOfficeContext, id: number) {
  const user = settingsSql(ctx.db).user.get(id);
  if (!user) throw refuse('params.target_user_id', 'user.unknown', { user: id });
  return user;
}

/** Replaces whatever profile the user had with the shop's defaults. */
export const initUserTp: Handler<'settings.init_user_tp'> = ({ target_user_id }, ctx) => {
  const s = settingsSql(ctx.db);
  userOf(ctx, target_user_id);
  s.putProfile.run({
    user_id: target_user_id,
    name: s.setting.get('tp_default_name')?.value ?? '',
    dopinf: s.setting.get('tp_default_dopinf')?.value ?? '',
    updated_at: localDateTime(ctx.now(), ctx.timeZone),
  });
  return { status: { affected: '1' } };
};

/** `ind` is the user whose profile it is; an empty `nt` or `dopinf` keeps what the profile has. */
export const saveTp: Handler<'settings.save_tp'> = ({ ind, mode, nt, dopinf }, ctx) => {
  const s = settingsSql(ctx.db);
  const profile = s.profile.get(ind);
  if (!profile) throw refuse('params.ind', 'user.no_profile', { user: ind });
  s.putProfile.run({
    user_id: ind,
    name: nt.trim() || profile.name,
    dopinf: dopinf || profile.dopinf,
    updated_at: localDateTime(ctx.now(), ctx.timeZone),
  });
  return { status: { mode, affected: '1' } };
};

/** An empty `typex` keeps the user's type. */
export const saveUserIdentity: Handler<'settings.save_user_identity'> = ({ card, nt, target_user_id, typex }, ctx) => {
  const user = userOf(ctx, target_user_id);
  const name = nt.trim();
  if (name === '') throw refuse('params.nt', 'user.name_required');
  const c = checkUserCard(ctx.db, card, target_user_id);
  settingsSql(ctx.db).setIdentity.run({ id: target_user_id, name, card: c, typex: typex.trim() || user.typex });
  return { status: { affected: '1' } };
};
