/**
 * pos.cashier_sign_in and pos.manager_confirm. Both check a PIN through the one PIN check of the
 * back office (catalog/users/pins): salted hash, attempts counted, a lockout after five wrong ones.
 * A wrong PIN is an answer, not a refusal, so the counted attempt commits.
 */

import { localDateTime } from '../../../../shared/time/zone.js';
import { checkPin, isManager, type PinCheck, requireManager, userByCard } from '../../catalog/users/pins/pins.js';
import type { HandlerGroup } from '../../handlers.js';
import { momentOf } from '../kernel/moment.js';
import { CONFIRMATION_MS } from '../kernel/people/confirmations.js';
import { peopleSql } from '../kernel/people/statements.js';
import { shiftSql } from '../kernel/shifts/statements.js';

type Failed = Exclude<PinCheck, { outcome: 'confirmed' }>;

const failure = (check: Failed, timeZone: string) =>
  check.outcome === 'wrong_pin'
    ? { outcome: 'wrong_pin', attempts_left: String(check.attemptsLeft), locked_until: null }
    : { outcome: 'locked', attempts_left: '0', locked_until: localDateTime(new Date(check.until), timeZone) };

export const peopleHandlers: HandlerGroup<'pos.cashier_sign_in' | 'pos.manager_confirm'> = {
  'pos.cashier_sign_in': (p, ctx) => {
    const user = userByCard(ctx.db, p.card, 'params.card');
    const check = checkPin(ctx.db, user, p.pin, ctx.now(), 'params.pin');
    if (check.outcome !== 'confirmed') {
      return {
        rows: [{ ...failure(check, ctx.timeZone), user_id: '', name: '', role: '', shift_id: '', shift_cashier: '' }],
      };
    }
    const shift = shiftSql(ctx.db).open.get(p.kasm);
    return {
      rows: [
        {
          outcome: 'signed_in',
          attempts_left: '',
          locked_until: null,
          user_id: String(user.id),
          name: user.name,
          role: isManager(ctx.db, user) ? 'manager' : 'cashier',
          shift_id: shift ? String(shift.id) : '',
          shift_cashier: shift?.cashier ?? '',
        },
      ],
    };
  },
  'pos.manager_confirm': (p, ctx) => {
    const manager = userByCard(ctx.db, p.card, 'params.card');
    requireManager(ctx.db, manager, 'params.card');
    const moment = momentOf(ctx);
    const check = checkPin(ctx.db, manager, p.pin, moment.at, 'params.pin');
    if (check.outcome !== 'confirmed') {
      return { rows: [{ ...failure(check, ctx.timeZone), confirmation_id: '', manager: '', expires_at: null }] };
    }
    const expires = new Date(moment.at.getTime() + CONFIRMATION_MS);
    const { lastInsertRowid } = peopleSql(ctx.db).insert.run({
      kasm: p.kasm,
      action: p.action,
      subject: p.subject,
      manager_id: manager.id,
      manager_name: manager.name,
      cashier_id: ctx.cashier ?? null,
      created_at: moment.iso,
      expires_at: expires.toISOString(),
    });
    const id = Number(lastInsertRowid);
    return {
      rows: [
        {
          outcome: 'confirmed',
          attempts_left: '',
          locked_until: null,
          confirmation_id: String(id),
          manager: manager.name,
          expires_at: localDateTime(expires, ctx.timeZone),
        },
      ],
    };
  },
};
