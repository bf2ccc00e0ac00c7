import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FaultProxy, freePort, startFaultProxy } from './fault-proxy.js';

let target: Server;
let proxy: FaultProxy;
beforeAll(async () => {
  target = createServer((_req, res) => res.end('pong'));
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  proxy = await startFaultProxy({ targetPort: (target.address() as AddressInfo).port });
});
afterAll(async () => {
  await proxy.close();
  target.closeAllConnections();
  await new Promise((resolve) => target.close(resolve));
});
afterEach(() => proxy.setMode('pass'));

/** A fresh connection per request, so each one meets the mode of its moment. */
const get = (timeoutMs = 2000) =>
  fetch(proxy.url, { headers: { Connection: 'close' }, signal: AbortSignal.timeout(timeoutMs) }).then((r) => r.text());

describe('the fault proxy', () => {
  it('passes requests to the target in pass mode', async () => {
    expect(await get()).toBe('pong');
  });

  it('resets every new connection in drop mode', async () => {
    proxy.setMode('drop');
    await expect(get()).rejects.toThrow(TypeError);
    proxy.setMode('pass');
    expect(await get()).toBe('pong');
  });

  it('holds a request without an answer in hang mode, and resets it when the link comes back', async () => {
    proxy.setMode('hang');
    const held = get(10_000);
    const outcome = Promise.race([
      held.then(
        () => 'answered',
        () => 'failed',
      ),
      sleep(300).then(() => 'still waiting'),
    ]);
    expect(await outcome).toBe('still waiting');
    proxy.setMode('pass');
    await expect(held).rejects.toThrow(TypeError);
    expect(await get()).toBe('pong');
  });

  it('cuts a connection that is already open when it starts dropping', async () => {
    const slow = createServer((_req, res) => setTimeout(() => res.end('late'), 500));
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const slowProxy = await startFaultProxy({ targetPort: (slow.address() as AddressInfo).port });
    try {
      const pending = fetch(slowProxy.url, { signal: AbortSignal.timeout(5000) }).then((r) => r.text());
      await sleep(100);
      slowProxy.setMode('drop');
      await expect(pending).rejects.toThrow(TypeError);
    } finally {
      await slowProxy.close();
      slow.closeAllConnections();
      await new Promise((resolve) => slow.close(resolve));
    }
  });

  it('resets the connection when nothing listens behind it', async () => {
    const nowhere = await startFaultProxy({ targetPort: await freePort() });
    try {
      await expect(fetch(nowhere.url, { signal: AbortSignal.timeout(2000) })).rejects.toThrow(TypeError);
    } finally {
      await nowhere.close();
    }
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
