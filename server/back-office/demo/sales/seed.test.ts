import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRRO } from '../../../../shared/contract/index.js';
import type { Db } from '../../../../shared-node/sql/db.js';
import { migrate } from '../../../../shared-node/sqlite/migrate.js';
import { openDatabase } from '../../../../shared-node/sqlite/open.js';
import { BACK_OFFICE_MIGRATIONS } from '../../back-office.js';
import { fiscalBreaches, NO_FISCAL_BREACHES } from '../../sales/testing/fiscal-invariants.js';
import { invariantBreaches, NO_BREACHES } from '../../sales/testing/invariants.js';
import { seedDemo } from '../index.js';
import { seedFiscalSetup } from './fiscal-setup.js';

const NOW = new Date('2025-03-14T15:00:00Z');
let dir: string;

function demoShop(name: string): Db {
  const db = openDatabase(path.join(dir, name));
  migrate(db, BACK_OFFICE_MIGRATIONS);
  seedDemo(db, { goods: 300, now: NOW });
  return db;
}

let db: Db;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sales-demo-'));
  db = demoShop('a.sqlite');
});
afterAll(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const count = (sql: string) => db.prepare(sql).pluck().get() as number;

describe('the demo shop, sales half', () => {
  it('keeps the books consistent: boxes, cards, receipts and stock all add up', () => {
    expect(invariantBreaches(db)).toEqual(NO_BREACHES);
  });

  it('keeps its registers whole: numbers, chains, drawers on documents, Z-reports equal to their shifts', () => {
    expect(fiscalBreaches(db)).toEqual(NO_FISCAL_BREACHES);
    expect(count("SELECT count(*) FROM prro_docs WHERE doc_type = 'z_report' AND status = 2")).toBe(8);
    expect(count('SELECT count(*) FROM shifts WHERE closed_at IS NULL')).toBe(3);
  });

  it('had an hour two days ago when the tax server could not be reached, and its offline session went through', () => {
    expect(count("SELECT count(*) FROM prro_docs WHERE doc_type = 'offline_begin' AND status = 2")).toBeGreaterThan(0);
    expect(count("SELECT count(*) FROM prro_docs WHERE offline_session_id <> '' AND status <> 2")).toBe(0);
    expect(count("SELECT count(*) FROM prro_docs WHERE offline_session_id <> '' AND doc_type = 'receipt'")).toBeGreaterThan(0);
  });

  it('has cards with holders, debts within their limits and bonus balances', () => {
    expect(count('SELECT count(*) FROM discount_cards')).toBe(36);
    expect(count("SELECT count(*) FROM discount_cards WHERE last_name <> '' AND phone <> ''")).toBe(36);
    expect(count('SELECT count(*) FROM discount_cards WHERE debt > 0')).toBeGreaterThan(2);
    expect(count('SELECT count(*) FROM discount_cards WHERE debt > debt_limit')).toBe(0);
    expect(count('SELECT count(*) FROM card_debt_payments')).toBeGreaterThan(0);
  });

  it('has four days of receipts at three tills, paid every way', () => {
    expect(count('SELECT count(DISTINCT sale_date) FROM receipts')).toBe(4);
    expect(count('SELECT count(DISTINCT kasm) FROM receipts')).toBe(3);
    expect(db.prepare('SELECT DISTINCT type FROM receipt_payments ORDER BY type').pluck().all()).toEqual([
      'bn',
      'bonus',
      'cert',
      'debt',
      'nal',
    ]);
    expect(count("SELECT count(*) FROM receipts WHERE created_at > '2025-03-14T15:00:00.000Z'")).toBe(0);
  });

  it('has PRRO documents fiscalized, rejected with a readable error, blocked, cancelled, retrying and queued', () => {
    const statuses = db.prepare('SELECT DISTINCT status FROM prro_docs ORDER BY status').pluck().all();
    expect(statuses).toEqual([PRRO.queued, PRRO.accepted, PRRO.rejected, PRRO.cancelled, PRRO.blocked, PRRO.retrying]);
    expect(db.prepare('SELECT last_error FROM prro_docs WHERE status = 3').pluck().all()).toEqual([
      'Код помилки: 9 DocumentValidationError\nCHECK/CHECKHEAD/ORDERDATE: «2025-03-13» має містити рівно 8 символів, а містить 10',
    ]);
    // The register number typed wrong was rejected, corrected by the manager and accepted: the audit keeps it.
    expect(count("SELECT count(*) FROM prro_doc_audit WHERE action = 'requeue'")).toBe(1);
    expect(count("SELECT count(*) FROM prro_docs WHERE status = 2 AND fiscal_number = ''")).toBe(0);
  });

  it('lists the excise stamp let through twice', () => {
    expect(count('SELECT count(*) FROM excise_stamps WHERE duplicate = 1 AND check_number IS NOT NULL')).toBe(1);
  });

  it('makes the same shop every time', () => {
    const other = demoShop('b.sqlite');
    const dump = (d: Db) => d.prepare('SELECT doc_hash FROM prro_docs ORDER BY id').pluck().all();
    expect(dump(other)).toEqual(dump(db));
    other.close();
  });
});

describe('the demo fiscal setup', () => {
  it('dates its deliveries by the shop day, not the UTC one', () => {
    const fresh = openDatabase(path.join(dir, 'setup.sqlite'));
    migrate(fresh, BACK_OFFICE_MIGRATIONS);
    // 00:30 on March 10 in Kyiv is still March 9 in UTC.
    seedFiscalSetup(fresh, new Date('2025-03-09T22:30:00Z'), 'Менеджер');
    expect(
      fresh.prepare("SELECT DISTINCT received_on FROM stock_batches WHERE document_number = 'ПН-АПТ-1'").pluck().all(),
    ).toEqual(['2025-03-10']);
    fresh.close();
  });
});
