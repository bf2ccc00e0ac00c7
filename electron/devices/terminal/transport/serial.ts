/**
 * The terminal on a serial port, or USB seen as one (a virtual COM port): 8 data bits, no parity,
 * 1 stop bit, at the port's speed (115200 by default on PrivatBank's terminals).
 */
import { SerialPort } from 'serialport';
import { type Link, LinkError, type Transport } from './link.js';

export const DEFAULT_BAUD = 115200;

export function serialTransport(path: string, baudRate = DEFAULT_BAUD): Transport {
  return {
    describe: `serial ${path} ${baudRate}`,
    open: () =>
      new Promise<Link>((resolve, reject) => {
        const port = new SerialPort({ path, baudRate, dataBits: 8, parity: 'none', stopBits: 1, autoOpen: false });
        port.open((err) => {
          if (err) return reject(new LinkError(`cannot open ${path}: ${err.message}`, { cause: err }));
          resolve(portLink(port));
        });
      }),
  };
}

function portLink(port: SerialPort): Link {
  let lost: Error | undefined;
  port.on('error', (err: Error) => {
    lost = err;
  });
  return {
    write: (bytes) =>
      new Promise((resolve, reject) => {
        if (!port.isOpen) return reject(new LinkError('the serial port is closed'));
        port.write(bytes, (err) => {
          if (err) return reject(new LinkError(err.message, { cause: err }));
          port.drain((e) => (e ? reject(new LinkError(e.message, { cause: e })) : resolve()));
        });
      }),
    onData: (listener) => port.on('data', listener),
    onClose: (listener) => port.once('close', () => listener(lost ?? new LinkError('the serial port was closed'))),
    close: () =>
      new Promise((resolve) => {
        if (!port.isOpen) return resolve();
        port.close(() => resolve());
      }),
  };
}
