/**
 * The composed core against a real remote service behind a fault proxy: what a cashier gets
 * while the service cannot be reached, and what happens to a sale once it can again.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cashSale, demoProducts, type Product, receiptsPerNdoc } from '../../server/testing/demo-sales.js';
import { startTestService, type TestService } from '../../server/testing/harness.js';
import { BridgeError } from '../../shared/bridge/errors.js';
import { eventually, itemOf, queueSent, startDesk, type TestDesk, waitUntil } from './testing/desk.js';
import { type FaultProxy, startFaultProxy } from './testing/fault-proxy.js';

let service: TestService;
let proxy: FaultProxy;
let products: Product[];
let desk: TestDesk;

beforeAll(async () => {
  service = await startTestService({ demo: true });
  proxy = await startFaultProxy({ targetPort: service.service.port });
  products = demoProducts(service.service.db, 3);
});
afterAll(async () => {
  await proxy?.close();
  await service?.close();
});
afterEach(async () => {
  await desk?.close();
  proxy.setMode('pass');
});

const startRemoteDesk = async () => {
  desk = await startDesk({ serviceUrl: proxy.url, apiKey: service.key });
  return desk;
};
const ndoc = () => `offline-${randomUUID().slice(0, 8)}`;
const receiptsOf = (n: string) => receiptsPerNdoc(service.service.db, n).get(n) ?? 0;

describe('reads while the service cannot be reached', () => {
  it('serves a product lookup from the catalogue copy and a product card from the cache, marked stale', async () => {
    const { api, events } = await startRemoteDesk();
    const code = products[0]!.code;
    const found = await api.read('pos.find_code', { code });
    const card = await api.read('goods.card_main', { code });
    expect(found).toMatchObject({ method: 'pos.find_code', stale: false });
    expect(found.result.rows[0]).toMatchObject({ kind: 'product', code });
    expect(card.stale).toBe(false);
    expect((await api.status()).connection).toBe('online');
    await waitUntil(async () => (await api.status()).catalog.syncedAt !== null, 'the catalogue copy was read');

    proxy.setMode('drop');
    const foundOffline = await api.read('pos.find_code', { code });
    const cardOffline = await api.read('goods.card_main', { code });
    expect(foundOffline).toMatchObject({ stale: true, result: { rows: found.result.rows } });
    expect(cardOffline).toEqual({ ...card, stale: true });
    expect((await api.status()).connection).toBe('offline');
    expect(events).toContainEqual({ type: 'connection', state: 'offline' });
  });

  it('finds any product of the shop offline, one this till never looked up included, from its catalogue copy', async () => {
    const { api } = await startRemoteDesk();
    await waitUntil(async () => (await api.status()).catalog.syncedAt !== null, 'the catalogue copy was read');
    const goods = service.service.db.prepare('SELECT count(*) FROM goods').pluck().get();
    expect((await api.status()).catalog.goods).toBe(goods);
    proxy.setMode('drop');
    const lookup = await api.read('pos.find_code', { code: products[1]!.code });
    expect(lookup).toMatchObject({
      stale: true,
      result: { rows: [{ kind: 'product', code: products[1]!.code, price: products[1]!.price }] },
    });
    expect((await api.catalogItem(products[1]!.code))?.code).toBe(products[1]!.code);
  });

  it('refuses a read it has no copy of with NETWORK_ERROR', async () => {
    const { api } = await startRemoteDesk();
    proxy.setMode('drop');
    const lookup = api.read('goods.card_main', { code: products[1]!.code });
    await expect(lookup).rejects.toBeInstanceOf(BridgeError);
    await expect(lookup).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    // A read the sale screen does not need is never cached at all.
    await expect(api.read('pos.reports_checks_today', {})).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
  });

  it('goes back to fresh answers once the service answers again', async () => {
    const { api, events } = await startRemoteDesk();
    const code = products[0]!.code;
    await api.read('pos.find_code', { code });
    proxy.setMode('drop');
    expect((await api.read('pos.find_code', { code })).stale).toBe(true);
    proxy.setMode('pass');
    expect((await api.read('pos.find_code', { code })).stale).toBe(false);
    expect(events.filter((e) => e.type === 'connection').map((e) => e.state)).toEqual(['online', 'offline', 'online']);
  });
});

describe('writes while the service cannot be reached', () => {
  it('returns done with the result when the service answers quickly', async () => {
    const { api } = await startRemoteDesk();
    const n = ndoc();
    const outcome = await api.write('pos.checkout_close_sale', cashSale(n, products[0]!));
    expect(outcome.status).toBe('done');
    if (outcome.status !== 'done') return;
    expect(outcome.result.rows[0]).toMatchObject({ ndoc: n, total: products[0]!.price, change: '0.00' });
    expect(await itemOf(api, outcome.id)).toMatchObject({ state: 'done', attempts: 1 });
    expect(receiptsOf(n)).toBe(1);
  });

  it('queues a sale while the network drops and delivers it by its own retry timer once it is back', async () => {
    const { api } = await startRemoteDesk();
    proxy.setMode('drop');
    const n = ndoc();
    const outcome = await api.write('pos.checkout_close_sale', cashSale(n, products[1]!), { waitMs: 1 });
    expect(outcome.status).toBe('queued');
    const failed = await eventually(
      () => itemOf(api, outcome.id),
      (i) => i.state === 'queued' && i.lastError?.code === 'NETWORK_ERROR',
      'the first send failed',
    );
    expect(failed.nextAttemptAt).toEqual(expect.any(String));
    const { queue } = await api.status();
    expect(queue.queued + queue.sending).toBe(1);
    expect(receiptsOf(n)).toBe(0);

    proxy.setMode('pass');
    await waitUntil(async () => (await itemOf(api, outcome.id)).state === 'done', 'the sale was delivered');
    expect(receiptsOf(n)).toBe(1);
    expect((await api.status()).queue).toEqual({ queued: 0, sending: 0, refused: 0, reconcile: 0, elsewhere: 0 });
  });

  it('queues a sale while the service does not answer at all and delivers it once when the link comes back', async () => {
    const { api } = await startRemoteDesk();
    proxy.setMode('hang');
    const n = ndoc();
    const outcome = await api.write('pos.checkout_close_sale', cashSale(n, products[2]!), { waitMs: 300 });
    expect(outcome.status).toBe('queued');
    expect((await itemOf(api, outcome.id)).state).toBe('sending');

    proxy.setMode('pass');
    await waitUntil(async () => (await itemOf(api, outcome.id)).state === 'done', 'the sale was delivered');
    expect(receiptsOf(n)).toBe(1);
  });

  it('sends the queue as soon as the link is back, in the order the sales were rung up', async () => {
    const { api } = await startRemoteDesk();
    proxy.setMode('drop');
    const sales = [ndoc(), ndoc(), ndoc()];
    const outcomes = [];
    for (const [i, n] of sales.entries()) {
      outcomes.push(await api.write('pos.checkout_close_sale', cashSale(n, products[i]!), { waitMs: 50 }));
    }
    expect(outcomes.map((o) => o.status)).toEqual(['queued', 'queued', 'queued']);

    proxy.setMode('pass');
    await api.testConnection();
    await waitUntil(() => queueSent(api), 'the queue was sent', 30_000);
    const checkNumber = async (id: number) =>
      Number(((await itemOf(api, id)).result!.rows[0] as { check_number: string }).check_number);
    const checks = await Promise.all(outcomes.map((o) => checkNumber(o.id)));
    expect(checks).toEqual([...checks].sort((a, b) => a - b));
    for (const n of sales) expect(receiptsOf(n)).toBe(1);
  });
});

describe('signing in while the service cannot be reached', () => {
  it('signs in a cashier who signed in here online with the same card and PIN; writes carry them; a stranger still needs the service', async () => {
    const { api } = await startRemoteDesk();
    const signedIn = await api.signIn({ kasm: 1, card: '1003', pin: '3003' });
    expect(signedIn.rows[0]).toMatchObject({ outcome: 'signed_in' });
    const who = (await api.status()).cashier;
    await api.signOut();

    proxy.setMode('drop');
    const wrong = await api.signIn({ kasm: 1, card: '1003', pin: '0000' });
    expect(wrong.rows[0]).toMatchObject({ outcome: 'wrong_pin', attempts_left: '4' });
    expect((await api.status()).cashier).toBeNull();
    const again = await api.signIn({ kasm: 1, card: '1003', pin: '3003' });
    expect(again.rows[0]).toMatchObject({ outcome: 'signed_in', user_id: String(who?.id), name: who?.name });
    expect((await api.status()).cashier).toEqual(who);
    // Never signed in at this till online: only the service could say, and it cannot be reached.
    await expect(api.signIn({ kasm: 1, card: '1004', pin: '4004' })).rejects.toBeInstanceOf(BridgeError);

    // A sale made meanwhile is the offline cashier's when it reaches the service.
    const n = ndoc();
    const queued = await api.write('pos.checkout_close_sale', cashSale(n, products[0]!), { group: n });
    expect(queued.status).toBe('queued');
    expect((await itemOf(api, queued.id)).cashier).toEqual({ id: who?.id, name: who?.name });
    proxy.setMode('pass');
    await waitUntil(() => queueSent(api), 'the sale reached the service');
    expect(receiptsOf(n)).toBe(1);
  });
});
