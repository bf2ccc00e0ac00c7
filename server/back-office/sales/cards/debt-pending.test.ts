/**
 * Debt repaid while the sale it pays for still waits for its fiscal number (the tax server slow or
 * unreachable): the payment is taken, its receipt is issued, and the sale's number is written into
 * it when the documents go in chain order — the tax server's, or the sale's offline number.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PRRO } from '../../../../shared/contract/index.js';
import { simulatedFiscalServer } from '../../../dps/simulator/simulator.js';
import { dispatchFiscalNow } from '../prro/server/dispatch.js';
import { checkOf, offlineProblems, type QueueDoc, queueDocs, seedOfSession } from '../testing/fiscal.js';
import { fiscalBreaches, NO_FISCAL_BREACHES } from '../testing/fiscal-invariants.js';
import { balanceOf, cardOf } from '../testing/queries.js';
import { addCard, BREAD, MILK, type Shop, standardShop } from '../testing/shop.js';

const CARD = '2299000000017';
const TILL1 = '4000123456';

let shop: Shop;
let now: Date;
const at = (iso: string) => {
  now = new Date(iso);
  shop.setNow(iso);
};
const send = () => dispatchFiscalNow(shop.db, simulatedFiscalServer(shop.db), () => now, 'Europe/Kyiv');
const reachable = (on: boolean) => shop.call('pos.prro_fiscal_server_set', { reachable: on });

beforeEach(() => {
  shop = standardShop();
  now = new Date('2025-03-14T10:00:00Z');
  addCard(shop, { code: CARD, maxdolg: '1000' });
  send();
});
afterEach(() => shop.close());

/** A sale on credit at a till; its document stays unsent until the next send. */
function saleOnCredit(kasm = 1, code = BREAD, quant = '2', price = '25.50', sum = '51.00'): Record<string, string> {
  return shop.call('pos.checkout_close_sale', {
    kasm,
    rows: [{ code, quant, price, sum }],
    payments: [{ type: 'debt', amount: sum, card: CARD }],
  }).rows[0] as Record<string, string>;
}
const docOf = (id: number | string): QueueDoc => queueDocs(shop.db).find((d) => d.id === Number(id)) as QueueDoc;
const repayments = (numprro: string) =>
  queueDocs(shop.db, { numprro }).filter(
    (d) =>
      d.doc.content.doc === 'check' &&
      d.doc.content.CHECKTOTAL?.PARTPAYTYPE !== undefined &&
      d.doc.content.CHECKTOTAL.PARTPAYTYPE !== '1',
  );

describe('debt repaid before the sale has its fiscal number', () => {
  it('is taken at once, and its receipt names the sale by the number the tax server then gives it', () => {
    const sale = saleOnCredit();
    expect(docOf(sale.prro_doc_id as string).fiscalNumber).toBe('');
    at('2025-03-14T10:05:00Z');
    const paid = shop.call('pos.debt_pay_cash', { akas: 'KAS1', card: CARD, amount: '20.00', kasm: 1 }).rows;
    expect(paid[0]).toEqual(expect.arrayContaining(['20.00']));
    expect(cardOf(shop.db, CARD).debt).toBe('31.00');
    expect(balanceOf(shop.db, 'KAS1')).toBe('20.00');
    const [waiting] = repayments(TILL1);
    expect(checkOf(waiting as QueueDoc).CHECKTOTAL?.PARTPAYORDPREPAYNUM).toBeUndefined();

    expect(send()).toMatchObject({ accepted: 2, rejected: 0 });
    const saleDoc = docOf(sale.prro_doc_id as string);
    const [repayment] = repayments(TILL1);
    expect(saleDoc.fiscalNumber).not.toBe('');
    expect(repayment?.status).toBe(PRRO.accepted);
    expect(checkOf(repayment as QueueDoc).CHECKTOTAL?.PARTPAYORDPREPAYNUM).toBe(saleDoc.fiscalNumber);
  });

  it("waits in its own register's chain while the sale at another till has no number, then goes naming it", () => {
    const sale = saleOnCredit(2, MILK, '1', '42.00', '42.00');
    at('2025-03-14T10:05:00Z');
    shop.call('finance.discount_debt_cash_line', { card: CARD, nc: Number(sale.check_number), kas: 'KAS1', sum: '10.00' });
    // Till 1's register goes first in a send, before till 2's has the sale accepted.
    send();
    const [held] = repayments(TILL1);
    expect(held?.status).not.toBe(PRRO.accepted);
    expect(held?.lastError).toMatch(`очікує на фіскальний номер чека №${sale.check_number}`);
    expect(docOf(sale.prro_doc_id as string).status).toBe(PRRO.accepted);
    send();
    const [sent] = repayments(TILL1);
    expect(sent?.status).toBe(PRRO.accepted);
    expect(checkOf(sent as QueueDoc).CHECKTOTAL?.PARTPAYORDPREPAYNUM).toBe(docOf(sale.prro_doc_id as string).fiscalNumber);
  });

  it('names the offline number the sale takes when its register goes offline, and the session keeps its chain', () => {
    const sale = saleOnCredit();
    at('2025-03-14T10:05:00Z');
    shop.call('finance.discount_debt_cash_pay', { card: CARD, kas: 'KAS1', sum: '30.00' });
    at('2025-03-14T10:06:00Z');
    shop.call('pos.checkout_close_sale', {
      kasm: 1,
      rows: [{ code: MILK, quant: '1', price: '42.00', sum: '42.00' }],
      payments: [{ type: 'bn', amount: '42.00' }],
    });
    reachable(false);
    at('2025-03-14T10:10:00Z');
    send();
    const saleDoc = docOf(sale.prro_doc_id as string);
    expect(saleDoc.offlineSessionId).not.toBe('');
    const [offline] = repayments(TILL1);
    expect(checkOf(offline as QueueDoc).CHECKTOTAL?.PARTPAYORDPREPAYNUM).toBe(saleDoc.fiscalNumber);
    expect(offlineProblems(queueDocs(shop.db, { numprro: TILL1 }), seedOfSession(shop.db, TILL1))).toEqual([]);
    reachable(true);
    at('2025-03-14T10:30:00Z');
    expect(send()).toMatchObject({ rejected: 0, cameOnline: [TILL1] });
    expect(queueDocs(shop.db, { numprro: TILL1 }).filter((d) => d.status !== PRRO.accepted)).toEqual([]);
    expect(checkOf(repayments(TILL1)[0] as QueueDoc).CHECKTOTAL?.PARTPAYORDPREPAYNUM).toBe(saleDoc.fiscalNumber);
  });

  it('keeps the chain whole online: the document after the repayment links to it as it is sent, with the number', () => {
    // The property test's counterexample: till 1's sale on credit, repaid into till 2's drawer, a
    // deposit behind the repayment, then a send. The repayment's body took the sale's number after
    // the deposit had linked to its first hash.
    saleOnCredit();
    shop.call('pos.debt_pay_cash', { akas: 'KAS2', card: CARD });
    shop.call('pos.cash_deposit', { kasm: 2, amount: '1.00' });
    send();
    expect(fiscalBreaches(shop.db)).toEqual(NO_FISCAL_BREACHES);
    expect(queueDocs(shop.db).filter((d) => d.status !== PRRO.accepted)).toEqual([]);
  });
});
