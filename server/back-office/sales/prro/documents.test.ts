/**
 * Every kind of document the back office makes — sales (paid in full, in part on credit, and the
 * repayments), a return, service deposits and withdrawals, shift open and close, offline session
 * begin and end, the Z-report — checked as the tax server would see them: valid against the
 * official schemas by xmllint and by checkDpsSchema, windows-1251 in declaration and in bytes,
 * their arithmetic recomputed from their own fields by the rules of shared/fiscal/choices.ts,
 * numbered without a gap per register and chained by hash.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRRO } from '../../../../shared/contract/index.js';
import { simulatedFiscalServer } from '../../../dps/simulator/simulator.js';
import {
  arithmeticProblems,
  chainProblems,
  checkOf,
  cp1251,
  offlineProblems,
  type QueueDoc,
  queueDocs,
  readBack,
  seedOfSession,
  shown,
  sumShift,
  validate,
  zKind,
} from '../testing/fiscal.js';
import {
  addCard,
  BREAD,
  CHEESE,
  CIGARETTES,
  MILK,
  managerConfirmation,
  type Shop,
  standardShop,
  TEST_SELLER,
  VODKA,
} from '../testing/shop.js';
import { sendToTaxServer } from '../testing/tax-server.js';
import { dispatchFiscalNow } from './server/dispatch.js';

const NUMPRRO = '4000123456';
const CARD = '2299000000017';

/** A shop of the tests with its own clock, shared by the shop and the dispatcher. */
function clocked(shop: Shop) {
  let now = new Date('2025-03-14T10:00:00Z');
  return {
    at(iso: string) {
      now = new Date(iso);
      shop.setNow(iso);
    },
    send: () => dispatchFiscalNow(shop.db, simulatedFiscalServer(shop.db), () => now, 'Europe/Kyiv'),
    reachable: (on: boolean) => shop.call('pos.prro_fiscal_server_set', { reachable: on }),
  };
}

/** What a document is, as its head says: DOCTYPE, and for a receipt its subtype and partial type. */
function kindOf(d: QueueDoc): string {
  if (d.doc.root.name === 'ZREP') return 'ZREP';
  const h = d.doc.head;
  if (h.DOCTYPE !== '0') return h.DOCTYPE ?? '?';
  const partial = d.doc.content.doc === 'check' ? d.doc.content.CHECKTOTAL?.PARTPAYTYPE : undefined;
  return `0/${h.DOCSUBTYPE}${partial ? ` partial ${partial}` : ''}`;
}

