// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CashdeskApi } from '../../shared/bridge/api.js';

/** A fresh module each time: getBridge keeps the bridge it made. */
const load = async () => {
  vi.resetModules();
  return import('./get-bridge.js');
};

const setCashdesk = (api: unknown) => Object.defineProperty(window, 'cashdesk', { value: api, configurable: true });

beforeEach(() => {
  sessionStorage.clear();
  history.replaceState(null, '', '/');
  setCashdesk(undefined);
});
afterEach(() => vi.unstubAllGlobals());

describe('getBridge', () => {
  it("uses the preload's bridge when there is one", async () => {
    const status = vi.fn(() => Promise.resolve('from preload'));
    setCashdesk({ status, onEvent: () => () => {} } as unknown as CashdeskApi);
    const { getBridge } = await load();
    expect(await getBridge().status()).toBe('from preload');
  });

  it('otherwise talks HTTP to its own origin with the token from the fragment', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => Response.json({ ok: true, value: 'from host' }));
    vi.stubGlobal('fetch', fetch);
    history.replaceState(null, '', '/#token=abc123');
    const { getBridge } = await load();
    expect(await getBridge().status()).toBe('from host');
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe(`${location.origin}/bridge/status`);
    expect(new Headers(init?.headers).get('X-Cashdesk-Token')).toBe('abc123');
  });

  it('takes the token out of the address bar and keeps it for reloads of the tab', async () => {
    history.replaceState(null, '', '/queue?x=1#token=abc123&view=all');
    const { getBridge, TOKEN_STORAGE_KEY } = await load();
    getBridge();
    expect(location.href).not.toContain('abc123');
    expect(`${location.pathname}${location.search}${location.hash}`).toBe('/queue?x=1#view=all');
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBe('abc123');

    const fetch = vi.fn(async () => Response.json({ ok: true, value: 1 }));
    vi.stubGlobal('fetch', fetch);
    const reloaded = await load();
    await reloaded.getBridge().status();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('returns the same bridge every time', async () => {
    history.replaceState(null, '', '/#token=abc123');
    const { getBridge } = await load();
    expect(getBridge()).toBe(getBridge());
  });

  it('says how to get in when there is neither a preload nor a token', async () => {
    const { getBridge } = await load();
    let thrown: unknown;
    try {
      getBridge();
    } catch (err) {
      thrown = err;
    }
    // Compared by shape: resetModules gave the module its own copy of the BridgeError class.
    expect(thrown).toMatchObject({
      name: 'BridgeError',
      code: 'FORBIDDEN',
      message: expect.stringMatching(/address it printed/),
    });
  });
});
