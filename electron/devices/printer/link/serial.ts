/**
 * A printer on a serial port, or USB seen as one (a virtual COM port): 8 data bits, no parity,
 * 1 stop bit, at the printer's speed (9600 by default on most, set by its DIP switches or utility).
 *
 * The port is opened once and held for the till's printer, not opened and closed for each job as
 * a network printer's connection is: opening a USB port toggles its control lines, which resets
 * some printers, and closing it may throw away bytes the driver has not passed on yet. A port that
 * fails, or another port or speed in the settings, is closed and the next job opens it again.
 * The customer display holds its own port the same way (HeldSerial, electron/devices/display).
 */
import { SerialPort } from 'serialport';
import { Inbox, LinkError, type PrinterLink } from './link.js';

interface Held {
  readonly key: string;
  readonly port: SerialPort;
  readonly inbox: Inbox;
}

/** One device's serial port, held open between jobs; each device of the till has its own. */
export class HeldSerial {
  private held: Held | undefined;

  private openPort(path: string, baudRate: number): Promise<Held> {
    return new Promise((resolve, reject) => {
      const port = new SerialPort({ path, baudRate, dataBits: 8, parity: 'none', stopBits: 1, autoOpen: false });
      const inbox = new Inbox();
      port.on('data', (chunk: Buffer) => inbox.push(chunk));
      // A port that fails (the cable pulled) is let go: the next job opens it again.
      port.on('error', () => {
        if (this.held?.port === port) this.held = undefined;
      });
      port.on('close', () => {
        if (this.held?.port === port) this.held = undefined;
      });
      port.open((err) => {
        if (err) return reject(new LinkError(`cannot open ${path}: ${err.message}`, { cause: err }));
        resolve({ key: `${path} ${baudRate}`, port, inbox });
      });
    });
  }

  /** Whether the port is open now as `path` at `baudRate` (a job after it reuses it). */
  isOpen(path: string, baudRate: number): boolean {
    return this.held?.key === `${path} ${baudRate}` && this.held.port.isOpen;
  }

  /** Closes the held port (the till stops, or its device is set up otherwise). */
  release(): Promise<void> {
    const h = this.held;
    this.held = undefined;
    return new Promise((done) => (h?.port.isOpen ? h.port.close(() => done()) : done()));
  }

  async open(path: string, baudRate: number): Promise<PrinterLink> {
    if (this.held && !this.isOpen(path, baudRate)) await this.release();
    this.held ??= await this.openPort(path, baudRate);
    const { port, inbox } = this.held;
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
}

const printerPort = new HeldSerial();

/** Closes the port held for the printer (the till stops, or its printer is set up otherwise). */
export const releaseSerial = (): Promise<void> => printerPort.release();

export const openSerial = (path: string, baudRate: number): Promise<PrinterLink> => printerPort.open(path, baudRate);

/** The serial ports the computer has (COM3, /dev/ttyUSB0), for the settings to offer. */
export async function listSerialPorts(): Promise<string[]> {
  return (await SerialPort.list()).map((p) => p.path).sort();
}