describe('the documents of a day with every kind in it', () => {
  let shop: Shop;
  let docs: QueueDoc[];
  const ids: Record<string, number> = {};

  beforeAll(() => {
    shop = standardShop();
    const { at, send, reachable } = clocked(shop);
    addCard(shop, { code: CARD, maxdolg: '1000' });
    shop.call('settings.goods_tax_letters_save', { code: MILK, letters: 'Б' });
    shop.call('settings.goods_tax_letters_save', { code: VODKA, letters: 'АГ' });
    shop.call('settings.goods_tax_letters_save', { code: CIGARETTES, letters: 'АГ' });
    // A 5 % promotion on milk: the mixed receipt's discount (the close takes no discount nothing recorded).
    shop.db
      .prepare(
        "INSERT INTO discount_actions (uin, code, disc, action_type, date_from, date_to) VALUES (1, ?, 50000, 0, '2025-03-01', '2025-03-31')",
      )
      .run(MILK);
    const close = (p: Omit<Parameters<typeof shop.call<'pos.checkout_close_sale'>>[1], 'kasm'>) =>
      Number((shop.call('pos.checkout_close_sale', { kasm: 1, ...p }).rows[0] as Record<string, string>).check_number);
    send();

    at('2025-03-14T10:05:00Z');
    shop.call('pos.cash_deposit', { kasm: 1, amount: '200.00', comment: 'Розмін' });
    at('2025-03-14T10:10:00Z');
    // 25.50 + 0.137 kg × 420.00 = 83.04, paid as 83.00.
    close({
      rows: [
        { code: BREAD, quant: '1', price: '25.50', sum: '25.50' },
        { code: CHEESE, quant: '0.137', price: '420.00', sum: '57.54' },
      ],
      payments: [{ type: 'nal', amount: '83.04' }],
    });
    at('2025-03-14T10:15:00Z');
    ids.mixed = close({
      rows: [
        { code: MILK, quant: '2', price: '42.00', discount: '4.20', sum: '79.80' },
        { code: VODKA, quant: '1', price: '180.00', sum: '180.00', excise_marks: ['HAAB508932 0000000101'] },
        { code: CIGARETTES, quant: '1', price: '95.00', sum: '95.00', excise_marks: ['TABC508932 0000000101'] },
      ],
      payments: [
        { type: 'bn', amount: '100.00' },
        { type: 'nal', amount: '254.80' },
      ],
      nal: '300.00',
    });
    at('2025-03-14T10:20:00Z');
    ids.credit = close({
      rows: [
        { code: BREAD, quant: '3', price: '25.50', sum: '76.50' },
        { code: MILK, quant: '1', price: '42.00', sum: '42.00' },
      ],
      payments: [
        { type: 'nal', amount: '50.00' },
        { type: 'debt', amount: '68.50', card: CARD },
      ],
    });
    at('2025-03-14T10:25:00Z');
    // All of it on credit: a partial payment of nothing paid now.
    close({
      rows: [{ code: BREAD, quant: '1', price: '25.50', sum: '25.50' }],
      payments: [{ type: 'debt', amount: '25.50', card: CARD }],
    });
    send();
    at('2025-03-14T10:30:00Z');
    // 30.05 of the older debt (a further payment), then the rest of both (each settles its sale).
    shop.call('pos.debt_pay_cash', { akas: 'KAS1', card: CARD, amount: '30.05', kasm: 1 });
    at('2025-03-14T10:35:00Z');
    shop.call('pos.debt_pay_cash', { akas: 'KAS1', card: CARD, kasm: 1 });
    at('2025-03-14T10:40:00Z');
    shop.call('pos.cash_withdrawal', {
      kasm: 1,
      amount: '100.00',
      comment: 'Інкасація',
      confirmation: managerConfirmation(shop, 'cash_withdrawal'),
    });
    at('2025-03-14T10:45:00Z');
    shop.call('pos.checkout_return', {
      check_number: ids.mixed,
      kasm: 1,
      rows: [
        { line_no: 1, quant: '1' },
        { line_no: 2, quant: '1' },
      ],
    });
    send();

    // The tax server goes quiet: a receipt waits, the register goes offline, work goes on.
    reachable(false);
    at('2025-03-14T11:00:00Z');
    close({
      rows: [{ code: CHEESE, quant: '0.137', price: '420.00', sum: '57.54' }],
      payments: [{ type: 'nal', amount: '57.54' }],
    });
    send();
    at('2025-03-14T11:10:00Z');
    close({ rows: [{ code: BREAD, quant: '1', price: '25.50', sum: '25.50' }], payments: [{ type: 'nal', amount: '25.50' }] });
    at('2025-03-14T11:20:00Z');
    shop.call('pos.cash_deposit', { kasm: 1, amount: '50.00', comment: '' });
    at('2025-03-14T12:00:00Z');
    reachable(true);
    send();

    at('2025-03-14T18:00:00Z');
    shop.call('pos.shift_close', { kasm: 1 });
    send();
    docs = queueDocs(shop.db);
  });
  afterAll(() => shop.close());

  it('has every kind of document the back office makes, and the tax server accepted them all', () => {
    expect(new Set(docs.map(kindOf))).toEqual(
      new Set([
        '100',
        '0/2',
        '0/0',
        '0/0 partial 1',
        '0/0 partial 3',
        '0/0 partial 2',
        '0/4',
        '0/1',
        '102',
        '103',
        'ZREP',
        '101',
      ]),
    );
    expect(docs.filter((d) => d.status !== PRRO.accepted).map((d) => [d.docType, d.lastError])).toEqual([]);
  });

  it('validates every document against the official schema, with xmllint and with checkDpsSchema', () => {
    const verdicts = validate(
      docs.map((d) => ({ name: `${kindOf(d)} #${d.id}`, root: d.doc.root.name as 'CHECK' | 'ZREP', bytes: d.bytes })),
    );
    expect(verdicts.size).toBe(docs.length);
    for (const [name, v] of verdicts) expect({ name, ...v }).toEqual({ name, xmllint: '', ours: { ok: true } });
  });

  it('encodes every document in windows-1251, declared so, with the Cyrillic as the code page’s bytes', () => {
    for (const d of docs) {
      expect(d.text.startsWith('<?xml version="1.0" encoding="windows-1251"?>'), `#${d.id}`).toBe(true);
      // Encoding the decoded text again by the code page's table gives back the very bytes.
      expect(cp1251(d.text).equals(d.bytes), `#${d.id}`).toBe(true);
      expect(d.bytes.includes(cp1251('Олена Касир')), `#${d.id} names its cashier`).toBe(true);
      expect(d.bytes.includes(Buffer.from('Олена Касир', 'utf8')), `#${d.id} has UTF-8 in it`).toBe(false);
    }
  });

  it('adds up in every receipt-class document: lines, payments, rounding, partial shares and taxes', () => {
    const receipts = docs.filter((d) => d.doc.content.doc === 'check' && ['0', '1'].includes(checkOf(d).DOCSUBTYPE));
    expect(receipts.length).toBe(10);
    for (const d of receipts) expect(arithmeticProblems(d.doc), `${kindOf(d)} #${d.id}`).toEqual([]);
  });

  it('takes excise out per letter first and VAT per letter on the rest', () => {
    const mixed = docs.find(
      (d) => d.id === Number(shop.db.prepare('SELECT prro_doc_id FROM receipts WHERE check_number = ?').pluck().get(ids.mixed)),
    );
    // Excise Г 5/105 on 180.00 + 95.00 = 275.00 → 13.10 (shared 8.57 and 4.53). VAT А 20/120 on 275.00 − 13.10 = 261.90 → 43.65.
    // VAT Б 7/107 on the milk less its discount, 79.80 → 5.22; its turnover is the cost before discount, 84.00.
    expect(checkOf(mixed as QueueDoc).CHECKTAX?.map((t) => [t.LETTER, t.TYPE, t.PRC, t.TURNOVER, t.SOURCESUM, t.SUM])).toEqual([
      ['А', '0', '20.00', '275.00', '261.90', '43.65'],
      ['Б', '0', '7.00', '84.00', '79.80', '5.22'],
      ['Г', '1', '5.00', '275.00', '275.00', '13.10'],
    ]);
  });

  it('numbers the documents of each register without a gap and chains each to the one before by hash', () => {
    for (const numprro of [NUMPRRO, '4000123457']) {
      const chain = docs.filter((d) => d.numprro === numprro);
      expect(chain.length).toBeGreaterThan(0);
      expect(chainProblems(chain), numprro).toEqual([]);
    }
  });

  it('chains the documents of the offline session inside their bodies, with their offline numbers', () => {
    const offline = docs.filter((d) => d.offlineSessionId !== '');
    expect(offline.map((d) => d.docType)).toEqual(['offline_begin', 'receipt', 'receipt', 'service_deposit', 'offline_end']);
    expect(
      offlineProblems(
        docs.filter((d) => d.numprro === NUMPRRO),
        seedOfSession(shop.db, NUMPRRO),
      ),
    ).toEqual([]);
    // Online documents carry none of the offline fields.
    for (const d of docs.filter((x) => x.offlineSessionId === '')) {
      expect([d.doc.head.OFFLINE, d.doc.head.ORDERTAXNUM, d.doc.head.PREVDOCHASH], `#${d.id}`).toEqual([
        undefined,
        undefined,
        undefined,
      ]);
    }
  });

  it('makes a Z-report that is the sum of its shift’s documents', () => {
    const z = docs.find((d) => d.doc.root.name === 'ZREP') as QueueDoc;
    if (z.doc.content.doc !== 'zrep') throw new Error('no Z-report');
    const sums = sumShift(docs.filter((d) => d.shiftId === z.shiftId && d.localNum < z.localNum).map((d) => d.doc));
    expect(shown(zKind(z.doc.content.ZREPREALIZ))).toEqual(shown(sums.sales));
    expect(shown(zKind(z.doc.content.ZREPRETURN))).toEqual(shown(sums.returns));
    expect(z.doc.content.ZREPBODY).toEqual({ SERVICEINPUT: '250.00', SERVICEOUTPUT: '100.00' });
  });

  it('would be caught by these checks if a tax, a number or a hash were off', () => {
    // The checks above must be able to fail: the same documents, each spoilt in one place.
    const mixed = docs.find((d) => kindOf(d) === '0/0' && checkOf(d).CHECKTAX?.length === 3) as QueueDoc;
    const spoilt = readBack(mixed.text.replace('<SUM>43.65</SUM>', '<SUM>43.66</SUM>'));
    expect(arithmeticProblems(spoilt)).toEqual([expect.stringMatching(/^taxes /)]);
    const chain = docs.filter((d) => d.numprro === NUMPRRO);
    expect(chainProblems(chain.filter((_, i) => i !== 3))).not.toEqual([]);
    const offline = chain.filter((d) => d.offlineSessionId !== '');
    const swapped = [offline[0], offline[2], offline[1], ...offline.slice(3)] as QueueDoc[];
    expect(offlineProblems(swapped, seedOfSession(shop.db, NUMPRRO))).not.toEqual([]);
  });
});

