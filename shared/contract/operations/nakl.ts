/** Group `nakl`: stock invoices and the import flow through a temporary document. */
import { defineOp } from '../dsl/operation.js';
import { dec, list, obj, oneOf, opt, ours, req, str } from '../dsl/params.js';
import { cols, money, qty, rows, status } from '../dsl/results.js';
import { OPEN_DECIMAL, openLengths } from './bounds.js';

const done = status('affected', 'detail');
const nn = req(str(512));

export const naklOperations = [
  defineOp({
    name: 'nakl.add_lines',
    kind: 'write',
    scope: 'inventory.write',
    summary: 'Adds products to an invoice with a default quantity.',
    params: {
      nn,
      codes: req(list(str(190), 1, 300, true)),
      default_quant: ours(opt(dec('unit', 512), '0'), 'format: a quantity, so a decimal-string'),
    },
    result: done,
  }),
  defineOp({
    name: 'nakl.adjust_prices_percent',
    kind: 'write',
    scope: 'inventory.write',
    summary: 'Raises or lowers every sale price of an invoice by a percent.',
    params: { nn, percent: opt(dec('pct', 512), '0') },
    result: done,
  }),
  defineOp({
    name: 'nakl.cancel_empty_line',
    kind: 'write',
    scope: 'inventory.write',
    summary: 'Removes a line with no quantity from an invoice.',
    params: { code: req(str(512)), nn },
    result: done,
  }),
  defineOp({
    name: 'nakl.import_cancel',
    kind: 'write',
    scope: 'inventory.write',
    summary: 'Drops an import document without touching the invoice.',
    params: { temp_nn: req(str(512)), nn: opt(str(512), '') },
    result: done,
  }),
  defineOp({
    name: 'nakl.import_confirm',
    kind: 'write',
    scope: 'inventory.write',
    summary: 'Moves the lines of an import document into an invoice, deciding each price conflict.',
    params: {
      temp_nn: req(str(512)),
      nn: opt(str(512), ''),
      actions: opt(list(obj({ code: req(str(190)), decision: req(oneOf('Заменить здесь', 'Заменить в базе')) }), 0, 250), []),
    },
    result: done,
    projectDefined: ['actions: omitted means no decisions ([]); lines without a decision keep the price of the invoice'],
  }),
  defineOp({
    name: 'nakl.import_main_add_line',
    kind: 'write',
    scope: 'inventory.write',
    summary: 'Adds a product line to an invoice, or stages it in the import document from_nn for that invoice.',
    params: {
      code: req(str(512)),
      nn,
      currency: opt(str(4096), ''),
      from_nn: opt(str(512), ''),
      currency_price: opt(dec('cur', OPEN_DECIMAL, { allowEmpty: true }), ''),
      quant: opt(dec('unit', 512), '0'),
    },
    result: done,
    projectDefined: [
      'from_nn: the import document (temp_nn) the line is staged in; empty adds it to invoice nn directly',
      'currency_price: the supplier cost in that currency; the sale price follows the card markup',
      'result: status affected and detail, as the group',
      openLengths([], ['currency_price']),
    ],
  }),
  defineOp({
    name: 'nakl.price_diff',
    kind: 'read',
    scope: 'inventory.read',
    summary: 'Lines of an invoice whose price or quantity differs from the product card.',
    params: { nn },
    result: rows(
      cols(['code', 'name', 'document_price', 'main_price', 'document_quantity', 'main_quantity', 'unit_type'], {
        document_price: money,
        main_price: money,
        document_quantity: qty,
        main_quantity: qty,
      }),
    ),
    projectDefined: ['scope: the spec marks it with a dagger; inventory.read'],
  }),
  defineOp({
    name: 'nakl.renew_inventory_rest',
    kind: 'write',
    scope: 'inventory.write',
    summary: 'Posts an inventory count: sets stock of the counted products to the invoice quantities.',
    params: { nn },
    result: done,
    projectDefined: [
      'only an inventory count is posted: a delivery invoice is refused (invoice.not_count), its quantities being what arrived',
    ],
  }),
  defineOp({
    name: 'nakl.save_line',
    kind: 'write',
    scope: 'inventory.write',
    summary: 'Sets, adds to or deletes a line of an invoice (creating the invoice on its first line).',
    params: {
      code: req(str(512)),
      nn,
      mode: opt(oneOf('set', 'add', 'delete'), 'set'),
      currency: opt(str(4096), ''),
      kurs: opt(dec('ratio', OPEN_DECIMAL), '0'),
      nac: opt(dec('pct', OPEN_DECIMAL), '0'),
      price: opt(dec('cur', OPEN_DECIMAL), '0'),
      quant: opt(dec('unit', OPEN_DECIMAL), '0'),
      ss: opt(dec('cur', OPEN_DECIMAL), '0'),
    },
    result: done,
    projectDefined: [openLengths([], ['kurs', 'nac', 'price', 'quant', 'ss'])],
  }),
] as const;
