/**
 * Every refusal from the bridge reaches the interface as a BridgeError with a code and details,
 * whichever transport carried it. Over Electron the preload rejects with a plain object (an Error
 * would lose everything but its message crossing contextBridge); this turns it back.
 */
import { BRIDGE_MESSAGES, type CashdeskApi } from '../../shared/bridge/api.js';
import { BridgeError } from '../../shared/bridge/errors.js';

type Code = BridgeError['code'];

export function toBridgeError(reason: unknown): BridgeError {
  if (reason instanceof BridgeError) return reason;
  if (typeof reason === 'object' && reason !== null) {
    const { code, message, details } = reason as { code?: unknown; message?: unknown; details?: unknown };
    if (typeof code === 'string' && typeof message === 'string')
      return new BridgeError(code as Code, message, Array.isArray(details) ? details : []);
  }
  return new BridgeError('INTERNAL', reason instanceof Error ? reason.message : String(reason));
}

/** The same API, with every rejection made a BridgeError. */
export function withBridgeErrors(api: CashdeskApi): CashdeskApi {
  const wrapped: Record<string, unknown> = {};
  for (const message of BRIDGE_MESSAGES) {
    const fn = api[message] as (...args: unknown[]) => Promise<unknown>;
    wrapped[message] = (...args: unknown[]) =>
      fn(...args).catch((reason: unknown) => {
        throw toBridgeError(reason);
      });
  }
  wrapped.onEvent = api.onEvent;
  return wrapped as unknown as CashdeskApi;
}
