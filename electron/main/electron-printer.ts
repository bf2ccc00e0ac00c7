/**
 * The system's printers for silent receipt printing: a hidden window loads the receipt's print
 * document (no script, no preload, no network: core/printing/print-document.ts) and
 * webContents.print sends it to the printer without a dialog. Electron is handed in by main.ts,
 * so this file loads no `electron` itself and is tested with stand-ins for its objects.
 */
import type { BrowserWindowConstructorOptions, PrinterInfo as ElectronPrinterInfo } from 'electron';
import type { PrinterInfo } from '../../shared/bridge/api.js';
import { documentUrl } from '../core/printing/print-document.js';
import type { ReceiptPrinter, SilentPrintOptions } from '../core/printing/printer-port.js';

/** The parts of a BrowserWindow the print uses. */
export interface PrintWindowLike {
  loadURL(url: string): Promise<void>;
  readonly webContents: {
    print(options: SilentPrintOptions, callback: (success: boolean, failureReason: string) => void): void;
  };
  destroy(): void;
}

/** The hidden window's options: it shows a document and can do nothing else. */
export const PRINT_WINDOW_OPTIONS: BrowserWindowConstructorOptions = {
  show: false,
  width: 400,
  height: 600,
  webPreferences: {
    javascript: false,
    sandbox: true,
    contextIsolation: true,
    nodeIntegration: false,
    webSecurity: true,
    images: true,
    webviewTag: false,
    spellcheck: false,
    devTools: false,
  },
};

export function electronPrinter(deps: {
  readonly openWindow: (options: BrowserWindowConstructorOptions) => PrintWindowLike;
  /** The main window's webContents.getPrintersAsync. */
  readonly printers: () => Promise<ElectronPrinterInfo[]>;
}): ReceiptPrinter {
  return {
    async list(): Promise<PrinterInfo[]> {
      return (await deps.printers()).map((p) => ({ name: p.name, displayName: p.displayName || p.name }));
    },
    async print(document: string, options: SilentPrintOptions): Promise<void> {
      const win = deps.openWindow(PRINT_WINDOW_OPTIONS);
      try {
        await win.loadURL(documentUrl(document));
        await new Promise<void>((resolve, reject) => {
          win.webContents.print(options, (success, failureReason) =>
            success ? resolve() : reject(new Error(failureReason || 'the printer refused the receipt')),
          );
        });
      } finally {
        win.destroy();
      }
    },
  };
}
