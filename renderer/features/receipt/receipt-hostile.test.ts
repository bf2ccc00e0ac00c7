// @vitest-environment happy-dom
/**
 * A receipt with hostile content, rendered from what the back office really answers: names longer
 * than the document may carry or with characters windows-1251 lacks, a hundred lines, fiscal
 * numbers of twenty characters. The paper says what the document says (the name as it was
 * written, "?" and all) and its QR code still reads back as its link.
 * A .ts file without JSX, because only *.test.ts files may reach into server/.
 */
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addBatch, addProduct, type Shop, standardShop } from '../../../server/back-office/sales/testing/shop.js';
import { sendToTaxServer } from '../../../server/back-office/sales/testing/tax-server.js';
import { readDocument } from '../../../server/dps/format/read.js';
import { verificationUrl } from '../../../shared/fiscal/verification.js';
import { type PrintRow, type Receipt, receiptOf } from '../../../shared/paper/receipt.js';
import { paperLines, readQr, showPaper } from './read-paper.testing.js';

let shop: Shop;
beforeEach(() => {
  shop = standardShop();
});
afterEach(() => {
  cleanup();
  shop.close();
});

const receipt = (check: number): Receipt => {
  const r = receiptOf(shop.call('pos.receipt_print', { check_number: check }).rows as PrintRow[], []);
  if (!r) throw new Error('no HEAD');
  return r;
};

const bodyNames = (check: number): string[] => {
  const b64 = shop.db
    .prepare('SELECT d.xml_body_b64 FROM receipts r JOIN prro_docs d ON d.id = r.prro_doc_id WHERE r.check_number = ?')
    .pluck()
    .get(check) as string;
  const c = readDocument(Buffer.from(b64, 'base64')).content;
  return c.doc === 'check' ? (c.CHECKBODY ?? []).map((r) => r.NAME) : [];
};

describe('a receipt with hostile content', () => {
  it('of a hundred lines with long names and characters windows-1251 lacks prints each name as the document carries it, and its QR reads back', () => {
    const names = Array.from({ length: 100 }, (_, i) =>
      i % 3 === 0
        ? `${'Дуже-довга-назва-без-пробілів-'.repeat(6)}${i}`
        : i % 3 === 1
          ? `Кава ☕ «Лате» 咖啡 № ${i}`
          : `Ґанок їжак ${i}`,
    );
    const rows = names.map((name, i) => {
      const code = `29${String(i).padStart(11, '0')}`;
      addProduct(shop.db, { code, name, price: '1.01' });
      addBatch(shop.db, { code, quantity: '1', cost: '0.50', on: '2025-03-01' });
      return { code, quant: '1', price: '1.01', sum: '1.01' };
    });
    const check = Number(
      (
        shop.call('pos.checkout_close_sale', { kasm: 1, rows, payments: [{ type: 'nal', amount: '101.00' }] }).rows[0] as {
          check_number: string;
        }
      ).check_number,
    );
    sendToTaxServer(shop.db);
    const r = receipt(check);
    const written = bodyNames(check);
    // The document cuts a name to 128 characters and writes what windows-1251 lacks as "?".
    expect(written[0]).toHaveLength(128);
    expect(written[1]).toBe('Кава ? «Лате» ?? № 1');
    expect(written[2]).toBe('Ґанок їжак 2');
    for (const width of [58, 80] as const) {
      const { paper } = showPaper(r, width);
      expect(paper.querySelectorAll('[data-testid="receipt-line"]')).toHaveLength(100);
      const lines = paperLines(paper);
      for (const name of written) expect(lines).toContain(name);
      expect(readQr(paper)).toBe(r.head.qr_url);
      cleanup();
    }
  });

  it('with a register and a receipt fiscal number of twenty characters keeps a QR code that reads back as its link', () => {
    const check = Number(
      (
        shop.call('pos.checkout_close_sale', {
          kasm: 1,
          rows: [{ code: '4820000000011', quant: '1', price: '25.50', sum: '25.50' }],
          payments: [{ type: 'bn', amount: '25.50' }],
        }).rows[0] as { check_number: string }
      ).check_number,
    );
    sendToTaxServer(shop.db);
    const r = receipt(check);
    const long = { fiscalNumber: '12345678901234567890', numprro: '40001234567890123456' };
    const qr = verificationUrl({ ...long, orderDate: r.head.order_date, orderTime: r.head.order_time, sum: r.head.total });
    const head = { ...r.head, fiscal_number: long.fiscalNumber, numprro: long.numprro, qr_url: qr };
    for (const width of [58, 80] as const) {
      const { paper, text } = showPaper({ ...r, head }, width);
      expect(text).toContain(`ЧЕК ФН ${long.fiscalNumber}`);
      expect(text).toContain(`ПРРО ФН ${long.numprro}`);
      expect(readQr(paper)).toBe(qr);
      cleanup();
    }
  });
});
