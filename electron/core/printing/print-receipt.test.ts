import { describe, expect, it } from 'vitest';
import { DEFAULT_PRINTER, type PrinterInfo, type PrinterSettings } from '../../../shared/bridge/api.js';
import { PRINT_CSP, printDocument } from './print-document.js';
import { printReceipt, silentPrintOptions } from './print-receipt.js';
import type { ReceiptPrinter, SilentPrintOptions } from './printer-port.js';

function fakePrinter(printers: PrinterInfo[], fail?: Error) {
  const printed: { document: string; options: SilentPrintOptions }[] = [];
  const printer: ReceiptPrinter = {
    list: async () => printers,
    print: async (document, options) => {
      if (fail) throw fail;
      printed.push({ document, options });
    },
  };
  return { printer, printed };
}

const POS58 = { name: 'POS-58', displayName: 'XPrinter 58' };
const settings = (patch: Partial<PrinterSettings> = {}): PrinterSettings => ({ ...DEFAULT_PRINTER, ...patch });
const job = { html: '<div class="receipt-paper">ФІСКАЛЬНИЙ ЧЕК</div>', heightMm: 143 };

describe('a silent receipt print', () => {
  it('goes to the chosen printer with its copies, no margins and a page as wide as the paper and as long as the receipt', async () => {
    const { printer, printed } = fakePrinter([{ name: 'Office', displayName: 'Office' }, POS58]);
    const outcome = await printReceipt(printer, settings({ name: 'POS-58', paperWidth: 58, copies: 2 }), job);
    expect(outcome).toEqual({ status: 'printed', printer: 'POS-58', copies: 2 });
    expect(printed).toHaveLength(1);
    expect(printed[0]?.options).toEqual({
      silent: true,
      printBackground: false,
      deviceName: 'POS-58',
      copies: 2,
      margins: { marginType: 'none' },
      pageSize: { width: 58_000, height: 143_000 },
    });
    expect(printed[0]?.document).toContain(job.html);
    expect(printed[0]?.document).toContain('@page { size: 58mm 143mm; margin: 0 }');
  });

  it("goes to the system's default printer when none is chosen", async () => {
    const { printer, printed } = fakePrinter([POS58]);
    expect(await printReceipt(printer, settings(), job)).toEqual({ status: 'printed', printer: '', copies: 1 });
    expect(printed[0]?.options.deviceName).toBeUndefined();
    expect(printed[0]?.options.pageSize.width).toBe(80_000);
  });

  it('says so when the chosen printer is not connected, or there is none, and prints nothing', async () => {
    const gone = fakePrinter([{ name: 'Office', displayName: 'Office' }]);
    expect(await printReceipt(gone.printer, settings({ name: 'POS-58' }), job)).toMatchObject({
      status: 'failed',
      problem: 'not_connected',
    });
    const none = fakePrinter([]);
    expect(await printReceipt(none.printer, settings(), job)).toMatchObject({ status: 'failed', problem: 'no_printer' });
    expect([...gone.printed, ...none.printed]).toEqual([]);
  });

  it("answers a printer's failure with its reason instead of throwing it away", async () => {
    const { printer } = fakePrinter([POS58], new Error('Printer out of paper'));
    expect(await printReceipt(printer, settings({ name: 'POS-58' }), job)).toEqual({
      status: 'failed',
      problem: 'error',
      reason: 'Printer out of paper',
    });
  });

  it('rounds the page length up to a whole millimetre, so the end of a receipt is never cut off', () => {
    expect(silentPrintOptions(settings(), 120.2).pageSize.height).toBe(121_000);
  });
});

describe('the print document', () => {
  it('lets the page load nothing and run nothing: styles and data: images only', () => {
    const doc = printDocument('<img src="https://evil.example/x.png"><script>alert(1)</script>', 80, 100);
    expect(doc).toContain(`<meta http-equiv="Content-Security-Policy" content="${PRINT_CSP}">`);
    expect(PRINT_CSP).toContain("default-src 'none'");
    expect(PRINT_CSP).not.toMatch(/script-src|unsafe-eval/);
    // The policy comes before the receipt's markup, so it is in force for all of it.
    expect(doc.indexOf('Content-Security-Policy')).toBeLessThan(doc.indexOf('<img'));
  });
});
