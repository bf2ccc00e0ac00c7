/**
 * Which writes ask the service to send fiscal documents at once (dispatch-due.ts): those that
 * queue a document or free what held documents back, and no others: a lookup, a catalogue or
 * cash-box setting, a refused sale, the PRRO queue's own changes. Through the back office's
 * upstream, as the gateway calls it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findOperation, type OperationName, type ParamsOf, validateParams } from '../../../../../shared/contract/index.js';
import { simulatedFiscalServer } from '../../../../dps/simulator/simulator.js';
import { BusinessRefusal, type Upstream } from '../../../../upstream/upstream.js';
import { createBackOffice } from '../../../back-office.js';
import { dispatchFiscalNow } from '../../prro/server/dispatch.js';
import { KEY_PASSWORD, loadParams, sellerKey, trustTestCa } from '../../testing/keys.js';
import { BREAD, managerConfirmation, type Shop, standardShop } from '../../testing/shop.js';
import { keyRingOf } from '../keys/ring.js';

const NUMPRRO = '4000123456';
let shop: Shop;
let upstream: Upstream;
let asked: number;

beforeEach(() => {
  shop = standardShop();
  trustTestCa(shop.db);
  asked = 0;
  upstream = createBackOffice(shop.db, {
    now: shop.ctx.now,
    dispatchDue: () => {
      asked++;
    },
  });
});
afterEach(() => shop.close());

/** How many times the call asked for a dispatch; `refused`: the call is expected to be refused. */
async function asks<M extends OperationName>(name: M, params: ParamsOf<M>, refused = false): Promise<number> {
  const op = findOperation(name);
  if (!op) throw new Error(name);
  const checked = validateParams(op.params, params);
  if (!checked.ok) throw new Error(JSON.stringify(checked.issues));
  const before = asked;
  const call = upstream.call({
    op,
    params: checked.value,
    ctx: { requestId: 't', user: 'cashier', signal: new AbortController().signal },
  });
  if (refused) await expect(call).rejects.toBeInstanceOf(BusinessRefusal);
  else await call;
  return asked - before;
}

const cashSale = (code = BREAD): ParamsOf<'pos.checkout_close_sale'> => ({
  kasm: 1,
  rows: [{ code, quant: '1', price: '25.50', sum: '25.50' }],
  payments: [{ type: 'nal', amount: '25.50' }],
});

describe('a write that makes no fiscal document', () => {
  it('asks for no dispatch: a lookup, a product card, a cash-rounding step, a refused sale', async () => {
    expect(await asks('pos.find_code', { code: BREAD })).toBe(0);
    expect(await asks('pos.card_setting_save', { code: BREAD, nt: 'Хліб житній новий', price: '26.00' })).toBe(0);
    expect(await asks('settings.cash_rounding_save', { effective_from: '2025-04-01', step: '0.10' })).toBe(0);
    expect(await asks('pos.checkout_close_sale', cashSale('0000000000000'), true)).toBe(0);
    expect(await asks('pos.prro_fiscal_server_set', { reachable: false })).toBe(0);
  });

  it("nor do the PRRO queue's own changes, which go at the next round as before", async () => {
    await asks('pos.checkout_close_sale', cashSale());
    const doc = shop.db.prepare("SELECT id FROM prro_docs WHERE doc_type = 'receipt'").pluck().get() as number;
    shop.db.prepare('UPDATE prro_docs SET status = 3 WHERE id = ?').run(doc);
    expect(await asks('pos.prro_inline_set_status', { id: doc, status: 0 })).toBe(0);
  });
});

describe('a write that gives the dispatcher work', () => {
  it('asks once for each document it queues: a sale, cash put in, a shift closed', async () => {
    expect(await asks('pos.checkout_close_sale', cashSale())).toBe(1);
    expect(await asks('pos.cash_deposit', { kasm: 1, amount: '100.00' })).toBe(1);
    const confirmation = managerConfirmation(shop, 'cash_withdrawal');
    expect(await asks('pos.cash_withdrawal', { kasm: 1, amount: '50.00', comment: 'інкасація', confirmation })).toBe(1);
    // The Z-report waits until the shift's documents are with the tax server.
    dispatchFiscalNow(shop.db, simulatedFiscalServer(shop.db), shop.ctx.now, 'Europe/Kyiv');
    expect(await asks('pos.shift_close', { kasm: 1 })).toBe(1);
  });

  it("asks when a register's key is loaded or unlocked, its device taken over, or the tax server is back", async () => {
    expect(await asks('settings.prro_key_load', loadParams(sellerKey()))).toBe(1);
    keyRingOf(shop.db).lock(NUMPRRO);
    expect(await asks('pos.prro_key_unlock', { kasm: 1, password: KEY_PASSWORD })).toBe(1);
    expect(await asks('settings.prro_device_take_over', { kasm: 1 })).toBe(1);
    expect(await asks('pos.prro_fiscal_server_set', { reachable: true })).toBe(1);
  });

  it("does not pass on a mark left by work outside the service's writes", async () => {
    // As the dispatcher's own 102 when it goes offline, or the demo's seed: a document queued, the mark not taken.
    shop.call('pos.cash_deposit', { kasm: 1, amount: '10.00' });
    expect(await asks('pos.card_setting_save', { code: BREAD, nt: 'Хліб', price: '25.50' })).toBe(0);
  });
});
