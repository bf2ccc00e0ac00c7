/**
 * A printer on a serial port, or USB seen as one (a virtual COM port): 8 data bits, no parity,
 * 1 stop bit, at the printer's speed (9600 by default on most, set by its DIP switches or utility).
 */
import { SerialPort } from 'serialport';
import { Inbox, LinkError, type PrinterLink } from './link.js';

export function openSerial(path: string, baudRate: number): Promise<PrinterLink> {
  return new Promise((resolve, reject) => {
    const port = new SerialPort({ path, baudRate, dataBits: 8, parity: 'none', stopBits: 1, autoOpen: false });
    const inbox = new Inbox();
    port.on('data', (chunk: Buffer) => inbox.push(chunk));
    // An error after opening surfaces at the next write; without a listener it would crash the process.
    port.on('error', () => undefined);
    port.open((err) => {
      if (err) return reject(new LinkError(`cannot open ${path}: ${err.message}`, { cause: err }));
      resolve({
        answers: true,
        write: (bytes) =>
          new Promise((done, fail) => {
            if (!port.isOpen) return fail(new LinkError(`the serial port ${path} is closed`));
            port.write(Buffer.from(bytes), (e) => {
              if (e) return fail(new LinkError(e.message, { cause: e }));
              port.drain((d) => (d ? fail(new LinkError(d.message, { cause: d })) : done()));
            });
          }),
        readByte: (ms) => inbox.next(ms),
        close: () =>
          new Promise((done) => {
            if (!port.isOpen) return done();
            port.close(() => done());
          }),
      });
    });
  });
}

/** The serial ports the computer has (COM3, /dev/ttyUSB0), for the settings to offer. */
export async function listSerialPorts(): Promise<string[]> {
  return (await SerialPort.list()).map((p) => p.path).sort();
}
