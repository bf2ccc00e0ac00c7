import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ParamsOf } from '../../../../shared/contract/index.js';
import { toDb } from '../../decimal.js';
import { invoke } from '../../operations.js';
import { addCard, BREAD, CIGARETTES, MILK, managerConfirmation, type Shop, standardShop } from '../testing/shop.js';

let shop: Shop;
beforeEach(() => {
  shop = standardShop();
  addCard(shop, { code: 'CARD5', disc: '5', bonus: '50', bonusPercent: '2' });
});
afterEach(() => shop.close());

type Apply = Omit<ParamsOf<'pos.checkout_apply_sale_line'>, 'ndoc'> & { ndoc?: string };
const apply = (p: Apply) =>
  shop.call('pos.checkout_apply_sale_line', { ndoc: 'S-1', kasm: 1, ...p }).rows[0] as Record<string, string>;
/** A price or percent set by hand, with the manager's confirmation it needs (header X-Manager-Confirmation). */
const applyByManager = (p: Apply) =>
  invoke({ ...shop.ctx, confirmation: managerConfirmation(shop, 'manual_price') }, 'pos.checkout_apply_sale_line', {
    ndoc: 'S-1',
    kasm: 1,
    ...p,
  }).rows?.[0] as Record<string, string>;

function addAction(code: string, disc: string, actionType: 0 | 1, from = '2025-03-01', to = '2025-03-31') {
  shop.db
    .prepare('INSERT INTO discount_actions (uin, code, disc, action_type, date_from, date_to) VALUES (1, ?, ?, ?, ?, ?)')
    .run(code, toDb(disc, 'pct'), actionType, from, to);
}

describe('pricing a sale line', () => {
  it('prices a scan at the product price and adds a unit with each further scan', () => {
    expect(apply({ code: BREAD })).toMatchObject({
      quantity: '1.000',
      price: '25.50',
      discount: '0.00',
      sum: '25.50',
      skip_discount: '0',
    });
    expect(apply({ code: BREAD })).toMatchObject({ quantity: '2.000', sum: '51.00' });
    expect(apply({ code: BREAD, quant: '5' })).toMatchObject({ quantity: '5.000', sum: '127.50' });
    expect(shop.db.prepare('SELECT count(*) FROM sale_doc_lines').pluck().get()).toBe(1);
  });

  it('removes the line when the quantity is set to zero', () => {
    apply({ code: BREAD });
    expect(apply({ code: BREAD, quant: '0' })).toMatchObject({ quantity: '0.000', sum: '0.00', line_id: '' });
    expect(shop.db.prepare('SELECT count(*) FROM sale_doc_lines').pluck().get()).toBe(0);
  });

  it("gives the card's discount and shows the bonus the sale will bring", () => {
    const line = apply({ code: MILK, disc_card: 'CARD5' });
    // 5% off 42.00; bonus 2% of 39.90 = 0.80 on top of the 50.00 balance.
    expect(line).toMatchObject({ discount_percent: '5', discount: '2.10', sum: '39.90', bonus_after: '50.80' });
  });

  it('gives the larger of a running discount action and the card discount, never both', () => {
    addAction(BREAD, '10', 0);
    expect(apply({ code: BREAD, quant: '2', disc_card: 'CARD5' })).toMatchObject({ discount_percent: '10', sum: '45.90' });
    addAction('', '7', 0);
    expect(apply({ ndoc: 'S-2', code: MILK })).toMatchObject({ discount_percent: '7', sum: '39.06' });
  });

  it('keeps a card-holders-only action for card holders, and ignores actions out of their dates', () => {
    addAction(MILK, '15', 1);
    addAction(BREAD, '30', 0, '2025-04-01', '2025-04-30');
    expect(apply({ code: MILK })).toMatchObject({ discount_percent: '0', sum: '42.00' });
    expect(apply({ ndoc: 'S-2', code: MILK, disc_card: 'CARD5' })).toMatchObject({ discount_percent: '15', sum: '35.70' });
    expect(apply({ code: BREAD })).toMatchObject({ discount_percent: '0' });
  });

  it('gives no discount and no bonus on goods marked no_discount', () => {
    addAction('', '10', 0);
    expect(applyByManager({ code: CIGARETTES, disc_card: 'CARD5', disc_percent: '20' })).toMatchObject({
      skip_discount: '1',
      discount: '0.00',
      sum: '95.00',
      bonus_after: '50.00',
      excise_input: '1',
      uktzed: '2402209000',
    });
  });

  it("takes the cashier's percent or price over the automatic discount, and keeps it on later scans", () => {
    expect(applyByManager({ code: MILK, disc_card: 'CARD5', disc_percent: '12.5' })).toMatchObject({
      discount_percent: '12.5',
      sum: '36.75',
    });
    expect(apply({ code: MILK })).toMatchObject({ quantity: '2.000', discount_percent: '12.5', sum: '73.50' });
    expect(applyByManager({ code: BREAD, disc_price: '20.00' })).toMatchObject({ sum: '20.00', discount: '5.50' });
    expect(() => applyByManager({ code: BREAD, disc_price: '30.00' })).toThrow(/must be from 0.00 to the price 25.50/);
  });

  it('reprices every line already rung up when the discount card is scanned after them', () => {
    apply({ code: BREAD, quant: '2' });
    apply({ code: MILK, disc_card: 'CARD5' });
    const sums = shop.db.prepare('SELECT code, sum FROM sale_doc_lines ORDER BY id').all();
    expect(sums).toEqual([
      { code: BREAD, sum: toDb('48.45', 'cur') },
      { code: MILK, sum: toDb('39.90', 'cur') },
    ]);
  });

  it('refuses an unknown product or card, and a document already closed', () => {
    expect(shop.refused('pos.checkout_apply_sale_line', { ndoc: 'S-1', code: 'nope' }).path).toBe('params.code');
    expect(shop.refused('pos.checkout_apply_sale_line', { ndoc: 'S-1', code: BREAD, disc_card: 'nope' }).path).toBe(
      'params.disc_card',
    );
    shop.call('pos.checkout_close_sale', {
      kasm: 1,
      ndoc: 'S-1',
      rows: [{ code: BREAD, quant: '1', price: '25.50', sum: '25.50' }],
      payments: [{ type: 'nal', amount: '25.50' }],
    });
    expect(shop.refused('pos.checkout_apply_sale_line', { ndoc: 'S-1', code: BREAD }).problem).toMatch(
      /already closed as receipt 1/,
    );
  });
});

