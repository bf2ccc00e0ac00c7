/**
 * The bridge over Electron IPC: one `ipcMain.handle` per message. Each handler first checks that
 * the caller is our own page's main frame (an iframe, a page navigated elsewhere or another
 * window gets nothing), then validates the arguments; the renderer is never trusted.
 */
import { BRIDGE_MESSAGES, type BridgeEvent, type CashdeskApi } from '../../shared/bridge/api.js';
import { BridgeError } from '../../shared/bridge/errors.js';
import { dispatchBridge, type FaultLog } from '../transport/dispatch.js';
import { isAppUrl } from './app-url.js';
import { channelOf, EVENT_CHANNEL } from './channels.js';

/** The parts of Electron's WebFrameMain the checks read. */
export interface FrameLike {
  readonly url: string;
  readonly parent: FrameLike | null;
  readonly processId: number;
  readonly routingId: number;
}

export interface IpcMainLike {
  handle(
    channel: string,
    listener: (event: { readonly senderFrame: FrameLike | null }, ...args: unknown[]) => Promise<unknown>,
  ): void;
  removeHandler(channel: string): void;
}

export interface EventSink {
  send(channel: string, ...args: unknown[]): void;
  isDestroyed(): boolean;
}

/** True for the top frame of our window, showing our app:// page. */
export function isAppMainFrame(frame: FrameLike | null, ours: FrameLike | undefined): boolean {
  if (frame === null || ours === undefined || frame.parent !== null) return false;
  if (frame.processId !== ours.processId || frame.routingId !== ours.routingId) return false;
  return isAppUrl(frame.url);
}

/** Registers every message's handler; returns a function that removes them. */
export function registerBridgeIpc(
  ipcMain: IpcMainLike,
  api: CashdeskApi,
  isTrustedSender: (frame: FrameLike | null) => boolean,
  logFault: FaultLog = (message, err) => console.error(`bridge ${message} failed:`, err),
): () => void {
  for (const message of BRIDGE_MESSAGES) {
    ipcMain.handle(channelOf(message), async (event, ...args) => {
      // Thrown, not answered: a stranger learns nothing, and only the message crosses IPC anyway.
      if (!isTrustedSender(event.senderFrame))
        throw new BridgeError('FORBIDDEN', `${message} refused: the caller is not the cash desk's page`);
      return dispatchBridge(api, message, args, logFault);
    });
  }
  return () => {
    for (const message of BRIDGE_MESSAGES) ipcMain.removeHandler(channelOf(message));
  };
}

/** Sends the core's events to the window; returns the unsubscribe function. */
export function forwardBridgeEvents(api: CashdeskApi, target: EventSink): () => void {
  return api.onEvent((event: BridgeEvent) => {
    if (!target.isDestroyed()) target.send(EVENT_CHANNEL, event);
  });
}
