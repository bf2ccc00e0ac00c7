/**
 * Test support for the sales half: a real database (back-office-db.ts) with every back office migration,
 * a clock the test moves, a caller that goes through invoke() and then the gateway's
 * normalization (so every answer is checked against the result contract), and a small shop.
 */
import type { ParamsOf, RpcResult } from '../../../../shared/contract/index.js';
import { findOperation } from '../../../../shared/contract/index.js';
import type { Db } from '../../../../shared-node/sql/db.js';
import type { Migration } from '../../../../shared-node/sqlite/migrate.js';
import { normalizeResult } from '../../../gateway/normalize.js';
import { openBackOfficeDb } from '../../../testing/back-office-db.js';
import { BusinessRefusal } from '../../../upstream/upstream.js';
import { catalogMigrations, receiveBatch } from '../../catalog/index.js';
import { setPin } from '../../catalog/users/pins/pins.js';
import { coreMigrations } from '../../core/schema.js';
import { dec, toDb } from '../../decimal.js';
import type { BackOfficeContext } from '../../handlers.js';
import { invoke } from '../../operations.js';
import { type SalesOperation, salesMigrations } from '../index.js';

export interface Shop {
  readonly db: Db;
  readonly ctx: BackOfficeContext;
  /** Moves the shop's clock. */
  setNow(iso: string): void;
  /** Calls as the given user (default the shop's cashier) and returns the normalized result. */
  call<M extends SalesOperation>(name: M, params: ParamsOf<M>, user?: string): RpcResult;
  /** Expects a business refusal and returns it. */
  refused<M extends SalesOperation>(name: M, params: ParamsOf<M>): BusinessRefusal;
  close(): void;
}

function openShop(extra: readonly Migration[]): Shop {
  const opened = openBackOfficeDb([...coreMigrations, ...catalogMigrations, ...salesMigrations, ...extra], 'sales');
  const { db } = opened;
  let now = new Date('2025-03-14T10:00:00Z');
  const ctxOf = (user: string): BackOfficeContext => ({ db, user, now: () => now, timeZone: 'Europe/Kyiv' });
  const ctx = ctxOf('cashier');
  return {
    db,
    ctx,
    setNow(iso) {
      now = new Date(iso);
    },
    call(name, params, user = 'cashier') {
      const raw = invoke(ctxOf(user), name, params);
      return normalizeResult(findOperation(name)!, raw, { name: 'test', version: 'test' });
    },
    refused(name, params) {
      try {
        invoke(ctx, name, params);
      } catch (err) {
        if (err instanceof BusinessRefusal) return err;
        throw err;
      }
      throw new Error(`${name} was expected to be refused`);
    },
    close() {
      opened.close();
    },
  };
}

export interface Product {
  code: string;
  name?: string;
  price: string;
  unit_type?: string;
  no_discount?: boolean;
  excise_input?: boolean;
  uktzed?: string;
}

export function addProduct(db: Db, p: Product): void {
  db.prepare(
    `INSERT INTO goods (code, name, unit_type, price, no_discount, excise_input, uktzed, date_added)
     VALUES (?, ?, ?, ?, ?, ?, ?, '2025-01-10')`,
  ).run(
    p.code,
    p.name ?? `Товар ${p.code}`,
    p.unit_type ?? 'шт',
    toDb(p.price, 'cur'),
    p.no_discount ? 1 : 0,
    p.excise_input ? 1 : 0,
    p.uktzed ?? '',
  );
}

/** A delivery booked the way the catalog books an invoice line: a FIFO batch and its stock. */
export function addBatch(db: Db, b: { code: string; quantity: string; cost: string; on: string; sk?: number }): void {
  receiveBatch(db, {
    code: b.code,
    sk: b.sk ?? 0,
    documentNumber: `ПН-${b.on}`,
    unitCost: dec(b.cost),
    quantity: dec(b.quantity),
    receivedOn: b.on,
    fiscal: true,
  });
}

export function addTill(db: Db, t: { kasm: number; akas: string; numprro?: string; bank?: string; balance?: string }): void {
  db.prepare('INSERT OR IGNORE INTO cash_boxes (akas, name) VALUES (?, ?)').run(t.akas, `Каса ${t.akas}`);
  db.prepare('INSERT INTO tills (kasm, name, akas, numprro, bank_destination) VALUES (?, ?, ?, ?, ?)').run(
    t.kasm,
    `Каса ${t.kasm}`,
    t.akas,
    t.numprro ?? '',
    t.bank ?? '',
  );
}

export function addCard(
  shop: Shop,
  c: { code: string; disc?: string; maxdolg?: string; isdolg?: number; bonus?: string; bonusPercent?: string; last?: string },
): void {
  shop.call('discounts.import_card_ignore', {
    code: c.code,
    df: c.last ?? 'Коваленко',
    di: 'Олена',
    do: 'Петрівна',
    ...(c.disc ? { disc: c.disc } : {}),
    ...(c.maxdolg ? { maxdolg: c.maxdolg } : {}),
    isdolg: c.isdolg ?? (c.maxdolg ? 1 : 0),
  });
  if (c.bonusPercent)
    shop.db.prepare('UPDATE discount_cards SET bonus_percent = ? WHERE card = ?').run(toDb(c.bonusPercent, 'pct'), c.code);
  if (c.bonus) {
    const amount = toDb(c.bonus, 'cur');
    shop.db
      .prepare(
        "INSERT INTO bonus_ledger (card, amount, comment, user, created_at) VALUES (?, ?, 'Стартовий бонус', 'test', '2025-01-01T00:00:00Z')",
      )
      .run(c.code, amount);
    shop.db.prepare('UPDATE discount_cards SET bonus = bonus + ? WHERE card = ?').run(amount, c.code);
  }
}

