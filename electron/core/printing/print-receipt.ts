/**
 * A silent print of a customer receipt with the till's printer settings. A printer that is not
 * there or fails is an answer the interface shows the cashier ("printing that silently fails" is
 * what users of other cash desks complain of most), never a thrown fault that could be lost.
 */
import type { PrinterSettings, PrintJob, PrintOutcome } from '../../../shared/bridge/api.js';
import { printDocument } from './print-document.js';
import type { ReceiptPrinter, SilentPrintOptions } from './printer-port.js';

const MICRONS_PER_MM = 1000;

export function silentPrintOptions(settings: PrinterSettings, heightMm: number): SilentPrintOptions {
  return {
    silent: true,
    printBackground: false,
    ...(settings.name === '' ? {} : { deviceName: settings.name }),
    copies: settings.copies,
    margins: { marginType: 'none' },
    pageSize: { width: settings.paperWidth * MICRONS_PER_MM, height: Math.ceil(heightMm) * MICRONS_PER_MM },
  };
}

const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err)) || 'the printer did not say why';

export async function printReceipt(printer: ReceiptPrinter, settings: PrinterSettings, job: PrintJob): Promise<PrintOutcome> {
  try {
    const printers = await printer.list();
    if (printers.length === 0) return { status: 'failed', problem: 'no_printer', reason: 'the computer has no printer' };
    if (settings.name !== '' && !printers.some((p) => p.name === settings.name))
      return {
        status: 'failed',
        problem: 'not_connected',
        reason: `the printer "${settings.name}" is not connected to this computer`,
      };
    await printer.print(printDocument(job.html, settings.paperWidth, job.heightMm), silentPrintOptions(settings, job.heightMm));
    // '' : no printer chosen, so Electron printed to the system's default one (it no longer says which).
    return { status: 'printed', printer: settings.name, copies: settings.copies };
  } catch (err) {
    return { status: 'failed', problem: 'error', reason: reasonOf(err) };
  }
}
