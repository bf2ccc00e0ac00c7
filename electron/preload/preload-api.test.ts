import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { BRIDGE_MESSAGES, type BridgeEvent } from '../../shared/bridge/api.js';
import { EVENT_CHANNEL } from '../main/channels.js';
import { forwardBridgeEvents, type IpcMainLike, registerBridgeIpc } from '../main/ipc.js';
import { fakeApi, SAMPLE_VALUES, VALID_ARGS } from '../transport/testing/fake-api.js';
import { createPreloadApi, type IpcRendererLike } from './preload-api.js';

const frame = { url: 'app://cashdesk/index.html', parent: null, processId: 1, routingId: 1 };

/**
 * The preload wired to the real handlers through a pretend IPC: arguments and answers are
 * structured-cloned on the way, as Electron does.
 */
function wired() {
  const api = fakeApi();
  const handlers = new Map<string, Parameters<IpcMainLike['handle']>[1]>();
  registerBridgeIpc(
    { handle: (c, l) => void handlers.set(c, l), removeHandler: () => {} },
    api,
    () => true,
    () => {},
  );
  const events = new EventEmitter();
  const ipc: IpcRendererLike = {
    invoke: async (channel, ...args) =>
      structuredClone(await handlers.get(channel)?.({ senderFrame: frame }, ...structuredClone(args))),
    on: (channel, listener) => events.on(channel, listener),
    removeListener: (channel, listener) => events.off(channel, listener),
  };
  forwardBridgeEvents(api, {
    send: (channel, ...args) => events.emit(channel, { sender: 'ipcRenderer' }, ...structuredClone(args)),
    isDestroyed: () => false,
  });
  return { api, events, bridge: createPreloadApi(ipc) };
}

describe('the preload bridge', () => {
  it('exposes exactly one function per message plus onEvent', () => {
    expect(Object.keys(wired().bridge).sort()).toEqual([...BRIDGE_MESSAGES, 'onEvent'].sort());
  });

  it.each(BRIDGE_MESSAGES)('carries %s to the core and its value back', async (message) => {
    const { bridge, api } = wired();
    const fn = bridge[message] as (...args: unknown[]) => Promise<unknown>;
    expect(await fn(...VALID_ARGS[message])).toEqual(SAMPLE_VALUES[message]);
    expect(api.calls.map((c) => c.message)).toEqual([message]);
  });

  it('rejects a refusal with a plain object that keeps the code and the issue paths across contextBridge', async () => {
    const { bridge } = wired();
    const failure = await bridge.queueRetry('x' as unknown as number).catch((e: unknown) => e);
    expect(failure).not.toBeInstanceOf(Error);
    expect(failure).toEqual({
      name: 'BridgeError',
      code: 'BAD_ARGUMENTS',
      message: expect.any(String),
      details: [expect.objectContaining({ path: 'args.id' })],
    });
    expect(structuredClone(failure)).toEqual(failure);
  });

  it('hands listeners the event alone, never the IPC event with its sender', () => {
    const { bridge, api, events } = wired();
    const received: unknown[][] = [];
    const stop = bridge.onEvent((...args: unknown[]) => received.push(args));
    const event: BridgeEvent = { type: 'connection', state: 'offline' };
    api.emit(event);
    stop();
    api.emit(event);
    expect(received).toEqual([[event]]);
    expect(events.listenerCount(EVENT_CHANNEL)).toBe(0);
  });
});
