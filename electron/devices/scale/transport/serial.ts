/**
 * The scale's serial line (RS-232, or USB seen as a virtual COM port): 8 data bits, no parity,
 * 1 stop bit — CAS's default framing; the speed is the scale's setting (9600 by default).
 */
import { SerialPort } from 'serialport';

export const DEFAULT_SCALE_BAUD = 9600;

export class ScaleLinkError extends Error {}

export function openScalePort(path: string, baudRate: number): Promise<SerialPort> {
  return new Promise((resolve, reject) => {
    const port = new SerialPort({ path, baudRate, dataBits: 8, parity: 'none', stopBits: 1, autoOpen: false });
    port.open((err) => (err ? reject(new ScaleLinkError(`cannot open ${path}: ${err.message}`, { cause: err })) : resolve(port)));
  });
}

export const closeScalePort = (port: SerialPort): Promise<void> =>
  new Promise((resolve) => (port.isOpen ? port.close(() => resolve()) : resolve()));
