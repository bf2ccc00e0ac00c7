/** Groups `discounts`, `finance`, `service`. */
import { defineOp } from '../dsl/operation.js';
import { dec, int, opt, ours, req, str } from '../dsl/params.js';
import { cols, ratio, rows, rowsUncounted, status } from '../dsl/results.js';
import { OPEN_DECIMAL, OPEN_TEXT, openLengths } from './bounds.js';

/** How a debt repaid in cash is taken, as pos.debt_pay_cash takes it. */
const DEBT_CASH =
  'the cash is rounded by the NBU rule, each receipt’s part as its repayment receipt says, and the detail then names the cash taken and the rounding (12.34 paid as 12.30: -0.04); a sale the tax server has not numbered yet is repaid all the same, its receipt naming the number once the sale has it';

export const discountOperations = [
  defineOp({
    name: 'discounts.bonus_comments',
    kind: 'read',
    scope: 'finance.read',
    summary: 'Comments used on bonus movements.',
    params: {},
    result: rowsUncounted(cols(['comment'])),
  }),
  defineOp({
    name: 'discounts.delete_extra_value',
    kind: 'write',
    scope: 'finance.write',
    summary: 'Deletes an extra value of a discount card.',
    params: { code: req(str(512)), nt: req(str(512)) },
    result: status('affected'),
  }),
  defineOp({
    name: 'discounts.import_card_ignore',
    kind: 'write',
    scope: 'finance.write',
    summary: 'Imports a discount card; an existing card of that number is left as it is.',
    params: {
      code: req(str(512)),
      df: opt(str(OPEN_TEXT), ''),
      di: opt(str(OPEN_TEXT), ''),
      do: opt(str(OPEN_TEXT), ''),
      dopinf: opt(str(4096), ''),
      tel: opt(str(undefined, { format: 'phone', allowEmpty: true }), ''),
      birth_date: opt(str(512, { format: 'date', allowEmpty: true }), ''),
      isdolg: opt(int(), 0),
      disc: opt(dec('pct', OPEN_DECIMAL)),
      maxdolg: opt(dec('cur', OPEN_DECIMAL)),
      sumpok: opt(dec('cur', OPEN_DECIMAL)),
    },
    result: status('affected'),
    projectDefined: [
      'result: status affected, "1" when the card was created, "0" when it existed',
      openLengths(['df', 'di', 'do'], ['disc', 'maxdolg', 'sumpok'], 'dopinf S4096, as in settings.save_tp'),
    ],
  }),
] as const;

const paid = status('affected', 'detail');

export const financeOperations = [
  defineOp({
    name: 'finance.discount_debt_cash_line',
    kind: 'write',
    scope: 'finance.write',
    summary: 'Takes cash into a cash box against the debt of one receipt of a card.',
    params: {
      card: ours(req(str(512)), 'the discount card'),
      nc: ours(req(int(1)), 'the receipt number whose debt is paid'),
      kas: ours(req(str(512)), 'the cash box receiving the cash'),
      sum: ours(opt(dec('cur', 4096)), 'omitted: the whole remaining debt of that receipt'),
    },
    result: paid,
    projectDefined: ['scope: finance.write as the group', 'params: not shown in the spec', DEBT_CASH],
  }),
  defineOp({
    name: 'finance.discount_debt_cash_pay',
    kind: 'write',
    scope: 'finance.write',
    summary: "Takes cash into a cash box against a card's debt, oldest receipts first.",
    params: { card: opt(str(512), ''), kas: opt(str(512), ''), sum: opt(dec('cur', 4096)) },
    result: paid,
    projectDefined: [DEBT_CASH],
  }),
  defineOp({
    name: 'finance.invoice_currency',
    kind: 'read',
    scope: 'finance.read',
    summary: 'Currency and exchange rate of an invoice.',
    params: { nn: opt(str(512), '') },
    result: rows(cols(['exchange_rate', 'currency'], { exchange_rate: ratio })),
  }),
  defineOp({
    name: 'finance.pay_contrag_invoice',
    kind: 'write',
    scope: 'finance.write',
    summary: 'Pays a counterparty for an invoice from a cash box.',
    params: {
      nn: opt(str(512), ''),
      contrag: opt(str(512), ''),
      fromkas: opt(str(512), ''),
      com1: opt(str(512), ''),
      sum: opt(dec('cur', 4096)),
    },
    result: paid,
    projectDefined: [
      "payee: an invoice is paid to its supplier (another contrag is refused, payment.not_supplier); an invoice without one to the directory's counterparty named by contrag, else refused (payment.invoice_no_supplier)",
    ],
  }),
] as const;

export const serviceOperations = [
  defineOp({
    name: 'service.ping',
    kind: 'read',
    scope: 'diagnostics.read',
    summary: 'Checks that the client database answers.',
    params: {},
    result: status(),
  }),
] as const;
