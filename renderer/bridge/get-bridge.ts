/**
 * The bridge for the interface: the preload's `window.cashdesk` in the desktop app, otherwise
 * the browser host at this page's own origin, with the token the host put in the address's
 * fragment (`#token=…`). The token is then taken out of the address bar, so it is not copied,
 * bookmarked or shown on screen, and kept in sessionStorage for reloads of this tab.
 */
import type { CashdeskApi } from '../../shared/bridge/api.js';
import { BridgeError } from '../../shared/bridge/errors.js';
import { withBridgeErrors } from './bridge-error.js';
import { createHttpBridge } from './http-bridge.js';

export const TOKEN_STORAGE_KEY = 'cashdesk.token';

let bridge: CashdeskApi | undefined;

export function getBridge(): CashdeskApi {
  bridge ??= window.cashdesk ? withBridgeErrors(window.cashdesk) : createHttpBridge(location.origin, takeToken());
  return bridge;
}

function takeToken(): string {
  const params = new URLSearchParams(location.hash.slice(1));
  const fromAddress = params.get('token');
  if (fromAddress) {
    sessionStorage.setItem(TOKEN_STORAGE_KEY, fromAddress);
    params.delete('token');
    const rest = params.toString();
    history.replaceState(history.state, '', `${location.pathname}${location.search}${rest ? `#${rest}` : ''}`);
    return fromAddress;
  }
  const kept = sessionStorage.getItem(TOKEN_STORAGE_KEY);
  if (kept) return kept;
  throw new BridgeError(
    'FORBIDDEN',
    'open the cash desk at the address it printed when it started: that address carries its access token',
  );
}
