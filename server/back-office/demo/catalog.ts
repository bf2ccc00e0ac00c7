/**
 * The catalog half of the demo shop "Колосок", a Ukrainian grocery: tills and cash boxes, users
 * and their workplace profiles, suppliers, captions, print templates, about 2,000 goods (or as
 * many as asked for benchmarks) with their stock from several invoices, and discount actions.
 * Deterministic: the same options give the same shop.
 */

import { localDate, localDateTime } from '../../../shared/time/zone.js';
import type { Db } from '../../../shared-node/sql/db.js';
import { directorySql } from '../catalog/directories/statements.js';
import { settingsSql } from '../catalog/settings/statements.js';
import { setPin } from '../catalog/users/pins/pins.js';
import { CAPTIONS, DEMO_PINS, RECEIPT_PARTS, SUPPLIERS, TILLS, USERS } from './catalog-data.js';
import { type SeededProduct, seedCardDetails, seedGoods } from './catalog-goods.js';
import { seedSql } from './catalog-statements.js';
import { type Clock, seedDeliveries, seedInventoryCount, seedPendingImport } from './catalog-stock.js';
import { prng } from './prng.js';

export interface CatalogSeedOptions {
  readonly goods?: number;
  readonly now?: Date;
}

const SEED = 20_250_314;
const TIME_ZONE = 'Europe/Kyiv';
const DAY_MS = 86_400_000;
const MANAGER = USERS[1].name;

export function seedCatalog(db: Db, opts: CatalogSeedOptions = {}): void {
  const now = opts.now ?? new Date();
  const clock: Clock = {
    day: memo((daysAgo) => localDate(new Date(now.getTime() - daysAgo * DAY_MS), TIME_ZONE)),
    at: memo((daysAgo) => localDateTime(new Date(now.getTime() - daysAgo * DAY_MS), TIME_ZONE)),
  };
  const rnd = prng(SEED);
  db.transaction(() => {
    seedTills(db, clock);
    seedPeople(db, clock, now);
    seedDirectories(db);
    seedTemplates(db, clock);
    const goods = seedGoods(db, rnd, opts.goods ?? 2000, clock.day);
    seedCardDetails(db, rnd, goods, clock.at);
    seedDeliveries(db, rnd, goods, clock);
    seedInventoryCount(db, rnd, goods, clock);
    seedPendingImport(db, rnd, goods, clock, MANAGER);
    seedActions(db, goods, clock);
  })();
}

/** Dates are asked for per line of every invoice; formatting each one again would dominate a large seed. */
function memo(f: (daysAgo: number) => string): (daysAgo: number) => string {
  const known = new Map<number, string>();
  return (daysAgo) => {
    let v = known.get(daysAgo);
    if (v === undefined) {
      v = f(daysAgo);
      known.set(daysAgo, v);
    }
    return v;
  };
}

/** Three tills, each with its cash box holding an opening float, and its PRRO. */
function seedTills(db: Db, clock: Clock): void {
  const s = seedSql(db);
  for (const t of TILLS) {
    s.cashBox.run(t.akas, t.name);
    s.till.run(t.kasm, t.name, t.akas, t.numprro, t.bank);
    const amount = 10_000_000; // 1,000.00 of change money
    s.cashIn.run({
      akas: t.akas,
      amount,
      tdoc: 'Приход кассы',
      payment_name: 'Розмінна монета',
      user: MANAGER,
      created_at: clock.at(60),
    });
    s.addBalance.run(amount, t.akas);
  }
}

function seedPeople(db: Db, clock: Clock, now: Date): void {
  const d = directorySql(db);
  const p = settingsSql(db);
  const pins = new Map(DEMO_PINS.map((x) => [x.card, x.pin]));
  for (const u of USERS) {
    const id = Number(
      d.insertUser.run({ ...u, rekv: '', kf: u.typex === 'консультант' ? 1_500_000 : 1_000_000 }).lastInsertRowid,
    );
    p.putProfile.run({
      user_id: id,
      name: u.kasx > 0 ? `Каса ${u.kasx}` : `Робоче місце: ${u.typex}`,
      dopinf: u.typex === 'касир' ? 'font=14;scale=1;sound=1;confirm_delete=1' : 'font=12;scale=1;sound=0;confirm_delete=1',
      updated_at: clock.at(30),
    });
    const pin = pins.get(u.card);
    if (pin) setPin(db, id, pin, now);
  }
}