export function addUser(db: Db, name: string): number {
  return Number(db.prepare("INSERT INTO users (name, card, level) VALUES (?, ?, '1')").run(name, `U-${name}`).lastInsertRowid);
}

/**
 * The standard little shop: bread and milk, vodka (excise), cigarettes (excise, no discount),
 * cheese by weight; two tills, the first with a PRRO and two bank destinations.
 */
/**
 * `extra`: more migrations (the catalogue's change log, for a test of the whole back office);
 * `shiftsFrom`: when the shifts open (2025-03-14T10:00Z by default) and the shop's clock stays, for
 * a test that sells earlier: a register refuses a document dated before its last one.
 */
export function standardShop(extra: readonly Migration[] = [], opts: { shiftsFrom?: string } = {}): Shop {
  const shop = openShop(extra);
  const { db } = shop;
  if (opts.shiftsFrom) shop.setNow(opts.shiftsFrom);
  addProduct(db, { code: '4820000000011', name: 'Хліб житній', price: '25.50' });
  addProduct(db, { code: '4820000000028', name: 'Молоко 2,5%', price: '42.00' });
  addProduct(db, { code: '4820000000035', name: 'Горілка 0,5', price: '180.00', excise_input: true, uktzed: '2208601100' });
  addProduct(db, {
    code: '4820000000042',
    name: 'Сигарети',
    price: '95.00',
    excise_input: true,
    no_discount: true,
    uktzed: '2402209000',
  });
  addProduct(db, { code: '2000000000015', name: 'Сир твердий', price: '420.00', unit_type: 'кг' });
  addBatch(db, { code: '4820000000011', quantity: '10', cost: '15.00', on: '2025-03-01' });
  addBatch(db, { code: '4820000000011', quantity: '20', cost: '16.00', on: '2025-03-10' });
  addBatch(db, { code: '4820000000028', quantity: '30', cost: '30.00', on: '2025-03-05' });
  addBatch(db, { code: '4820000000035', quantity: '12', cost: '120.00', on: '2025-02-20' });
  addBatch(db, { code: '4820000000042', quantity: '20', cost: '80.00', on: '2025-02-20' });
  addBatch(db, { code: '2000000000015', quantity: '5.000', cost: '300.00', on: '2025-03-01' });
  addTill(db, { kasm: 1, akas: 'KAS1', numprro: '4000123456', bank: 'ФОП Коваль, ПриватБанк; ФОП Мельник, Ощадбанк' });
  addTill(db, { kasm: 2, akas: 'KAS2', numprro: '4000123457' });
  setSeller(shop);
  const cashier = addUser(db, 'Олена Касир');
  for (const kasm of [1, 2]) shop.call('pos.shift_open', { kasm, cashier });
  return shop;
}

/** The seller of the test shop: a VAT payer. */
export const TEST_SELLER = {
  tin: '12345678',
  ipn: '123456789012',
  vat_payer: true,
  org_name: 'ТОВ "Тест"',
  point_name: 'Магазин "Тест"',
  point_addr: 'м. Київ, вул. Тестова, 1',
} as const;

export function setSeller(shop: Shop): void {
  shop.call('settings.fiscal_identity_save', { ...TEST_SELLER });
}

export const BREAD = '4820000000011';
export const MILK = '4820000000028';
export const VODKA = '4820000000035';
export const CIGARETTES = '4820000000042';
export const CHEESE = '2000000000015';

/** The test shop's manager: level 9, card MGR-T, PIN 2002 (set once per shop). */
export const TEST_MANAGER = { name: 'Мельник Андрій', card: 'MGR-T', pin: '2002' } as const;

/** A manager's confirmation of an action at a till, through pos.manager_confirm as a till asks for one. */
export function managerConfirmation(shop: Shop, action: ParamsOf<'pos.manager_confirm'>['action'], kasm = 1): number {
  if (!shop.db.prepare('SELECT 1 FROM users WHERE card = ?').get(TEST_MANAGER.card)) {
    const id = shop.db
      .prepare("INSERT INTO users (name, card, level) VALUES (?, ?, '9')")
      .run(TEST_MANAGER.name, TEST_MANAGER.card).lastInsertRowid;
    setPin(shop.db, Number(id), TEST_MANAGER.pin, new Date('2025-01-01T00:00:00Z'));
  }
  const row = shop.call('pos.manager_confirm', { kasm, card: TEST_MANAGER.card, pin: TEST_MANAGER.pin, action }).rows[0] as {
    confirmation_id: string;
  };
  return Number(row.confirmation_id);
}
