/** The link the settings name. */
import type { PrinterDevice } from '../../../../shared/bridge/api.js';
import { LinkError, type PrinterLink } from './link.js';
import { openSerial } from './serial.js';
import { openTcp } from './tcp.js';
import { openWindowsQueue } from './windows-queue.js';

export function openLink(device: PrinterDevice): Promise<PrinterLink> {
  switch (device.connection) {
    case 'tcp':
      return openTcp(device.host, device.port);
    case 'serial':
      return openSerial(device.serialPath, device.baud);
    case 'windows':
      return openWindowsQueue(device.share);
    default:
      return Promise.reject(new LinkError('the till prints through the system printer, not ESC/POS'));
  }
}

/** "tcp 10.0.0.5:9100", "serial /dev/ttyUSB0 9600": for the log and the settings. */
export const describeLink = (d: PrinterDevice): string =>
  d.connection === 'tcp'
    ? `tcp ${d.host}:${d.port}`
    : d.connection === 'serial'
      ? `serial ${d.serialPath} ${d.baud}`
      : d.connection === 'windows'
        ? `windows queue ${d.share}`
        : 'system printer';
