/** Currency and exchange rate of an invoice; without a number, the shop's currencies and rates. */
import type { op } from '../../../../shared/contract/index.js';
import { fmtDb } from '../../decimal.js';
import type { Handler } from '../../handlers.js';
import { findInvoice } from './lines.js';
import { naklSql } from './statements.js';

export const invoiceCurrency: Handler<typeof op.finance.invoiceCurrency> = ({ nn }, { db }) => {
  const rows = nn === '' ? naklSql(db).currencies.all() : [findInvoice(db, nn)];
  return { rows: rows.map((r) => ({ exchange_rate: fmtDb(r.rate, 'ratio'), currency: r.currency })) };
};
