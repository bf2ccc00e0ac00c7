/**
 * The port to the system's printers. The Electron shell implements it (electron/main/
 * electron-printer.ts: a hidden window and webContents.print); browser mode has none and prints
 * in the page. Everything else about a silent print is plain Node here, tested without Electron.
 */
import type { PrinterInfo } from '../../../shared/bridge/api.js';

/** What webContents.print takes, as far as a receipt needs it (Electron's WebContentsPrintOptions). */
export interface SilentPrintOptions {
  readonly silent: true;
  readonly printBackground: boolean;
  /** '' is not passed on: Electron then prints to the system's default printer. */
  readonly deviceName?: string;
  readonly copies: number;
  readonly margins: { readonly marginType: 'none' };
  /** Microns, as Electron wants a custom page size. */
  readonly pageSize: { readonly width: number; readonly height: number };
}

export interface ReceiptPrinter {
  list(): Promise<PrinterInfo[]>;
  /** Prints a whole HTML document; rejects with the system's reason when the printer fails. */
  print(document: string, options: SilentPrintOptions): Promise<void>;
}
