/**
 * The bridge over HTTP, for browser mode: each message is `POST /bridge/<message>` with the
 * arguments as a JSON array and the token in a header; events come over Server-Sent Events.
 */
import { type BridgeEvent, type BridgeMessage, bridgeFunctions, type CashdeskApi } from '../../shared/bridge/api.js';
import { BridgeError } from '../../shared/bridge/errors.js';
import type { BridgeReply } from '../../shared/bridge/reply.js';

/**
 * Whether the cash desk behind this page answers: `down` (not running, restarting), `token` (it
 * runs, but restarted with a new token: this tab must be opened at the new address), `ok`.
 * Announced on the window as a `cashdesk:bridge` event, for the shell to show (app/BridgeLost).
 */
export type BridgeHealth = 'ok' | 'down' | 'token';
export const BRIDGE_HEALTH_EVENT = 'cashdesk:bridge';

function announce(health: BridgeHealth): void {
  if (typeof window !== 'undefined' && typeof CustomEvent !== 'undefined') {
    window.dispatchEvent(new CustomEvent<BridgeHealth>(BRIDGE_HEALTH_EVENT, { detail: health }));
  }
}

/** Opens an event stream that calls onData with each message's data; returns its close function. */
export type OpenEvents = (url: string, onData: (data: string) => void) => () => void;

export interface HttpBridgeDeps {
  readonly fetch?: typeof fetch;
  readonly openEvents?: OpenEvents;
}

const browserEvents: OpenEvents = (url, onData) => {
  const source = new EventSource(url);
  source.onmessage = (m: MessageEvent<string>) => onData(m.data);
  return () => source.close();
};

export function createHttpBridge(baseUrl: string, token: string, deps: HttpBridgeDeps = {}): CashdeskApi {
  const base = baseUrl.replace(/\/+$/, '');
  const doFetch = deps.fetch ?? ((input, init) => fetch(input, init));
  const openEvents = deps.openEvents ?? browserEvents;

  const call = <K extends BridgeMessage>(message: K) =>
    (async (...given: unknown[]) => {
      // JSON turns an omitted trailing option into null, which validation rightly refuses.
      const args = [...given];
      while (args.length > 0 && args[args.length - 1] === undefined) args.pop();
      let res: Response;
      try {
        res = await doFetch(`${base}/bridge/${message}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Cashdesk-Token': token },
          body: JSON.stringify(args),
          cache: 'no-store',
        });
      } catch {
        announce('down');
        // Not NETWORK_ERROR: that means the service, and a write's fate here is unknown.
        throw new BridgeError('INTERNAL', 'the cash desk does not answer: is it still running?');
      }
      if (res.headers.get('X-Cashdesk-Token-Refused') === '1') {
        announce('token');
        throw new BridgeError('FORBIDDEN', 'the cash desk restarted with a new address: open the address it printed');
      }
      announce('ok');
      let reply: BridgeReply;
      try {
        reply = (await res.json()) as BridgeReply;
      } catch {
        throw new BridgeError('BAD_RESPONSE', `the cash desk answered ${res.status} without a bridge reply`);
      }
      if (reply.ok) return reply.value;
      // details is read defensively: the reply is JSON from another process.
      throw new BridgeError(reply.error.code, reply.error.message, reply.error.details ?? []);
    }) as CashdeskApi[K];

  // One stream for all listeners, open only while someone listens.
  const listeners = new Set<(event: BridgeEvent) => void>();
  let closeStream: (() => void) | undefined;
  const deliver = (data: string) => {
    const event = JSON.parse(data) as BridgeEvent;
    for (const listener of [...listeners]) listener(event);
  };

  return {
    ...bridgeFunctions(call),
    onEvent(listener) {
      listeners.add(listener);
      closeStream ??= openEvents(`${base}/bridge/events?token=${encodeURIComponent(token)}`, deliver);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && closeStream) {
          closeStream();
          closeStream = undefined;
        }
      };
    },
  } satisfies CashdeskApi;
}
