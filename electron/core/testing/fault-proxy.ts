/**
 * A TCP proxy that plays a bad network between the desk and the service, for tests:
 *   pass: bytes go both ways;
 *   drop: every connection, open or new, is destroyed (a cable pulled, a router rebooting);
 *   hang: new connections are accepted and never forwarded, open ones stop forwarding (a
 *         stalled Wi-Fi link: the request may have reached the service, its answer never comes).
 * Leaving hang destroys what it held, as a link that comes back resets the stale connections;
 * a call held that long would otherwise wait out the client's whole timeout.
 */
export { freePort } from '../../../server/testing/processes.js';

import { connect, createServer, type Socket } from 'node:net';

export type FaultMode = 'pass' | 'drop' | 'hang';

export interface FaultProxy {
  readonly url: string;
  readonly port: number;
  readonly mode: FaultMode;
  setMode(mode: FaultMode): void;
  /** Connections accepted so far, by what was done with them when they arrived. */
  readonly accepted: Readonly<Record<FaultMode, number>>;
  close(): Promise<void>;
}

export interface FaultProxyOptions {
  readonly targetPort: number;
  readonly targetHost?: string;
  /** 0 (the default) picks a free port. */
  readonly port?: number;
}

interface Connection {
  readonly client: Socket;
  upstream: Socket | undefined;
  held: boolean;
}

export async function startFaultProxy(opts: FaultProxyOptions): Promise<FaultProxy> {
  const targetHost = opts.targetHost ?? '127.0.0.1';
  let mode: FaultMode = 'pass';
  const accepted: Record<FaultMode, number> = { pass: 0, drop: 0, hang: 0 };
  const open = new Set<Connection>();

  const destroy = (c: Connection) => {
    c.client.destroy();
    c.upstream?.destroy();
    open.delete(c);
  };
  const hold = (c: Connection) => {
    c.held = true;
    if (c.upstream) {
      c.client.unpipe(c.upstream);
      c.upstream.unpipe(c.client);
    }
  };

  const server = createServer((client) => {
    accepted[mode] += 1;
    // A reset the desk causes (it was killed) is part of the game, not a failure of the proxy.
    client.on('error', () => {});
    if (mode === 'drop') {
      client.destroy();
      return;
    }
    const c: Connection = { client, upstream: undefined, held: false };
    open.add(c);
    client.once('close', () => destroy(c));
    if (mode === 'hang') {
      hold(c);
      return;
    }
    const upstream = connect(opts.targetPort, targetHost);
    c.upstream = upstream;
    // The service down or killed: the desk sees its connection reset, as it would without a proxy.
    upstream.on('error', () => destroy(c));
    upstream.once('close', () => destroy(c));
    client.pipe(upstream);
    upstream.pipe(client);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the fault proxy has no TCP address');
  const port = address.port;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    get mode() {
      return mode;
    },
    accepted,
    setMode(next) {
      const previous = mode;
      mode = next;
      if (next === 'drop') for (const c of [...open]) destroy(c);
      else if (next === 'hang') for (const c of open) hold(c);
      else if (previous === 'hang') for (const c of [...open]) if (c.held) destroy(c);
    },
    close() {
      for (const c of [...open]) destroy(c);
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** A loopback port nothing listens on right now (a service can be started on it, or a call refused by it). */