describe('a repayment of a sale on credit', () => {
  it('names the sale it pays for by its fiscal number, even when made before the tax server accepted the sale', () => {
    const shop = standardShop();
    try {
      const { send } = clocked(shop);
      addCard(shop, { code: CARD, maxdolg: '1000' });
      send();
      const sale = shop.call('pos.checkout_close_sale', {
        kasm: 1,
        rows: [{ code: BREAD, quant: '2', price: '25.50', sum: '51.00' }],
        payments: [{ type: 'debt', amount: '51.00', card: CARD }],
      }).rows[0] as Record<string, string>;
      let refused = false;
      try {
        shop.call('pos.debt_pay_cash', { akas: 'KAS1', card: CARD, amount: '20.00', kasm: 1 });
      } catch {
        // Refusing the repayment until the sale has its fiscal number would keep the rule as well.
        refused = true;
      }
      send();
      const all = queueDocs(shop.db, { numprro: NUMPRRO });
      const saleDoc = all.find((d) => d.id === Number(sale.prro_doc_id)) as QueueDoc;
      const repayment = all.find((d) => d.doc.content.doc === 'check' && d.doc.content.CHECKTOTAL?.PARTPAYTYPE === '3');
      if (refused) expect(repayment).toBeUndefined();
      else expect(checkOf(repayment as QueueDoc).CHECKTOTAL?.PARTPAYORDPREPAYNUM).toBe(saleDoc.fiscalNumber);
    } finally {
      shop.close();
    }
  });
});

