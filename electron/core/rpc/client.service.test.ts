import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../server/testing/harness.js';
import { openDatabase } from '../../../shared-node/sqlite/open.js';
import { OutboxDrainer } from '../outbox/drainer.js';
import { OutboxStore } from '../outbox/store.js';
import { SAVE_SUPPLIER } from '../outbox/testing/scripted-client.js';
import { RpcClient } from './client.js';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());

const client = (key: string | undefined = service.key) => new RpcClient({ baseUrl: () => service.url, apiKey: () => key });
const counterparties = () => service.service.db.prepare('SELECT count(*) FROM counterparties').pluck().get() as number;

describe('RpcClient against the real service', () => {
  it('gets a read answered', async () => {
    const outcome = await client().call('service.ping', {});
    expect(outcome).toMatchObject({
      kind: 'ok',
      requestId: expect.stringMatching(/^req_/),
      result: { status: { code: 'OK', operation: 'ping' } },
    });
  });

  it('gets a write performed once and its stored answer again under the same key', async () => {
    const before = counterparties();
    const first = await client().call('catalog.contrag.save', { nt: 'Supplier once' }, { idempotencyKey: 'client-test-1' });
    const again = await client().call('catalog.contrag.save', { nt: 'Supplier once' }, { idempotencyKey: 'client-test-1' });
    expect(first.kind).toBe('ok');
    expect(again.kind === 'ok' && first.kind === 'ok' && again.result).toEqual(first.kind === 'ok' && first.result);
    expect(counterparties()).toBe(before + 1);
  });

  it('is refused for good when the back office refuses the write', async () => {
    const outcome = await client().call(
      'pos.debt_pay_cash',
      { akas: 'main', card: 'no-such-card' },
      { idempotencyKey: 'client-test-2' },
    );
    expect(outcome).toMatchObject({
      kind: 'refused',
      status: 422,
      error: { code: 'INVALID_PARAMETER', details: [{ path: 'params.card' }] },
    });
  });

  it('is refused for good when the key lacks the scope', async () => {
    const { key } = service.service.keys.create('reader', ['diagnostics.read']);
    expect((await client(key).call('service.ping', {})).kind).toBe('ok');
    const outcome = await client(key).call('pos.excise_clear_pending', {}, { idempotencyKey: 'client-test-3' });
    expect(outcome).toMatchObject({ kind: 'refused', status: 403, error: { code: 'INSUFFICIENT_SCOPE' } });
  });

  it('is told to retry, as UNAUTHORIZED, with an unknown key, which it never repeats', async () => {
    const wrong = 'not-a-real-key-7f3a9c';
    const outcome = await client(wrong).call('service.ping', {});
    expect(outcome).toMatchObject({ kind: 'retry', status: 401, error: { code: 'UNAUTHORIZED' } });
    expect(JSON.stringify(outcome)).not.toContain(wrong);
  });

  it('lets the outbox deliver a write exactly once after a crash in the middle of its send', async () => {
    const store = new OutboxStore(openDatabase(':memory:'));
    const before = counterparties();
    const item = store.enqueue({
      method: SAVE_SUPPLIER,
      params: { nt: 'Supplier after crash' },
      group: 'g',
      summary: 'new supplier',
    });
    // The first attempt reached the service, and the desk died before it stored the answer.
    store.markSending(item.id);
    expect(
      (await client().call('catalog.contrag.save', { nt: 'Supplier after crash' }, { idempotencyKey: item.idempotencyKey })).kind,
    ).toBe('ok');
    expect(store.recoverAfterCrash()).toBe(1);
    const drainer = new OutboxDrainer(store, client());
    expect(await drainer.drainOnce()).toBe(true);
    expect(store.get(item.id)).toMatchObject({ state: 'done', attempts: 2, result: { status: { operation: 'contrag.save' } } });
    expect(counterparties()).toBe(before + 1);
  });
});
