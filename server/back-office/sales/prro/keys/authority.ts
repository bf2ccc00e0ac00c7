/**
 * Who may handle a register's key: a user at manager level (a senior cashier is given that level),
 * signed in at the till (header X-Cashier), or a cashier with a manager's confirmation for that
 * action at that till (header X-Manager-Confirmation, spent by the write). An API client with no
 * people behind it (no X-Cashier) acts by its key's scope, as the PRRO queue's operations do.
 */
import { refuse } from '../../../../upstream/upstream.js';
import { directorySql } from '../../../catalog/directories/statements.js';
import { DEFAULT_MANAGER_LEVEL, isManager } from '../../../catalog/users/pins/pins.js';
import type { BackOfficeContext } from '../../../handlers.js';
import { momentOf } from '../../kernel/moment.js';
import { spendConfirmation } from '../../kernel/people/confirmations.js';
import { peopleSql } from '../../kernel/people/statements.js';

export type KeyAction = 'key_unlock' | 'key_settings';

/** Refuses early, before a container is opened, a cashier who is no manager and brings no confirmation. */
export function checkKeyAuthority(ctx: BackOfficeContext, _action: KeyAction, _kasm: number): void {
  if (ctx.cashier === undefined || ctx.confirmation !== undefined) return;
  const user = directorySql(ctx.db).user.get(ctx.cashier);
  if (!user) throw refuse('headers.X-Cashier', 'cashier.unknown', { cashier: ctx.cashier });
  if (!isManager(ctx.db, user)) {
    const min = peopleSql(ctx.db).setting.get('manager_level') ?? String(DEFAULT_MANAGER_LEVEL);
    throw refuse('headers.X-Cashier', 'key.not_manager', { name: user.name, min });
  }
}

/** Who acts, for the key's log; spends the manager's confirmation the write carries. */
export function keyAuthority(ctx: BackOfficeContext, action: KeyAction, kasm: number, usedBy: string): string {
  checkKeyAuthority(ctx, action, kasm);
  const actor = ctx.cashier === undefined ? ctx.user : (directorySql(ctx.db).user.get(ctx.cashier)?.name ?? ctx.user);
  if (ctx.confirmation === undefined) return actor;
  const manager = spendConfirmation(ctx.db, {
    id: ctx.confirmation,
    action,
    kasm,
    usedBy,
    moment: momentOf(ctx),
    path: 'headers.X-Manager-Confirmation',
  });
  return `${actor} (підтвердив ${manager})`;
}