describe('the mixed payment of a sale document', () => {
  it('is stored and read back for the document', () => {
    shop.call('pos.checkout_store_mixed_payment', {
      ndoc: 'S-1',
      nal: '20.00',
      bn: '30',
      debt: '0',
      bonus: '5.50',
      card: 'CARD5',
      cert: '10',
      ncert: 'C-1',
      com1: 'частково бонусами',
    });
    expect(shop.call('pos.checkout_mixed_payment', { ndoc: 'S-1' }).rows).toEqual([
      {
        cash: '20.00',
        cashless: '30.00',
        debt: '0.00',
        bonus: '5.50',
        card: 'CARD5',
        certificate: '10.00',
        certificate_number: 'C-1',
        comment: 'частково бонусами',
      },
    ]);
    shop.call('pos.checkout_store_mixed_payment', { ndoc: 'S-1', nal: '65.50' });
    expect(shop.call('pos.checkout_mixed_payment', { ndoc: 'S-1' }).rows[0]).toMatchObject({
      cash: '65.50',
      bonus: '0.00',
      card: '',
    });
    expect(shop.call('pos.checkout_mixed_payment', { ndoc: 'S-9' }).rows).toEqual([]);
  });

  it('refuses a debt or bonus part without a card, negative parts and fractions of a kopeck', () => {
    expect(shop.refused('pos.checkout_store_mixed_payment', { ndoc: 'S-1', debt: '10' }).path).toBe('params.card');
    expect(shop.refused('pos.checkout_store_mixed_payment', { ndoc: 'S-1', nal: '-1' }).path).toBe('params.nal');
    expect(shop.refused('pos.checkout_store_mixed_payment', { ndoc: 'S-1', bn: '1.005' }).path).toBe('params.bn');
    expect(shop.refused('pos.checkout_store_mixed_payment', { nal: '1' }).path).toBe('params.ndoc');
  });

  it('projects the bonus of an open document: the balance now, less what the split spends, plus what the lines accrue', () => {
    apply({ code: MILK, quant: '2', disc_card: 'CARD5' }); // 79.80, bonus 1.60
    shop.call('pos.checkout_store_mixed_payment', { ndoc: 'S-1', bonus: '10', nal: '69.80', card: 'CARD5' });
    expect(shop.call('pos.checkout_client_bonus_delta', { card: 'CARD5', ndoc: 'S-1' }).rows).toEqual([
      { old_balance: '50.00', new_balance: '41.60' },
    ]);
    expect(shop.refused('pos.checkout_client_bonus_delta', { card: 'CARD5', ndoc: 'S-9' }).path).toBe('params.ndoc');
  });
});
