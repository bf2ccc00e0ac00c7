// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { BRIDGE_HEALTH_EVENT, type BridgeHealth, createHttpBridge } from './http-bridge.js';

const heard = () => {
  const events: BridgeHealth[] = [];
  window.addEventListener(BRIDGE_HEALTH_EVENT, (e) => events.push((e as CustomEvent<BridgeHealth>).detail));
  return events;
};

describe('a browser tab on the cash desk', () => {
  it('says the desk is down when it does not answer, and ok once it does', async () => {
    const events = heard();
    const fetch = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(Response.json({ ok: true, value: 1 }));
    const bridge = createHttpBridge('http://127.0.0.1:1', 'token', { fetch });
    await expect(bridge.status()).rejects.toMatchObject({ code: 'INTERNAL' });
    await bridge.status();
    expect(events).toEqual(['down', 'ok']);
  });

  it('tells a desk restarted with a new token apart from a refused API key', async () => {
    const events = heard();
    const refused = { ok: false, error: { code: 'UNAUTHORIZED', message: 'a valid token is required' } };
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(Response.json(refused, { status: 401, headers: { 'X-Cashdesk-Token-Refused': '1' } }))
      .mockResolvedValueOnce(Response.json({ ok: false, error: { code: 'UNAUTHORIZED', message: 'key' } }, { status: 401 }));
    const bridge = createHttpBridge('http://127.0.0.1:1', 'old-token', { fetch });
    await expect(bridge.status()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(bridge.status()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(events).toEqual(['token', 'ok']);
  });
});
