/**
 * The terminal over the network: it listens (port 2000 by default) and the till connects. The
 * terminal serves one connection at a time, so the client keeps one open and opens another only
 * after the last was lost.
 */
import { connect, type Socket } from 'node:net';
import { type Link, LinkError, type Transport } from './link.js';

const CONNECT_MS = 5000;

export function tcpTransport(host: string, port: number, connectMs = CONNECT_MS): Transport {
  return {
    describe: `tcp ${host}:${port}`,
    open: () =>
      new Promise<Link>((resolve, reject) => {
        const socket = connect({ host, port });
        const timer = setTimeout(() => {
          socket.destroy();
          reject(new LinkError(`no connection to ${host}:${port} within ${connectMs} ms`));
        }, connectMs);
        socket.once('error', (err) => {
          clearTimeout(timer);
          reject(new LinkError(`cannot connect to ${host}:${port}: ${err.message}`, { cause: err }));
        });
        socket.once('connect', () => {
          clearTimeout(timer);
          socket.removeAllListeners('error');
          socket.setNoDelay(true);
          resolve(socketLink(socket));
        });
      }),
  };
}

function socketLink(socket: Socket): Link {
  let lost: Error | undefined;
  socket.on('error', (err) => {
    lost = err;
  });
  return {
    write: (bytes) =>
      new Promise((resolve, reject) => {
        if (socket.destroyed) return reject(new LinkError('the connection to the terminal is closed'));
        socket.write(bytes, (err) => (err ? reject(new LinkError(err.message, { cause: err })) : resolve()));
      }),
    onData: (listener) => socket.on('data', listener),
    onClose: (listener) => socket.once('close', () => listener(lost ?? new LinkError('the terminal closed the connection'))),
    close: () =>
      new Promise((resolve) => {
        if (socket.destroyed) return resolve();
        socket.once('close', () => resolve());
        socket.end();
        // A peer that never answers the FIN must not hold the till.
        setTimeout(() => socket.destroy(), 500).unref();
      }),
  };
}
