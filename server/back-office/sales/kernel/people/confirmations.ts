/**
 * Using a manager's confirmation (pos.manager_confirm) for the action it was given for: once,
 * at its till, before it expires. Refused otherwise, so the write that needed it is not made.
 */
import type { Db } from '../../../../../shared-node/sql/db.js';
import { refuse } from '../../../../upstream/upstream.js';
import type { BackOfficeContext } from '../../../handlers.js';
import { type Moment, momentOf, shownAt } from '../moment.js';
import { actingCashier } from './actor.js';
import { peopleSql } from './statements.js';

/** How long a confirmation stays usable: the manager is at the till, the action follows at once. */
export const CONFIRMATION_MS = 10 * 60_000;

export interface ConfirmationUse {
  readonly id: number;
  readonly action: string;
  /** The till it must have been given at; undefined where the write names no till (the PRRO queue's). */
  readonly kasm?: number;
  /** What uses it, kept with the confirmation (e.g. "return:4"). */
  readonly usedBy: string;
  readonly moment: Moment;
  readonly path: string;
}

/** Marks the confirmation used and answers the manager's name; refuses one that does not fit. */
export function spendConfirmation(db: Db, u: ConfirmationUse): string {
  const sql = peopleSql(db);
  const row = sql.get.get(u.id);
  if (!row || row.action !== u.action || (u.kasm !== undefined && row.kasm !== u.kasm)) {
    throw refuse(u.path, 'confirmation.unknown', { id: u.id, action: u.action, kasm: u.kasm ?? row?.kasm ?? 0 });
  }
  if (row.used_at !== null) {
    throw refuse(u.path, 'confirmation.used', { id: u.id, at: shownAt(row.used_at, u.moment.timeZone) });
  }
  if (Date.parse(row.expires_at) <= u.moment.at.getTime()) {
    throw refuse(u.path, 'confirmation.expired', { id: u.id, at: shownAt(row.expires_at, u.moment.timeZone) });
  }
  sql.use.run(u.moment.iso, u.usedBy, u.id);
  return row.manager_name;
}

/** The amount above which a return needs a manager: the shop setting return_manager_limit. */
export const returnManagerLimit = (db: Db): string => peopleSql(db).setting.get('return_manager_limit') ?? '1000.00';

/**
 * Who changes a PRRO queue document, for its audit trail: the signed-in cashier (else the API
 * key's name), and the manager whose confirmation the write carries (header
 * X-Manager-Confirmation), which the change spends. The spec's queue operations keep their
 * parameters, so the confirmation travels as a header and is checked when it is sent.
 */
export function queueChanger(
  ctx: BackOfficeContext,
  action: 'prro_change' | 'prro_bulk_status',
  usedBy: string,
): { readonly user: string; readonly note: string } {
  const user = actingCashier(ctx.db, ctx.cashier) ?? ctx.user;
  if (ctx.confirmation === undefined) return { user, note: '' };
  const manager = spendConfirmation(ctx.db, {
    id: ctx.confirmation,
    action,
    usedBy,
    moment: momentOf(ctx),
    path: 'headers.X-Manager-Confirmation',
  });
  return { user, note: `confirmed by ${manager}` };
}
