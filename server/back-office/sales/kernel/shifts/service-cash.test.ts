/** Cash put into or taken out of the drawer: the document and the drawer move by the same kopecks. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { balanceOf } from '../../testing/queries.js';
import { managerConfirmation, type Shop, standardShop } from '../../testing/shop.js';

let shop: Shop;
beforeEach(() => {
  shop = standardShop();
});
afterEach(() => shop.close());

const documents = () => shop.db.prepare('SELECT count(*) FROM prro_docs').pluck().get() as number;

describe('service cash', () => {
  it('is refused for an amount finer than a kopeck, which the document could not say, and nothing is written', () => {
    const before = { balance: balanceOf(shop.db, 'KAS1'), docs: documents() };
    for (const amount of ['0.0001', '0.005', '1.2345']) {
      expect(shop.refused('pos.cash_deposit', { kasm: 1, amount, comment: '' }).reason).toBe('money.not_kopecks');
      const confirmation = managerConfirmation(shop, 'cash_withdrawal');
      expect(shop.refused('pos.cash_withdrawal', { kasm: 1, amount, comment: '', confirmation }).reason).toBe(
        'money.not_kopecks',
      );
    }
    expect({ balance: balanceOf(shop.db, 'KAS1'), docs: documents() }).toEqual(before);
    shop.call('pos.cash_deposit', { kasm: 1, amount: '12.30', comment: '' });
    expect(documents()).toBe(before.docs + 1);
  });

  it('takes cash out only when it says who took it and why, and writes nothing otherwise', () => {
    shop.call('pos.cash_deposit', { kasm: 1, amount: '50.00', comment: 'Розмін' });
    const before = { balance: balanceOf(shop.db, 'KAS1'), docs: documents() };
    for (const comment of ['', '   ']) {
      const confirmation = managerConfirmation(shop, 'cash_withdrawal');
      expect(shop.refused('pos.cash_withdrawal', { kasm: 1, amount: '20.00', comment, confirmation })).toMatchObject({
        path: 'params.comment',
        reason: 'cash.payee_required',
      });
    }
    expect({ balance: balanceOf(shop.db, 'KAS1'), docs: documents() }).toEqual(before);
    const confirmation = managerConfirmation(shop, 'cash_withdrawal');
    shop.call('pos.cash_withdrawal', { kasm: 1, amount: '20.00', comment: 'Інкасація: Петренко', confirmation });
    expect(shop.db.prepare('SELECT payment_name FROM cash_movements ORDER BY id DESC').pluck().get()).toBe('Інкасація: Петренко');
  });
});