function seedDirectories(db: Db): void {
  const d = directorySql(db);
  const s = seedSql(db);
  for (const c of SUPPLIERS) d.insertCounterparty.run({ name: c.name, rekv: c.rekv });
  d.insertCounterparty.run({ name: 'КЗ "Ліцей №3" (їдальня)', rekv: 'ЄДРПОУ 24912345\nм. Київ, вул. Шкільна, 3' });
  for (const [fld, rus, ukr, width] of CAPTIONS) {
    d.insertZap.run({ fld, rus, ukr, width });
    d.insertKupm.run({ fld, rus, ukr });
  }
  s.currency.run('USD', 'долар США', 41_500_000);
  s.currency.run('EUR', 'євро', 45_200_000);
  s.currency.run('PLN', 'польський злотий', 10_400_000);
}

function seedTemplates(db: Db, clock: Clock): void {
  const s = seedSql(db);
  const updated = clock.day(90);
  for (const [part, text] of RECEIPT_PARTS) s.receiptPart.run(part, text, updated);
  s.receiptTemplate.run('dprinter', 'Товарний чек A5', '{header}\n{lines}\n{footer}', updated);
  s.receiptTemplate.run('dprinter', 'Видаткова накладна A4', '{header}\nВидаткова накладна\n{lines}', updated);
  s.receiptTemplate.run('prro', 'Фіскальний чек', '{prro_header}\n{prro_lines}\n{prro_footer}\n{prro_qr}', updated);
  s.receiptTemplate.run('prro', 'Фіскальний чек (вузький)', '{prro_header}\n{prro_lines}\n{prro_footer}', updated);
  s.receiptTemplate.run('android', 'Чек Android', '{header}\n{lines}\n{footer}', updated);
  s.receiptTemplate.run('android_prro', 'Фіскальний чек Android', '{prro_header}\n{prro_lines}\n{prro_footer}', updated);
  // Placeholders are the ones the sales half's report builder fills (sales/reports/report-text.ts).
  s.reportTemplate.run(
    'dayrep',
    [
      'Продукти "Колосок"',
      'ДЕННИЙ ЗВІТ №{number} за {date}',
      'Склав(ла): {user}, {created_at}',
      'Чеків: {receipts}',
      'Виручка: {total}, знижки: {discount}',
      'Готівка: {cash}; картка: {cashless}; борг: {debt}; бонуси: {bonus}; сертифікати: {certificate}',
      'Решта: {change}; нараховано бонусів: {bonus_accrued}',
      '{cash_boxes}',
    ].join('\n'),
    updated,
  );
  s.reportTemplate.run(
    'prrorep',
    [
      'Продукти "Колосок"',
      'ЗВІТ ПРРО №{number} за {date}',
      'Склав(ла): {user}, {created_at}',
      'Не надіслано: {unsent}; з помилками: {errors}',
      '{registers}',
    ].join('\n'),
    updated,
  );
}

/** Actions share their number (uin) across the products they cover. */
function seedActions(db: Db, goods: readonly SeededProduct[], clock: Clock): void {
  const d = directorySql(db);
  const add = (uin: number, name: string, disc: number, actionType: number, from: number, to: number, codes: string[]) => {
    for (const code of codes.length > 0 ? codes : ['']) {
      d.insertAction.run({ uin, name, code, disc, action_type: actionType, date_from: clock.day(from), date_to: clock.day(to) });
    }
  };
  const of = (categoryId: string, n: number) =>
    goods
      .filter((p) => p.family.categoryId === categoryId)
      .slice(0, n)
      .map((p) => p.code);
  add(1, 'Знижка власникам карток', 30_000, 1, 30, -335, []);
  add(2, 'Тиждень молочки', 70_000, 0, 3, -4, of('02.01', 10));
  add(3, 'Ранкова кава', 100_000, 0, 10, -20, of('03.05', 5));
  add(4, 'Весняний розпродаж солодощів', 150_000, 0, 60, 40, of('08.01', 3));
}
