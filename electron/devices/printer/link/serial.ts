/**
 * A printer on a serial port, or USB seen as one (a virtual COM port): 8 data bits, no parity,
 * 1 stop bit, at the printer's speed (9600 by default on most, set by its DIP switches or utility).
 *
 * The port is opened once and held for the till's printer, not opened and closed for each job as
 * a network printer's connection is: opening a USB port toggles its control lines, which resets
 * some printers, and closing it may throw away bytes the driver has not passed on yet. A port that
 * fails, or another port or speed in the settings, is closed and the next job opens it again.
 */
import { SerialPort } from 'serialport';
import { Inbox, LinkError, type PrinterLink } from './link.js';

interface HeldPort {
  readonly key: string;
  readonly port: SerialPort;
  readonly inbox: Inbox;
}

let held: HeldPort | undefined;

function openPort(path: string, baudRate: number): Promise<HeldPort> {
  return new Promise((resolve, reject) => {
    const port = new SerialPort({ path, baudRate, dataBits: 8, parity: 'none', stopBits: 1, autoOpen: false });
    const inbox = new Inbox();
    port.on('data', (chunk: Buffer) => inbox.push(chunk));
    // A port that fails (the cable pulled) is let go: the next job opens it again.
    port.on('error', () => {
      if (held?.port === port) held = undefined;
    });
    port.on('close', () => {
      if (held?.port === port) held = undefined;
    });
    port.open((err) => {
      if (err) return reject(new LinkError(`cannot open ${path}: ${err.message}`, { cause: err }));
      resolve({ key: `${path} ${baudRate}`, port, inbox });
    });
  });
}

/** Closes the port held for the printer (the till stops, or its printer is set up otherwise). */
export function releaseSerial(): Promise<void> {
  const h = held;
  held = undefined;
  return new Promise((done) => (h?.port.isOpen ? h.port.close(() => done()) : done()));
}

export async function openSerial(path: string, baudRate: number): Promise<PrinterLink> {
  const key = `${path} ${baudRate}`;
  if (held && (held.key !== key || !held.port.isOpen)) await releaseSerial();
  held ??= await openPort(path, baudRate);
  const { port, inbox } = held;
  // What arrived between jobs (a late answer, an automatic status) is not this job's answer.
  inbox.clear();
  return {
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
    // The port stays open for the next job.
    close: async () => undefined,
  };
}

/** The serial ports the computer has (COM3, /dev/ttyUSB0), for the settings to offer. */
export async function listSerialPorts(): Promise<string[]> {
  return (await SerialPort.list()).map((p) => p.path).sort();
}
