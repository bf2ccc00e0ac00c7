/**
 * The people at a till (issue 10): a cashier signs in with a PIN, and a manager confirms, with a
 * PIN, what a cashier may not do alone. Both are writes because every attempt is counted (a
 * wrong PIN is an answer, not a refusal, so the count commits) and a confirmation is recorded.
 */
import { defineOp } from '../dsl/operation.js';
import { INT32_MAX, int, oneOf, opt, req, str } from '../dsl/params.js';
import { cols, rows } from '../dsl/results.js';

const maybeTime = { format: 'date-time', nullable: true } as const;

const pin = str(12, { min: 4, format: 'digits' });
const card = req(str(45, { min: 1 }));

/** What a manager's confirmation may be for; each is checked where that action is performed. */
export const CONFIRM_ACTIONS = oneOf(
  'cash_withdrawal',
  'return',
  'prro_change',
  'prro_bulk_status',
  'key_unlock',
  'key_settings',
  'manual_price',
);

/** The outcomes of a PIN check, shared by sign-in and confirmation. */
export const PIN_OUTCOMES = oneOf('signed_in', 'confirmed', 'wrong_pin', 'locked').values;

export const peopleOperations = [
  defineOp({
    name: 'pos.cashier_sign_in',
    kind: 'write',
    scope: 'pos.write',
    origin: 'project',
    summary:
      "A cashier signs in at a till with the login card and PIN: the answer names the user the till's writes then carry (header X-Cashier).",
    params: { kasm: req(int(1, INT32_MAX)), card, pin: req(pin) },
    result: rows(
      cols(['outcome', 'attempts_left', 'locked_until', 'user_id', 'name', 'role', 'shift_id', 'shift_cashier'], {
        locked_until: maybeTime,
      }),
    ),
    projectDefined: [
      'why: every receipt, document and queued write carries the person who made it, not the API key',
      'result: one row; outcome signed_in, wrong_pin (attempts_left) or locked (locked_until); after 5 wrong PINs in a row the user is locked for 5 minutes',
      'role: manager (access level at or above the shop setting manager_level, 5 by default) or cashier; shift_id and shift_cashier: the open shift of the till, if any',
      'a write carrying header X-Cashier: <user_id> is recorded under that user: receipts, fiscal documents (CASHIER), cash moves and returns; without it, under the cashier of the open shift',
    ],
  }),
  defineOp({
    name: 'pos.manager_confirm',
    kind: 'write',
    scope: 'pos.write',
    origin: 'project',
    summary:
      'A manager confirms with a PIN one action a cashier may not do alone; the one-time confirmation id is then given to that action.',
    params: {
      kasm: req(int(1, INT32_MAX)),
      card,
      pin: req(pin),
      action: req(CONFIRM_ACTIONS),
      subject: opt(str(255, { noControl: true }), ''),
    },
    result: rows(
      cols(['outcome', 'attempts_left', 'locked_until', 'confirmation_id', 'manager', 'expires_at'], {
        locked_until: maybeTime,
        expires_at: maybeTime,
      }),
    ),
    projectDefined: [
      'why: cash out, a return above the limit, a change to a fiscal document and a bulk status change need a manager at that moment, and the shop must know who confirmed',
      'action: cash_withdrawal (pos.cash_withdrawal), return (pos.checkout_return above the shop setting return_manager_limit, 1000.00 by default), prro_change and prro_bulk_status (sent as header X-Manager-Confirmation with the PRRO queue writes, recorded in pos.prro_doc_audit), key_unlock and key_settings (the same header, with pos.prro_key_unlock and the settings.prro_key_* writes), manual_price (the same header, with the disc_price or disc_percent of pos.checkout_apply_sale_line, or with a pos.checkout_close_sale whose lines are below the price of their card with no discount recorded); a manual price at the till has its own confirmation (pos.checkout_manual_price)',
      'subject: what is confirmed, in words (e.g. the amount); kept with the confirmation',
      'result: one row; outcome confirmed, wrong_pin or locked as for pos.cashier_sign_in; a confirmation is used once, within 10 minutes, for its action at its till',
    ],
  }),
] as const;
