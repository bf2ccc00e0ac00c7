/** Group `goods`: product cards, extra values, FIFO batches, pictures. */
import { defineOp } from '../dsl/operation.js';
import { bool, int, opt, ours, req, str } from '../dsl/params.js';
import { cols, date, money, pct, qty, rows, tagged } from '../dsl/results.js';

/** The product-card columns of the spec (Resources, "Product card"). */
export const PRODUCT_CARD = cols(
  [
    'code',
    'name',
    'unit_type',
    'supplier',
    'category',
    'parent_category',
    'shelf_life_days',
    'c2',
    'additional_info',
    'in_cloud',
    'no_discount',
    'cost',
    'price',
    'markup',
    'quantity',
    'critical_quantity',
    'date_added',
  ],
  { cost: money, price: money, markup: pct, quantity: qty, critical_quantity: qty, date_added: date },
);

const FIFO = cols(['document_number', 'cost', 'quantity', 'date', 'fiscal'], { cost: money, quantity: qty, date });

export const goodsOperations = [
  defineOp({
    name: 'goods.card_main',
    kind: 'read',
    desk: { cachedOffline: true },
    scope: 'inventory.cost.read',
    summary: 'The main columns of a product card.',
    params: { code: ours(req(str(128)), 'the sample sends it; bound as in goods.card_open') },
    result: rows(PRODUCT_CARD),
    projectDefined: ['scope: inventory.cost.read, because the card carries the cost', 'params beyond code: none'],
  }),
  defineOp({
    name: 'goods.card_open',
    kind: 'read',
    desk: { cachedOffline: true },
    scope: 'inventory.cost.read',
    summary: 'Everything about a product card, one tagged row per part.',
    params: { code: req(str(128)), sk: opt(int(0, 2), 0) },
    result: tagged({
      STATE: cols(['found']),
      MAIN: PRODUCT_CARD,
      DESC: cols(['description', 'kitchen_printer']),
      UKT: cols(['uktzed', 'excise_input']),
      EXTRA_CODE: cols(['code']),
      EXTRA_VALUE: cols(['field_name', 'value']),
      FIFO: FIFO,
      SOSTAV: cols(['code', 'name', 'cost', 'price', 'unit_type', 'quantity'], { cost: money, price: money, quantity: qty }),
      PICTURE: cols(['folder', 'picture']),
      SIZE_SUMMARY: cols(['summary']),
      DUP_OWNER: cols(['owner_code', 'owner_name']),
    }),
    projectDefined: ['formats of the FIFO and SOSTAV shape columns: as in goods.fifo_rows and the product card'],
  }),
  defineOp({
    name: 'goods.extra_value',
    kind: 'read',
    scope: 'catalog.details.read',
    summary: 'One extra value of a product.',
    params: {
      code: ours(req(str(128)), 'the sample sends it'),
      field_name: ours(req(str(255)), 'the sample sends it'),
    },
    result: rows(cols(['value'])),
    projectDefined: ['scope: as goods.extra_values', 'params: the spec shows only a sample'],
  }),
  defineOp({
    name: 'goods.extra_values',
    kind: 'read',
    scope: 'catalog.details.read',
    summary: 'Extra values of a product.',
    params: { code: req(str(128)), include_empty: opt(bool(), false) },
    result: rows(cols(['field_name', 'value'])),
  }),
  defineOp({
    name: 'goods.fifo_rows',
    kind: 'read',
    scope: 'inventory.cost.read',
    summary: 'FIFO batches of a product in the main storage, oldest first.',
    params: { code: req(str(128)) },
    result: rows(FIFO),
  }),
  defineOp({
    name: 'goods.fifo_sk_rows',
    kind: 'read',
    scope: 'inventory.cost.read',
    summary: 'FIFO batches of a product in a branch, oldest first.',
    params: { code: req(str(128)), sk: req(int(1, 2)) },
    result: rows(FIFO),
  }),
  defineOp({
    name: 'goods.picture',
    kind: 'read',
    scope: 'catalog.details.read',
    summary: 'Where the picture of a product is kept.',
    params: { code: req(str(128)) },
    result: rows(cols(['folder', 'picture'])),
  }),
] as const;
