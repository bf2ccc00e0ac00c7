import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { D } from '../../decimal.js';
import { addProduct, type Call, caller, openTestDb, type TestDb } from '../testing.js';
import { receiveBatch, takeFifo } from './fifo.js';

let t: TestDb;
let call: Call;
const oil = '4820000000103';

const receive = (doc: string, quantity: string, receivedOn: string, sk = 0, fiscal = false) =>
  receiveBatch(t.db, {
    code: oil,
    sk,
    documentNumber: doc,
    unitCost: new D('61.2'),
    quantity: new D(quantity),
    receivedOn,
    fiscal,
  });

beforeEach(() => {
  t = openTestDb();
  call = caller(t.db);
  addProduct(t.db, { code: oil, name: 'Олія соняшникова 0.9 л' });
  receive('N-1', '10', '2025-01-02', 0, true);
  receive('N-2', '5', '2025-01-20');
  receive('B-1', '3', '2025-01-21', 2, true);
  takeFifo(t.db, { code: oil, sk: 0, quantity: new D('10'), shortage: 'refuse', ref: 'check 1', on: '2025-03-01' });
});
afterEach(() => t.close());

describe('FIFO views', () => {
  it('lists the batches still holding stock, oldest first, per storage', () => {
    expect(call('goods.fifo_rows', { code: oil }).rows).toEqual([
      { document_number: 'N-2', cost: '61.20', quantity: '5.000', date: '2025-01-20', fiscal: '0' },
    ]);
    expect(call('goods.fifo_sk_rows', { code: oil, sk: 2 }).rows).toEqual([
      { document_number: 'B-1', cost: '61.20', quantity: '3.000', date: '2025-01-21', fiscal: '1' },
    ]);
  });

  it('sums the batches of a storage, or only the fiscal ones', () => {
    expect(call('pos.fifo_summary', { code: oil }).rows).toEqual([{ batch_count: '1', quantity: '5.000' }]);
    expect(call('pos.fifo_summary', { code: oil, with_fiscal: true }).rows).toEqual([{ batch_count: '0', quantity: '0.000' }]);
    expect(call('pos.fifo_summary', { code: oil, storage: 'branch', sk: 2, with_fiscal: true }).rows).toEqual([
      { batch_count: '1', quantity: '3.000' },
    ]);
    // The main storage is storage 0 whatever sk says.
    expect(call('pos.fifo_summary', { code: oil, storage: 'main', sk: 2 }).rows).toEqual([
      { batch_count: '1', quantity: '5.000' },
    ]);
  });

  it('refuses a branch that does not exist', () => {
    expect(() => call('pos.fifo_summary', { code: oil, storage: 'branch', sk: 0 })).toThrow('branch 0 does not exist');
  });
});

describe('checks.branch_product_exists', () => {
  it('is 1 where the branch has a stock record of the product', () => {
    expect(call('checks.branch_product_exists', { code: oil, branch_id: 2 }).value).toBe('1');
    expect(call('checks.branch_product_exists', { code: oil, branch_id: 1 }).value).toBe('0');
    expect(call('checks.branch_product_exists', { code: oil, branch_id: 77 }).value).toBe('0');
  });
});
