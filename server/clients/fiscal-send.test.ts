/**
 * The service sends a sale's fiscal document to the tax server at once, so the customer's receipt
 * carries its fiscal number, and walks no register's queue after a write that made no document
 * (issue 24): through HTTP, on the demo shop with its simulated tax server, the interval round
 * pushed an hour away so that only a write's own send can be seen. The walks are counted on the
 * dispatcher itself.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { PRRO } from '../../shared/contract/index.js';
import { dispatchFiscal } from '../back-office/sales/prro/server/dispatch.js';
import { cashSale, demoProducts } from '../testing/demo-sales.js';
import { startTestService, type TestService } from '../testing/harness.js';

vi.mock('../back-office/sales/prro/server/dispatch.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../back-office/sales/prro/server/dispatch.js')>();
  return { ...real, dispatchFiscal: vi.fn(real.dispatchFiscal) };
});

const walks = vi.mocked(dispatchFiscal);
let t: TestService;

/** Lets a send asked for by the last write start (setImmediate) and waits until every walk has ended. */
async function walksSettled(): Promise<number> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 10));
  await Promise.allSettled(walks.mock.results.map((r) => r.value));
  return walks.mock.calls.length;
}

beforeAll(async () => {
  t = await startTestService({ demo: { goods: 200 }, simulatorIntervalMs: 3_600_000 });
  // What the demo left waiting goes once the simulator is up: one walk, not counted below.
  await vi.waitFor(() => expect(walks).toHaveBeenCalled(), { timeout: 20_000 });
}, 120_000);
afterAll(() => t?.close());

it('walks no queue after a lookup, a product card renamed or a cash-rounding step', async () => {
  const [product] = demoProducts(t.service.db, 1);
  if (!product) throw new Error('the demo shop has nothing to sell');
  const before = await walksSettled();
  await t.ok('pos.card_setting_save', { code: product.code, nt: 'Товар перейменований', price: product.price });
  await t.ok('settings.cash_rounding_save', { effective_from: '2031-01-01', step: '0.10' });
  await t.ok('pos.find_code', { code: product.code });
  expect(await walksSettled()).toBe(before);
});

it("sends a sale's receipt at once: it has its fiscal number without waiting for the interval", async () => {
  const before = await walksSettled();
  const [product] = demoProducts(t.service.db, 1);
  if (!product) throw new Error('the demo shop has nothing to sell');
  const sold = (await t.ok('pos.checkout_close_sale', cashSale('fiscal-send-1', product))).rows[0] as { prro_doc_id: string };
  expect(await walksSettled()).toBe(before + 1);
  const doc = t.service.db.prepare('SELECT status, fiscal_number FROM prro_docs WHERE id = ?').get(Number(sold.prro_doc_id)) as {
    status: number;
    fiscal_number: string;
  };
  expect(doc.status).toBe(PRRO.accepted);
  expect(doc.fiscal_number).toMatch(/^\d+$/);
});
