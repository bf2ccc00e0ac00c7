/**
 * An ESC/POS printer of the till wired to a real back office (the back office's test shop) and an
 * emulated printer, for the tests: the printer reads each paper through the shop as the core's
 * RPC client would, and the emulator records what it was sent.
 */

import type { Shop } from '../../../../server/back-office/sales/testing/shop.js';
import { DEFAULT_PRINTER_DEVICE, type PrinterDevice } from '../../../../shared/bridge/api.js';
import { EscposPrinter } from '../escpos-printer.js';
import type { ReadRows } from '../paper-source.js';

export function shopReader(shop: Shop): ReadRows {
  return async (method, params) => shop.call(method as never, params as never).rows;
}

export function shopPrinter(shop: Shop, device: Partial<PrinterDevice>, copies = 1) {
  let settings: PrinterDevice = { ...DEFAULT_PRINTER_DEVICE, ...device };
  const printer = new EscposPrinter({
    device: () => settings,
    copies: () => copies,
    timeZone: () => 'Europe/Kyiv',
    read: shopReader(shop),
    now: () => shop.ctx.now(),
    numberWaitMs: 0,
  });
  return {
    printer,
    set: (patch: Partial<PrinterDevice>) => {
      settings = { ...settings, ...patch };
    },
  };
}
