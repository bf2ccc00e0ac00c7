/**
 * The composed core when the service refuses a write for good: the refused sale is set aside
 * with the service's reasons, what depends on it waits with it, the rest of the till goes on,
 * and a manager can retry it or mark it reconciled.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cashSale, demoProducts, type Product, receiptsPerNdoc } from '../../server/testing/demo-sales.js';
import { startTestService, type TestService } from '../../server/testing/harness.js';
import { BridgeError } from '../../shared/bridge/errors.js';
import { itemOf, startDesk, type TestDesk, waitUntil } from './testing/desk.js';

let service: TestService;
let product: Product;
let desk: TestDesk;

beforeAll(async () => {
  service = await startTestService({ demo: true });
  [product] = demoProducts(service.service.db, 1) as [Product];
});
afterAll(() => service?.close());
afterEach(() => desk?.close());

const ndoc = () => `queue-${randomUUID().slice(0, 8)}`;
const receiptsOf = (n: string) => receiptsPerNdoc(service.service.db, n).get(n) ?? 0;
/** A sale whose cash does not cover the total: the back office refuses it, whatever the retries. */
const shortPaid = (n: string) => cashSale(n, product, '0.01');

describe('a write the service refuses', () => {
  it('comes back refused with the service’s error details, and the queue counts it', async () => {
    desk = await startDesk({ serviceUrl: service.url, apiKey: service.key });
    const { api } = desk;
    // What is tested is the refusal's details, not how soon it comes: on a loaded machine the first
    // write can take longer than the till's 1.5 s wait and come back queued.
    const outcome = await api.write('pos.checkout_close_sale', shortPaid(ndoc()), { group: 'sale-a', waitMs: 20_000 });
    expect(outcome).toMatchObject({
      status: 'refused',
      error: {
        code: 'INVALID_PARAMETER',
        message: expect.stringContaining('do not cover the total'),
        details: [{ path: 'params.payments', problem: expect.stringContaining('0.01') }],
      },
    });
    expect(await itemOf(api, outcome.id)).toMatchObject({ state: 'refused', lastError: { code: 'INVALID_PARAMETER' } });
    expect((await api.status()).queue).toEqual({ queued: 0, sending: 0, refused: 1, reconcile: 0, elsewhere: 0 });
  });

  it('holds a later write of its group behind it while another group’s write goes through', async () => {
    desk = await startDesk({ serviceUrl: service.url, apiKey: service.key });
    const { api } = desk;
    const refused = await api.write('pos.checkout_close_sale', shortPaid(ndoc()), { group: 'sale-a' });
    const behindNdoc = ndoc();
    const behind = await api.write('pos.checkout_close_sale', cashSale(behindNdoc, product), { group: 'sale-a', waitMs: 300 });
    const otherNdoc = ndoc();
    const other = await api.write('pos.checkout_close_sale', cashSale(otherNdoc, product), { group: 'sale-b' });

    expect(refused.status).toBe('refused');
    expect(behind.status).toBe('queued');
    expect(await itemOf(api, behind.id)).toMatchObject({ state: 'queued', attempts: 0, waitingFor: refused.id });
    expect(other.status).toBe('done');
    expect(receiptsOf(otherNdoc)).toBe(1);
    expect(receiptsOf(behindNdoc)).toBe(0);
  });

  it('is sent again under its key when a manager retries it, and refused again if nothing changed', async () => {
    desk = await startDesk({ serviceUrl: service.url, apiKey: service.key });
    const { api, events } = desk;
    const refused = await api.write('pos.checkout_close_sale', shortPaid(ndoc()), { group: 'sale-a' });
    const before = await itemOf(api, refused.id);

    const retried = await api.queueRetry(refused.id);
    expect(retried).toMatchObject({ id: refused.id, attempts: 0, lastError: null, idempotencyKey: before.idempotencyKey });
    expect(['queued', 'sending', 'refused']).toContain(retried.state);
    expect(events).toContainEqual(expect.objectContaining({ type: 'queue', changedId: refused.id }));
    await waitUntil(async () => (await itemOf(api, refused.id)).state === 'refused', 'the retry was refused again');
    expect(await itemOf(api, refused.id)).toMatchObject({ attempts: 1, idempotencyKey: before.idempotencyKey });
  });

  it('frees its group when a manager marks it reconciled with a note, keeping the item and the note', async () => {
    desk = await startDesk({ serviceUrl: service.url, apiKey: service.key });
    const { api } = desk;
    const refused = await api.write('pos.checkout_close_sale', shortPaid(ndoc()), { group: 'sale-a' });
    const behindNdoc = ndoc();
    const behind = await api.write('pos.checkout_close_sale', cashSale(behindNdoc, product), { group: 'sale-a', waitMs: 100 });
    expect(behind.status).toBe('queued');

    // Refusals in words for the interface: the transports pass a BridgeError on and hide anything else as INTERNAL.
    const blank = api.queueReconcile(refused.id, '  ');
    await expect(blank).rejects.toBeInstanceOf(BridgeError);
    await expect(blank).rejects.toMatchObject({ code: 'BAD_ARGUMENTS', details: [{ path: 'note' }] });
    const reconciled = await api.queueReconcile(refused.id, 'the buyer paid again by card; receipt 17');
    expect(reconciled).toMatchObject({ state: 'reconciled', note: 'the buyer paid again by card; receipt 17' });
    await waitUntil(async () => (await itemOf(api, behind.id)).state === 'done', 'the sale behind it was sent');
    expect(receiptsOf(behindNdoc)).toBe(1);
    expect((await api.queueList({ states: ['reconciled'] })).map((i) => i.id)).toEqual([refused.id]);
    expect((await api.status()).queue).toEqual({ queued: 0, sending: 0, refused: 0, reconcile: 0, elsewhere: 0 });
  });

  it('cannot be retried or reconciled once it is done, and says so as a refusal rather than a fault', async () => {
    desk = await startDesk({ serviceUrl: service.url, apiKey: service.key });
    const { api } = desk;
    const done = await api.write('pos.checkout_close_sale', cashSale(ndoc(), product));
    expect(done.status).toBe('done');
    const refusal = (message: RegExp) => ({
      code: 'BAD_ARGUMENTS',
      message: expect.stringMatching(message),
      details: [{ path: 'id' }],
    });
    await expect(api.queueRetry(done.id)).rejects.toMatchObject(refusal(/is done/));
    await expect(api.queueReconcile(done.id, 'checked')).rejects.toMatchObject(refusal(/is done/));
    await expect(api.queueRetry(999_999)).rejects.toMatchObject(refusal(/does not exist/));
  });
});

describe('a write the desk refuses before sending', () => {
  it('is refused locally when its params break the contract, and nothing reaches the service', async () => {
    desk = await startDesk({ serviceUrl: service.url, apiKey: service.key });
    const { api } = desk;
    const n = ndoc();
    const bad = { ...cashSale(n, product), rows: [] };
    const outcome = await api.write('pos.checkout_close_sale', bad);
    expect(outcome).toMatchObject({ status: 'refused', error: { code: 'INVALID_PARAMETER' } });
    expect(receiptsOf(n)).toBe(0);
  });
});
