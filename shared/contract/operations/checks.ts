/** Groups `print_templates`, `checks`, `generators`: lookups with a single answer. */
import { defineOp } from '../dsl/operation.js';
import { INT32_MAX, int, oneOf, ours, req, str } from '../dsl/params.js';
import { money, scalar } from '../dsl/results.js';

export const printTemplateOperations = [
  defineOp({
    name: 'print_templates.count_receipt',
    kind: 'read',
    scope: 'settings.read',
    summary: 'How many receipt templates exist for a kind of printer.',
    params: { kind: req(oneOf('dprinter', 'prro', 'android', 'android_prro')) },
    result: scalar(undefined, 'the number of templates, as a string'),
    projectDefined: ['result: scalar count'],
  }),
] as const;

export const checkOperations = [
  defineOp({
    name: 'checks.branch_product_exists',
    kind: 'read',
    scope: 'inventory.read',
    summary: 'Whether a product is stocked in a branch: "1" or "0".',
    params: { code: req(str(190)), branch_id: req(int(1, INT32_MAX)) },
    result: scalar(undefined, '"1" or "0"'),
  }),
  defineOp({
    name: 'checks.cash_balance',
    kind: 'read',
    scope: 'finance.read',
    summary: 'Balance of a cash box.',
    params: { kas: req(str(190)) },
    result: scalar(money, 'decimal-string, currency'),
  }),
  defineOp({
    name: 'checks.discount_debt',
    kind: 'read',
    desk: { cachedOffline: true },
    scope: 'finance.read',
    summary: 'Debt of a discount card.',
    params: { code: req(str(128)) },
    result: scalar(money, 'decimal-string, currency'),
  }),
  defineOp({
    name: 'checks.fop_year_turnover',
    kind: 'read',
    scope: 'finance.read',
    summary: 'Fiscal turnover for the current calendar year.',
    params: {},
    result: scalar(money, 'decimal-string, currency'),
  }),
  defineOp({
    name: 'checks.product_exists',
    kind: 'read',
    scope: 'inventory.read',
    summary: 'Whether a product code exists: "1" or "0".',
    params: { code: req(str(190)) },
    result: scalar(undefined, '"1" or "0"'),
  }),
] as const;

export const generatorOperations = [
  defineOp({
    name: 'generators.make_art',
    kind: 'read',
    scope: 'catalog.details.read',
    summary: 'Next free three-digit article.',
    params: {},
    result: scalar(undefined, 'three digits'),
  }),
  defineOp({
    name: 'generators.make_own',
    kind: 'read',
    scope: 'catalog.details.read',
    summary: 'Next free internal EAN-13 code for a prefix, with its check digit.',
    params: {
      prefix: ours(req(str(12, { min: 1, format: 'digits' })), 'the EAN-13 prefix, 1 to 12 digits (in-store codes use 20..29)'),
    },
    result: scalar(undefined, 'a 13-digit EAN-13 code'),
    projectDefined: ['params and result: not shown in the spec'],
  }),
] as const;
