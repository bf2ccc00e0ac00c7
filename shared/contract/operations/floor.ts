/**
 * Operations the till floor needs beyond the spec (issue 9), added to the spec's groups as
 * project-defined operations: the catalogue a till keeps for selling offline, the shortages a sale
 * beyond the books leaves, a manager-confirmed price change, the manager PINs behind it, and the
 * formats of excise stamps the shop accepts.
 */

import { MAX_STAMP_LENGTH } from '../../excise/stamp-format.js';
import { defineOp } from '../dsl/operation.js';
import { dec, INT32_MAX, int, list, oneOf, opt, req, str } from '../dsl/params.js';
import { cols, dateTime, money, pct, qty, rows, status, tagged } from '../dsl/results.js';

const pin = str(12, { min: 4, format: 'digits' });

export const floorOperations = [
  defineOp({
    name: 'settings.excise_stamp_masks_save',
    kind: 'write',
    scope: 'settings.write',
    origin: 'project',
    summary:
      "Sets the formats of excise stamps the shop's tills and back office accept, as masks: A a capital Latin letter, 9 a digit, any other character itself. No masks: the default format.",
    params: {
      masks: req(list(str(MAX_STAMP_LENGTH, { min: 1, noControl: true }), 0, 16, true)),
    },
    result: status('affected'),
    projectDefined: [
      'why: what a 2D scanner returns varies by stamp generation, so the accepted formats are configuration; they were a row of shop_settings no operation could set',
      'masks: an empty list restores the default, AAAA999999 9999999999 (the DPS sample); the tills receive the masks as the SETTING excise_stamp_masks of goods.catalog_changes',
      'refusals: a mask with no letter position (it would take a bare number for a stamp), with a ; (the stored separator), or with a character the fiscal document cannot write as itself (outside windows-1251, or one it writes as another)',
    ],
  }),
  defineOp({
    name: 'goods.catalog_changes',
    kind: 'read',
    scope: 'pos.read',
    origin: 'project',
    summary:
      "What changed in the till's catalogue after a cursor: goods with price, stock, PLU and age limit, extra barcodes, discount cards and the settings a till applies.",
    params: {
      since: opt(int(0, INT32_MAX), 0),
      limit: opt(int(1, 5000), 2000),
    },
    result: tagged({
      GOODS: cols(
        ['seq', 'code', 'name', 'unit_type', 'price', 'weighted', 'plu', 'excise_input', 'age_limit', 'stock', 'deleted'],
        { price: money, stock: qty },
      ),
      CODE: cols(['seq', 'extra_code', 'code', 'deleted']),
      CARD: cols(['seq', 'card', 'holder', 'discount_percent', 'debt', 'debt_limit', 'bonus', 'deleted'], {
        discount_percent: pct,
        debt: money,
        debt_limit: money,
        bonus: money,
      }),
      SETTING: cols(['seq', 'key', 'value', 'deleted']),
      END: cols(['seq', 'more']),
    }),
    projectDefined: [
      'why: a till sells any product while the back office is unreachable, from a full local copy it keeps current',
      'since: the seq of the last END row read (0: everything); every object appears once, at its latest change',
      'result: one row per changed object in seq order, then END with the cursor for the next call and more = 1 while rows were left out by limit',
      'result: stock is the quantity on hand in the main storage; deleted = 1 says the object is gone (its other columns are empty)',
      'result: SETTING rows carry the shop settings a till applies itself: excise_stamp_masks, cash_rounding_steps (`2018-07-01:0.10;2025-10-01:0.50`)',
    ],
  }),
  defineOp({
    name: 'goods.shortages',
    kind: 'read',
    scope: 'inventory.read',
    origin: 'project',
    summary: 'Sales closed beyond what the books held: what was short, of which product, on which receipt, newest first.',
    params: {
      code: opt(str(128), ''),
      limit: opt(int(1, 5000), 200),
    },
    result: rows(
      cols(['id', 'code', 'name', 'sk', 'quantity', 'stock_before', 'stock_now', 'check_number', 'at'], {
        quantity: qty,
        stock_before: qty,
        stock_now: qty,
        at: dateTime,
      }),
    ),
    projectDefined: [
      'why: a sale the cashier closed is never refused for stock; the shortage it leaves is recorded for the manager to reconcile',
      'code: one product, or empty for every product',
      'result: quantity is what the books lacked for that sale, stock_before what they said just before, stock_now what they say now',
    ],
  }),
  defineOp({
    name: 'pos.checkout_manual_price',
    kind: 'write',
    scope: 'pos.write',
    origin: 'project',
    summary:
      'A price change or a discount on a line of a sale, confirmed by a manager with a PIN, recorded with who confirmed it, and applied to the line.',
    params: {
      ndoc: req(str(4096)),
      code: req(str(512)),
      kasm: opt(int(), 0),
      quant: req(dec('unit', 32, { signed: false, minValue: '0', exclusiveMin: true, maxValue: '1000000' })),
      price: opt(dec('cur', 32, { signed: false })),
      percent: opt(dec('pct', 32, { signed: false, maxValue: '100' })),
      disc_card: opt(str(512), ''),
      reason: opt(str(255), ''),
      manager_card: req(str(45, { min: 1 })),
      pin: req(pin),
    },
    result: rows(
      cols(
        [
          'outcome',
          'attempts_left',
          'locked_until',
          'confirmation_id',
          'manager',
          'code',
          'quantity',
          'list_price',
          'price',
          'discount_percent',
          'discount',
          'sum',
        ],
        { list_price: money, price: money, discount_percent: pct, discount: money, sum: money, quantity: qty },
      ),
    ),
    projectDefined: [
      'why: a manual price or discount needs a manager, and the shop must know who allowed it',
      'params: exactly one of price (a new unit price, at most the list price) and percent (a discount)',
      'result: one row; outcome is confirmed, wrong_pin or locked. A wrong PIN is an answer, not a refusal, because the failed attempt must be counted (a refusal rolls the write back); after 5 wrong PINs in a row the manager is locked for 5 minutes',
      'result: on confirmed, the line as priced and stored in the sale document, and the confirmation id; otherwise the line columns are empty',
    ],
  }),
  defineOp({
    name: 'catalog.users.set_pin',
    kind: 'write',
    scope: 'catalog.write',
    origin: 'project',
    summary: "Sets a user's confirmation PIN (stored only as a salted hash) and lifts a lockout.",
    params: { card: req(str(45, { min: 1 })), pin: req(pin) },
    result: status('catalog', 'affected'),
    projectDefined: [
      'why: a manager confirms a manual price or discount at a till with a PIN the back office checks',
      'card: the login card of the user',
    ],
  }),
] as const;

/** The result outcomes of pos.checkout_manual_price. */
export const MANUAL_PRICE_OUTCOMES = oneOf('confirmed', 'wrong_pin', 'locked').values;
