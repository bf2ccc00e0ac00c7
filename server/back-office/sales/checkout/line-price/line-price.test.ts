/** A sale line's price where the money is booked: the card's, or lower only by a recorded discount or a manager. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ParamsOf } from '../../../../../shared/contract/index.js';
import { BusinessRefusal } from '../../../../upstream/upstream.js';
import { setPin } from '../../../catalog/users/pins/pins.js';
import { toDb } from '../../../decimal.js';
import { invoke } from '../../../operations.js';
import { addCard, BREAD, CHEESE, CIGARETTES, MILK, managerConfirmation, type Shop, standardShop } from '../../testing/shop.js';

type Close = ParamsOf<'pos.checkout_close_sale'>;
type Row = Close['rows'][number];

let shop: Shop;
beforeEach(() => {
  shop = standardShop();
  addCard(shop, { code: 'CARD5', disc: '5' });
});
afterEach(() => shop.close());

const receipts = () => shop.db.prepare('SELECT count(*) FROM receipts').pluck().get();
const cash = (rows: Row[]): Close['payments'] => {
  const total = rows.reduce((t, r) => t + Math.round(Number(r.sum) * 100), 0);
  return [{ type: 'bn', amount: (total / 100).toFixed(2) }];
};
const close = (rows: Row[], extra: Partial<Close> = {}) =>
  shop.call('pos.checkout_close_sale', { kasm: 1, rows, payments: cash(rows), ...extra }).rows[0] as Record<string, string>;
const refusedClose = (rows: Row[], extra: Partial<Close> = {}) =>
  shop.refused('pos.checkout_close_sale', { kasm: 1, rows, payments: cash(rows), ...extra });
/** Calls with a manager's confirmation in the header, as X-Manager-Confirmation carries it. */
function withConfirmation<M extends 'pos.checkout_close_sale' | 'pos.checkout_apply_sale_line'>(
  name: M,
  params: ParamsOf<M>,
  confirmation: number,
) {
  return invoke({ ...shop.ctx, confirmation }, name, params);
}
function refusalOf(f: () => unknown): BusinessRefusal {
  try {
    f();
  } catch (err) {
    if (err instanceof BusinessRefusal) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('a close below the card price', () => {
  it('is refused at half the price with no discount and no manager, naming the line, and writes nothing', () => {
    const r = refusedClose([
      { code: MILK, quant: '1', price: '42.00', sum: '42.00' },
      { code: BREAD, quant: '2', price: '12.75', sum: '25.50' },
    ]);
    expect(r).toMatchObject({
      path: 'params.rows[1].price',
      reason: 'sale.price_unconfirmed',
      values: { line: '2', code: BREAD, name: 'Хліб житній', sum: '25.50', gross: '51.00', list: '25.50', lowest: '51.00' },
    });
    // The same at the card's price with a discount nothing recorded.
    expect(refusedClose([{ code: BREAD, quant: '2', price: '25.50', discount: '25.50', sum: '25.50' }]).reason).toBe(
      'sale.price_unconfirmed',
    );
    expect(receipts()).toBe(0);
  });

  it("takes the discount card's percent and a running promotion, but no more than they give", () => {
    // 5 % of 84.00 is 4.20.
    expect(
      close([{ code: MILK, quant: '2', price: '42.00', discount: '4.20', sum: '79.80' }], { mixed_card: 'CARD5' }).total,
    ).toBe('79.80');
    expect(
      refusedClose([{ code: MILK, quant: '2', price: '42.00', discount: '4.21', sum: '79.79' }], { mixed_card: 'CARD5' }),
    ).toMatchObject({
      reason: 'sale.price_unconfirmed',
      values: { lowest: '79.80' },
    });
    shop.db
      .prepare(
        "INSERT INTO discount_actions (uin, code, disc, action_type, date_from, date_to) VALUES (1, ?, ?, 0, '2025-03-01', '2025-03-31')",
      )
      .run(BREAD, toDb('10', 'pct'));
    expect(close([{ code: BREAD, quant: '1', price: '25.50', discount: '2.55', sum: '22.95' }]).total).toBe('22.95');
  });

  it('takes a manual price a manager confirmed with a PIN for that sale document, as the till sends it', () => {
    const id = shop.db.prepare("INSERT INTO users (name, card, level) VALUES ('Менеджер', 'M-9', '5')").run().lastInsertRowid;
    setPin(shop.db, Number(id), '2002', new Date('2025-01-01T00:00:00Z'));
    shop.call('pos.checkout_apply_sale_line', { ndoc: 'D-1', code: BREAD, kasm: 1, quant: '2' });
    const manual = shop.call('pos.checkout_manual_price', {
      ndoc: 'D-1',
      code: BREAD,
      kasm: 1,
      quant: '2',
      price: '20.00',
      manager_card: 'M-9',
      pin: '2002',
    }).rows[0] as Record<string, string>;
    expect(manual).toMatchObject({ outcome: 'confirmed', price: '25.50', discount: '11.00', sum: '40.00' });
    const row = { code: BREAD, quant: '2', price: manual.price as string, discount: manual.discount as string, sum: '40.00' };
    // Another sale document has no such confirmation.
    expect(refusedClose([row], { ndoc: 'D-2' }).reason).toBe('sale.price_unconfirmed');
    expect(close([row], { ndoc: 'D-1' }).total).toBe('40.00');
  });

  it('sells weighted goods at quantity × the card price in whole kopecks', () => {
    // 0.347 kg × 420.00 = 145.74.
    expect(close([{ code: CHEESE, quant: '0.347', price: '420.00', sum: '145.74' }]).total).toBe('145.74');
  });

  it('closes a sale rung up before the card price changed, at the price the buyer was shown', () => {
    shop.call('pos.checkout_apply_sale_line', { ndoc: 'D-1', code: BREAD, kasm: 1, quant: '2' });
    shop.db.prepare('UPDATE goods SET price = ? WHERE code = ?').run(toDb('27.00', 'cur'), BREAD);
    expect(close([{ code: BREAD, quant: '2', price: '25.50', sum: '51.00' }], { ndoc: 'D-1' }).total).toBe('51.00');
    // The till's catalogue copy knew the old price: a sale queued offline carries it, with no sale document priced.
    shop.db.prepare('UPDATE goods SET price = ? WHERE code = ?').run(toDb('28.00', 'cur'), BREAD);
    expect(close([{ code: BREAD, quant: '1', price: '27.00', sum: '27.00' }], { ndoc: 'OFF-1' }).total).toBe('27.00');
  });

  it('no longer takes a card price replaced more than a week before the close', () => {
    shop.db
      .prepare('INSERT INTO goods_price_history (code, price, replaced_at) VALUES (?, ?, ?), (?, ?, ?)')
      .run(MILK, toDb('30.00', 'cur'), '2025-03-06T09:00:00.000Z', MILK, toDb('35.00', 'cur'), '2025-03-08T09:00:00.000Z');
    expect(refusedClose([{ code: MILK, quant: '1', price: '30.00', sum: '30.00' }])).toMatchObject({
      reason: 'sale.price_unconfirmed',
      values: { list: '42.00', gross: '42.00' },
    });
    expect(close([{ code: MILK, quant: '1', price: '35.00', sum: '35.00' }]).total).toBe('35.00');
  });

  it("takes a lower price with a manager's confirmation the close carries, once, never on regulated goods", () => {
    const row = { code: BREAD, quant: '1', price: '20.00', sum: '20.00' };
    const confirmation = managerConfirmation(shop, 'manual_price');
    withConfirmation('pos.checkout_close_sale', { kasm: 1, rows: [row], payments: cash([row]) }, confirmation);
    expect(receipts()).toBe(1);
    expect(
      refusalOf(() => withConfirmation('pos.checkout_close_sale', { kasm: 1, rows: [row], payments: cash([row]) }, confirmation)),
    ).toMatchObject({ reason: 'confirmation.used' });
    const other = managerConfirmation(shop, 'cash_withdrawal');
    expect(
      refusalOf(() => withConfirmation('pos.checkout_close_sale', { kasm: 1, rows: [row], payments: cash([row]) }, other)),
    ).toMatchObject({ reason: 'confirmation.unknown' });
    const tobacco = { code: CIGARETTES, quant: '1', price: '90.00', sum: '90.00', excise_marks: ['AAAA000001 0000000001'] };
    expect(
      refusalOf(() =>
        withConfirmation(
          'pos.checkout_close_sale',
          { kasm: 1, rows: [tobacco], payments: cash([tobacco]) },
          managerConfirmation(shop, 'manual_price'),
        ),
      ),
    ).toMatchObject({ reason: 'sale.price_unconfirmed', values: { code: CIGARETTES } });
    expect(receipts()).toBe(1);
  });
});

describe('a manual price on a sale line', () => {
  it("is refused without a manager, and taken with a manager's confirmation for it", () => {
    const apply = { ndoc: 'D-1', code: BREAD, kasm: 1, quant: '2', disc_price: '10.00' };
    expect(shop.refused('pos.checkout_apply_sale_line', apply)).toMatchObject({ reason: 'sale.manual_price_manager' });
    expect(shop.refused('pos.checkout_apply_sale_line', { ...apply, disc_price: '', disc_percent: '50' }).reason).toBe(
      'sale.manual_price_manager',
    );
    expect(shop.db.prepare('SELECT count(*) FROM sale_doc_lines').pluck().get()).toBe(0);
    const line = withConfirmation('pos.checkout_apply_sale_line', apply, managerConfirmation(shop, 'manual_price')).rows?.[0];
    expect(line).toMatchObject({ price: '25.50', sum: '20.00', discount: '31.00' });
    // The document's line, priced with the manager's price, closes.
    expect(close([{ code: BREAD, quant: '2', price: '25.50', discount: '31.00', sum: '20.00' }], { ndoc: 'D-1' }).total).toBe(
      '20.00',
    );
  });
});
