import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isEan13, withCheckDigit } from '../../../shared/barcodes/ean.js';
import { orderedRows, TEST_ENGINE, userTables } from '../../testing/back-office-db.js';
import { caller, openTestDb, stockMismatches, type TestDb } from '../catalog/testing.js';
import { seedCatalog } from './catalog.js';

const now = new Date('2025-03-14T09:30:00Z');
let t: TestDb;

const count = (sql: string) => (t.db.prepare(sql).get() as { n: number }).n;

beforeEach(() => {
  t = openTestDb();
});
afterEach(() => t.close());

describe('the demo catalog', () => {
  it('fills a grocery of about 2,000 goods with valid EAN-13 codes and UKTZED codes', () => {
    seedCatalog(t.db, { now });
    expect(count('SELECT count(*) AS n FROM goods')).toBe(2000);
    const codes = t.db.prepare('SELECT code, uktzed, category FROM goods').all() as {
      code: string;
      uktzed: string;
      category: string;
    }[];
    expect(codes.every((g) => isEan13(g.code) && g.code.startsWith('482'))).toBe(true);
    expect(codes.filter((g) => g.category !== 'Набори').every((g) => /^\d{10}$/.test(g.uktzed))).toBe(true);
    expect(count("SELECT count(*) AS n FROM goods WHERE weighted = 1 AND unit_type = 'кг' AND plu IS NOT NULL")).toBeGreaterThan(
      200,
    );
    expect(count('SELECT count(*) AS n FROM goods WHERE excise_input = 1')).toBeGreaterThan(150);
    expect(count("SELECT count(*) AS n FROM goods WHERE name LIKE 'Горілка%' AND excise_input = 1")).toBeGreaterThan(10);
    expect(count('SELECT count(*) AS n FROM goods_composition')).toBeGreaterThan(10);
    expect(count('SELECT count(*) AS n FROM goods_extra_codes')).toBeGreaterThan(40);
    expect(count('SELECT count(*) AS n FROM goods_pictures')).toBeGreaterThan(100);
  });

  it('gives the goods FIFO stock from several invoices in the main storage and both branches', () => {
    seedCatalog(t.db, { now });
    expect(stockMismatches(t.db)).toEqual([]);
    expect(count('SELECT count(DISTINCT nn) AS n FROM invoices WHERE sk = 0')).toBeGreaterThan(20);
    expect(count('SELECT count(*) AS n FROM invoices WHERE sk = 1')).toBeGreaterThan(5);
    expect(count('SELECT count(*) AS n FROM invoices WHERE sk = 2')).toBeGreaterThan(5);
    expect(count('SELECT count(*) AS n FROM stock_batches WHERE sk = 0')).toBeGreaterThan(2500);
    // Every incoming line is its batch, and every batch came from a line.
    expect(
      count(`SELECT count(*) AS n FROM stock_batches b
             LEFT JOIN invoice_lines l ON l.batch_id = b.id AND l.nn = b.document_number AND l.quantity = b.quantity
             WHERE l.batch_id IS NULL`),
    ).toBe(0);
    expect(count("SELECT count(*) AS n FROM invoices WHERE currency = 'EUR'")).toBeGreaterThan(0);
    expect(count("SELECT count(*) AS n FROM invoice_lines WHERE nn = 'ІНВ-0001'")).toBeGreaterThan(3);
    expect(count("SELECT count(*) AS n FROM nakl_import_lines WHERE temp_nn = 'TMP-0001'")).toBeGreaterThan(0);
  });

  it('sets up three tills with their cash boxes, users, suppliers, actions and templates', () => {
    seedCatalog(t.db, { now });
    expect(t.db.prepare('SELECT kasm, akas, numprro FROM tills ORDER BY kasm').all()).toEqual([
      { kasm: 1, akas: 'KAS1', numprro: '4000211451' },
      { kasm: 2, akas: 'KAS2', numprro: '4000211452' },
      { kasm: 3, akas: 'KAS3', numprro: '4000211453' },
    ]);
    expect(
      count(`SELECT count(*) AS n FROM cash_boxes b
             WHERE b.balance <> (SELECT sum(amount) FROM cash_movements m WHERE m.akas = b.akas)`),
    ).toBe(0);
    expect(count('SELECT count(*) AS n FROM users')).toBe(8);
    expect(count('SELECT count(*) AS n FROM workplace_profiles')).toBe(8);
    expect(count('SELECT count(*) AS n FROM counterparties')).toBe(15);
    expect(count('SELECT count(DISTINCT uin) AS n FROM discount_actions')).toBe(4);
    expect(count("SELECT count(*) AS n FROM receipt_template_parts WHERE part GLOB 'prro_*'")).toBeGreaterThan(2);
    expect(count('SELECT count(*) AS n FROM report_templates')).toBe(2);
  });

  it('answers the catalog operations on its data', () => {
    seedCatalog(t.db, { now });
    const call = caller(t.db, { now });
    const { code } = t.db.prepare("SELECT code FROM stock_batches WHERE sk = 0 AND document_number LIKE 'П-%' LIMIT 1").get() as {
      code: string;
    };
    const card = call('goods.card_open', { code }).rows as { tag: string }[];
    expect(card.map((r) => r.tag)).toContain('FIFO');
    const weighted = t.db.prepare('SELECT plu FROM goods WHERE weighted = 1 LIMIT 1').get() as { plu: string };
    const barcode = `21${weighted.plu.padStart(5, '0')}01500`;
    expect(call('pos.find_code', { code: withCheckDigit(barcode) }).rows).toMatchObject([{ kind: 'weight', quantity: '1.500' }]);
    expect(call('generators.make_art', {}).value).toMatch(/^\d{3}$/);
    expect(call('nakl.import_confirm', { temp_nn: 'TMP-0001' }).status).toMatchObject({ affected: expect.any(String) });
    expect(call('nakl.renew_inventory_rest', { nn: 'ІНВ-0001' }).status).toMatchObject({ affected: expect.any(String) });
    expect(stockMismatches(t.db)).toEqual([]);
  });

  it('is the same shop every time for the same options', () => {
    seedCatalog(t.db, { now, goods: 500 });
    const other = openTestDb();
    try {
      seedCatalog(other.db, { now, goods: 500 });
      const tables = userTables(t.db);
      for (const table of tables) {
        // A PIN's salt is random by design (catalog/users/pins), so its hash is too.
        const columns = table === 'user_pins' ? 'user_id, failures, locked_until, set_at' : '*';
        const dump = (db: typeof t.db) => orderedRows(db, table, columns);
        expect(dump(other.db), table).toEqual(dump(t.db));
      }
      expect(count('SELECT count(*) AS n FROM goods')).toBe(500);
    } finally {
      other.close();
    }
  });

  // The benchmarks' catalogue of 20,000 goods: a row at a time, a minute of round trips on
  // PostgreSQL, where the 500 goods above already prove the same rules.
  it.skipIf(TEST_ENGINE === 'postgres')('makes a large catalogue for benchmarks, its stock matching its batches', () => {
    seedCatalog(t.db, { now, goods: 20_000 });
    expect(count('SELECT count(*) AS n FROM goods')).toBe(20_000);
    expect(stockMismatches(t.db)).toEqual([]);
  });
});
