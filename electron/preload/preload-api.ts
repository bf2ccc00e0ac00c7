/**
 * The bridge as the page sees it (`window.cashdesk`): one function per message over
 * `ipcRenderer.invoke`, and the event stream. Built from an ipcRenderer-shaped object so it is
 * tested without Electron; preload.ts hands it the real one.
 */
import type { IpcRendererEvent } from 'electron';
import { type BridgeEvent, type BridgeMessage, bridgeFunctions, type CashdeskApi } from '../../shared/bridge/api.js';
import { channelOf, EVENT_CHANNEL } from '../main/channels.js';
import type { BridgeFailure, BridgeReply } from '../transport/dispatch.js';

export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: IpcRendererEvent, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: IpcRendererEvent, ...args: unknown[]) => void): unknown;
}

/**
 * The refusal as the page receives it: a plain object, because contextBridge copies an Error
 * with its message only. renderer/bridge turns it back into a BridgeError.
 */
export type BridgeRejection = BridgeFailure & { readonly name: 'BridgeError' };

export function createPreloadApi(ipc: IpcRendererLike): CashdeskApi {
  const call = <K extends BridgeMessage>(message: K) =>
    (async (...args: unknown[]) => {
      const reply = (await ipc.invoke(channelOf(message), ...args)) as BridgeReply;
      if (reply.ok) return reply.value;
      const rejection: BridgeRejection = { name: 'BridgeError', ...reply.error };
      throw rejection;
    }) as CashdeskApi[K];

  return {
    ...bridgeFunctions(call),
    onEvent(listener) {
      // The IPC event itself stays here: its `sender` would hand the page ipcRenderer.
      const relay = (_event: IpcRendererEvent, payload: unknown) => listener(payload as BridgeEvent);
      ipc.on(EVENT_CHANNEL, relay);
      return () => {
        ipc.removeListener(EVENT_CHANNEL, relay);
      };
    },
  } satisfies CashdeskApi;
}
