/**
 * The fiscal side of the demo shop: the seller the documents name (a VAT payer), the tax letters
 * of its goods (VAT 20 % А for most, 7 % Б for the first-aid shelf, excise 5 % Г on alcohol,
 * beer and tobacco; beer without a stamp), and the first-aid goods that carry the 7 % rate.
 */

import { withCheckDigit } from '../../../../shared/barcodes/ean.js';
import { op } from '../../../../shared/contract/index.js';
import { localDate } from '../../../../shared/time/zone.js';
import type { Db } from '../../../../shared-node/sql/db.js';
import { receiveBatch } from '../../catalog/index.js';
import { dec } from '../../decimal.js';
import { invoke } from '../../operations.js';
import { contextAt, DEMO_TIME_ZONE } from './clock.js';
import { demoSql } from './statements.js';

/** As the shop's receipt header (the catalog demo's template parts) names it. */
export const DEMO_SELLER = {
  tin: '41234567',
  ipn: '412345626591',
  vat_payer: true,
  org_name: 'ТОВ "Колосок"',
  point_name: 'Продукти "Колосок"',
  point_addr: 'м. Київ, вул. Січових Стрільців, 21',
} as const;

/** Medical goods sold at 7 % VAT (Tax Code, art. 193.1). Codes of the shop's own range (482…). */
const FIRST_AID = [
  { code: withCheckDigit('482099000001'), name: 'Пластир бактерицидний 10 шт', price: 3450, cost: 2100 },
  { code: withCheckDigit('482099000002'), name: 'Бинт марлевий стерильний 7м×14см', price: 2890, cost: 1750 },
  { code: withCheckDigit('482099000003'), name: 'Термометр медичний цифровий', price: 18900, cost: 12300 },
] as const;

export const FIRST_AID_PLASTER = FIRST_AID[0].code;

export function seedFiscalSetup(db: Db, at: Date, manager: string): void {
  const ctx = contextAt(db, manager, at);
  invoke(ctx, op.settings.fiscalIdentitySave, { ...DEMO_SELLER });
  const sql = demoSql(db);
  sql.exciseLetters.run();
  sql.beerWithoutStamps.run();
  const day = localDate(at, DEMO_TIME_ZONE);
  for (const g of FIRST_AID) {
    sql.insertFirstAid.run(g.code, g.name, g.price * 100, g.cost * 100, day);
    receiveBatch(db, {
      code: g.code,
      sk: 0,
      documentNumber: 'ПН-АПТ-1',
      unitCost: dec(g.cost).div(100),
      quantity: dec(40),
      receivedOn: day,
      fiscal: true,
    });
  }
}
