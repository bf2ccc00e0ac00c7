/** What the sales demo reads of the catalog half's demo shop: goods in stock, people, invoices. */
import type { Db } from '../../../../shared-node/sql/db.js';
import { statements } from '../../core/statements.js';

export interface StockedGoods {
  code: string;
  price: number;
  quantity: number;
  weighted: number;
  excise_input: number;
}

const prepare = (db: Db) => ({
  /** Goods of the main storage with a sale price and something on the shelf. */
  stocked: db.prepare<[], StockedGoods>(
    `SELECT g.code, g.price, s.quantity, g.weighted, g.excise_input FROM goods g
     JOIN goods_stock s ON s.code = g.code AND s.sk = 0
     WHERE g.price > 0 AND s.quantity >= 3000 ORDER BY g.code`,
  ),
  cashierOf: db.prepare<[number], string>('SELECT name FROM users WHERE kasx = ? ORDER BY id LIMIT 1').pluck(),
  cashierIdOf: db.prepare<[number], number>('SELECT id FROM users WHERE kasx = ? ORDER BY id LIMIT 1').pluck(),
  /** Alcohol and tobacco carry the retail excise tax (letter Г) besides VAT (А). */
  exciseLetters: db.prepare<[], void>("UPDATE goods SET tax_letters = 'АГ' WHERE excise_input = 1 OR category = 'Пиво'"),
  /** Beer carries no excise stamp in Ukraine (only the excise tax). */
  insertFirstAid: db.prepare<[string, string, number, number, string], void>(
    `INSERT INTO goods (code, name, unit_type, supplier, category, parent_category, category_id, price, cost, date_added,
       uktzed, tax_letters)
     VALUES (?, ?, 'шт', 'ТОВ "Медтехніка"', 'Аптечка', 'Товари для здоров''я', '09.01', ?, ?, ?, '3005109900', 'Б')`,
  ),
  beerWithoutStamps: db.prepare<[], void>("UPDATE goods SET excise_input = 0 WHERE category = 'Пиво'"),
  consultants: db.prepare<[], number>("SELECT id FROM users WHERE typex = 'консультант' ORDER BY id").pluck(),
  manager: db.prepare<[], string>("SELECT name FROM users WHERE typex = 'менеджер' ORDER BY id LIMIT 1").pluck(),
  tills: db.prepare<[], { kasm: number; akas: string; numprro: string }>('SELECT kasm, akas, numprro FROM tills ORDER BY kasm'),
  setCardBonusPercent: db.prepare<[number, string], void>('UPDATE discount_cards SET bonus_percent = ? WHERE card = ?'),
  debtors: db.prepare<[], { card: string; debt: number; bonus: number }>(
    'SELECT card, debt, bonus FROM discount_cards WHERE debt > 0 ORDER BY card',
  ),
  /** Open debt rows of a card whose receipts the tax server has accepted. */
  fiscalizedDebts: db.prepare<[string], { check_number: number; owed: number }>(
    `SELECT c.check_number, c.amount - c.repaid AS owed FROM card_debts c
     JOIN receipts r ON r.check_number = c.check_number
     JOIN prro_docs d ON d.id = r.prro_doc_id
     WHERE c.card = ? AND c.amount > c.repaid AND d.fiscal_number <> '' ORDER BY c.date_added, c.id`,
  ),
  incomingInvoices: db.prepare<[], string>("SELECT nn FROM invoices WHERE kind = 'incoming' ORDER BY received_on, nn").pluck(),
});

export const demoSql = (db: Db) => statements(db, prepare);