describe('the documents of a seller who is not a VAT payer, in test mode', () => {
  it('carry no IPN and no VAT, only excise, say TESTING, and validate', () => {
    const shop = standardShop();
    try {
      // The seller changes only between shifts, as the tax server requires.
      sendToTaxServer(shop.db);
      for (const kasm of [1, 2]) shop.call('pos.shift_close', { kasm });
      shop.call('settings.fiscal_identity_save', { ...TEST_SELLER, vat_payer: false, ipn: '', testing: true });
      for (const kasm of [1, 2]) shop.call('pos.shift_open', { kasm, cashier: 1 });
      shop.call('settings.goods_tax_letters_save', { code: VODKA, letters: 'АГ' });
      const sale = shop.call('pos.checkout_close_sale', {
        kasm: 1,
        rows: [
          { code: BREAD, quant: '1', price: '25.50', sum: '25.50' },
          { code: VODKA, quant: '1', price: '180.00', sum: '180.00', excise_marks: ['HAAB508932 0000000201'] },
        ],
        payments: [{ type: 'bn', amount: '205.50' }],
      }).rows[0] as Record<string, string>;
      const doc = queueDocs(shop.db).find((d) => d.id === Number(sale.prro_doc_id)) as QueueDoc;
      expect(doc.doc.head.IPN).toBeUndefined();
      expect(doc.doc.head.TESTING).toBe('true');
      expect(checkOf(doc).CHECKBODY?.map((r) => r.LETTERS)).toEqual([undefined, 'Г']);
      expect(checkOf(doc).CHECKTAX?.map((t) => [t.LETTER, t.TYPE, t.SOURCESUM, t.SUM])).toEqual([['Г', '1', '180.00', '8.57']]);
      expect(arithmeticProblems(doc.doc)).toEqual([]);
      const v = validate([{ name: 'sale', root: 'CHECK', bytes: doc.bytes }]).get('sale');
      expect(v).toEqual({ xmllint: '', ours: { ok: true } });
    } finally {
      shop.close();
    }
  });
});
