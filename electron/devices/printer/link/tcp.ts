/** A network printer: raw TCP, port 9100 on almost every ESC/POS printer with a network card. */
import { connect, type Socket } from 'node:net';
import { Inbox, LinkError, type PrinterLink } from './link.js';

const CONNECT_MS = 3000;

export function openTcp(host: string, port: number): Promise<PrinterLink> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect({ host, port });
    const inbox = new Inbox();
    let lost: Error | undefined;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new LinkError(`no answer from ${host}:${port} within ${CONNECT_MS} ms`));
    }, CONNECT_MS);
    socket.on('error', (err) => {
      clearTimeout(timer);
      lost = err;
      reject(new LinkError(`cannot reach ${host}:${port}: ${err.message}`, { cause: err }));
    });
    socket.on('data', (chunk: Buffer) => inbox.push(chunk));
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.setNoDelay(true);
      resolve({
        answers: true,
        write: (bytes) =>
          new Promise((done, fail) => {
            if (lost || socket.destroyed) return fail(new LinkError(`the connection to ${host}:${port} was lost`));
            socket.write(bytes, (err) => (err ? fail(new LinkError(err.message, { cause: err })) : done()));
          }),
        readByte: (ms) => inbox.next(ms),
        close: () =>
          new Promise((done) => {
            if (socket.destroyed) return done();
            socket.end(() => done());
            setTimeout(() => {
              socket.destroy();
              done();
            }, 1000).unref();
          }),
      });
    });
  });
}
