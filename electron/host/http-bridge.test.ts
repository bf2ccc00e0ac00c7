/**
 * The renderer's HTTP bridge against the real browser host, over real HTTP: the two halves of
 * browser mode must agree on every message, on refusals and on events.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttpBridge } from '../../renderer/bridge/http-bridge.js';
import { BRIDGE_MESSAGES, type BridgeEvent, type CashdeskApi } from '../../shared/bridge/api.js';
import { BridgeError } from '../../shared/bridge/errors.js';
import { checkBridgeArgs } from '../../shared/bridge/validate.js';
import { type FakeApi, fakeApi, SAMPLE_VALUES, VALID_ARGS } from '../transport/testing/fake-api.js';
import { type Host, startHost } from './host.js';
import { openEventsOverFetch } from './testing/sse-client.js';

let api: FakeApi;
let host: Host;
let bridge: CashdeskApi;

beforeEach(async () => {
  api = fakeApi();
  host = await startHost({ api, logFault: () => {} });
  bridge = createHttpBridge(new URL(host.url).origin, host.token, { openEvents: openEventsOverFetch() });
});
afterEach(() => host.close());

const callOf = (b: CashdeskApi, message: (typeof BRIDGE_MESSAGES)[number]) =>
  b[message] as (...args: unknown[]) => Promise<unknown>;

describe('the HTTP bridge against the browser host', () => {
  it.each(BRIDGE_MESSAGES)('carries %s to the core and its value back', async (message) => {
    expect(await callOf(bridge, message)(...VALID_ARGS[message])).toEqual(SAMPLE_VALUES[message]);
    const expected = checkBridgeArgs(message, VALID_ARGS[message]);
    expect(api.calls).toEqual([{ message, args: expected.ok ? expected.args : [] }]);
  });

  it('drops omitted trailing options instead of sending null', async () => {
    await bridge.queueList(undefined);
    await bridge.write('pos.card_setting_save' as never, VALID_ARGS.write[1] as never, undefined);
    expect(api.calls.map((c) => c.args)).toEqual([[{}], ['pos.card_setting_save', VALID_ARGS.write[1], {}]]);
  });

  it('rejects a refusal with a BridgeError carrying the code and the issue paths', async () => {
    const err = await bridge.queueReconcile(7, '').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BridgeError);
    expect(err).toMatchObject({ code: 'BAD_ARGUMENTS', details: [expect.objectContaining({ path: 'args.note' })] });
  });

  it("rejects with the core's own code when the core refuses", async () => {
    api.failNext(new BridgeError('NO_API_KEY', 'set the API key first'));
    await expect(bridge.testConnection()).rejects.toMatchObject({ code: 'NO_API_KEY', message: 'set the API key first' });
  });

  it('rejects with FORBIDDEN, asking for the address the host printed, when the token is wrong', async () => {
    const stranger = createHttpBridge(new URL(host.url).origin, 'guessed');
    await expect(stranger.status()).rejects.toMatchObject({ code: 'FORBIDDEN', message: expect.stringMatching(/new address/) });
    expect(api.calls).toEqual([]);
  });

  it('rejects with INTERNAL when the host is gone', async () => {
    await host.close();
    await expect(bridge.status()).rejects.toMatchObject({ code: 'INTERNAL' });
    host = await startHost({ api });
  });

  it('delivers events to every listener over one stream, and closes it when the last one leaves', async () => {
    const a: BridgeEvent[] = [];
    const b: BridgeEvent[] = [];
    const stopA = bridge.onEvent((e) => a.push(e));
    const stopB = bridge.onEvent((e) => b.push(e));
    await vi.waitFor(() => expect(api.listenerCount()).toBe(1));
    const event: BridgeEvent = {
      type: 'queue',
      counts: { queued: 0, sending: 0, refused: 1, reconcile: 0, elsewhere: 0 },
      changedId: 3,
    };
    api.emit(event);
    await vi.waitFor(() => expect(b).toEqual([event]));
    expect(a).toEqual([event]);
    stopA();
    stopB();
    await vi.waitFor(() => expect(api.listenerCount()).toBe(0));
  });
});
