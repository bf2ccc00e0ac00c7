/**
 * From "this receipt" to the customer having it, as the till's settings say: shown on the screen
 * only (e-receipt), shown and printed on Enter (ask each time), or printed at once. Silent
 * printing is the main process's (bridge printReceipt: a hidden window, the chosen printer and
 * copies); in browser mode the page prints itself with window.print, and a print stylesheet
 * shows nothing but the receipt (receipt.css). A failure is shown, never dropped.
 */
import type { QueryClient } from '@tanstack/react-query';
import { flushSync } from 'react-dom';
import type { PaperWidth, PrinterSettings, Printers, PrintOutcome, PublicSettings } from '../../../shared/bridge/api.js';
import { BridgeError } from '../../../shared/bridge/errors.js';
import { getBridge } from '../../bridge/index.js';
import { fetchRead, rowsOf } from '../../rpc/hooks.js';
import { printParams, type Receipt, type ReceiptTarget, receiptOf } from './model.js';
import { PX_PER_MM } from './paper-css.js';
import { useReceipt } from './receipt-store.js';

/** The shop's header and footer change rarely; a receipt's own rows are read afresh every time. */
const TEMPLATE_STALE_MS = 10 * 60_000;
/** Blank paper after the last line, so the cutter does not cut through the footer. */
const FEED_MM = 6;

export const PRINT_AREA = 'receipt-print';

const settingsOf = (client: QueryClient) =>
  client.fetchQuery<PublicSettings>({ queryKey: ['settings'], queryFn: () => getBridge().settingsGet(), staleTime: Infinity });

/** Whether this till prints silently (Electron) or through the browser; it does not change while it runs. */
export const printersOf = (client: QueryClient) =>
  client.fetchQuery<Printers>({ queryKey: ['printers'], queryFn: () => getBridge().printers(), staleTime: Infinity });

/**
 * An online receipt is printed with the fiscal number the tax server gives it, as a PRRO's is:
 * a receipt still waiting for it is read again this often, for at most this long, and printed
 * as it is (saying its number is not yet given; the journal prints it again) only after that.
 */
const NUMBER_POLL_MS = 100;
const NUMBER_WAIT_MS = 3000;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function loadNumberedReceipt(client: QueryClient, target: ReceiptTarget): Promise<Receipt> {
  const deadline = Date.now() + NUMBER_WAIT_MS;
  let receipt = await loadReceipt(client, target);
  while (receipt.head.mode === 'pending' && Date.now() < deadline) {
    await sleep(NUMBER_POLL_MS);
    receipt = await loadReceipt(client, target);
  }
  return receipt;
}

export async function loadReceipt(client: QueryClient, target: ReceiptTarget): Promise<Receipt> {
  const [rows, parts] = await Promise.all([
    fetchRead(client, 'pos.receipt_print', printParams(target)),
    fetchRead(client, 'pos.template_get_parts', { prefix: '' }, TEMPLATE_STALE_MS),
  ]);
  const receipt = receiptOf(rowsOf(rows), rowsOf(parts));
  if (!receipt) throw new Error('the back office answered the receipt without its HEAD row');
  return receipt;
}

/** Puts the receipt in the print area and prints it: silently in Electron, with window.print in a browser. */
export async function printNow(receipt: Receipt, printer: PrinterSettings, native: boolean): Promise<PrintOutcome> {
  const width: PaperWidth = printer.paperWidth;
  const store = useReceipt.getState();
  flushSync(() => store.setPrinting({ receipt, width, heightMm: 0 }));
  const paper = document.querySelector<HTMLElement>(`[data-testid="${PRINT_AREA}"] [data-testid="receipt-paper"]`);
  if (!paper) throw new Error('the receipt print area is not mounted (ReceiptHost belongs in the app shell)');
  const heightMm = Math.min(5000, Math.max(10, Math.ceil(paper.getBoundingClientRect().height / PX_PER_MM) + FEED_MM));
  if (native) return getBridge().printReceipt({ html: paper.outerHTML, heightMm });
  // The page's @page rule takes the receipt's length, so the browser's print is one strip of paper.
  flushSync(() => store.setPrinting({ receipt, width, heightMm }));
  window.print();
  store.countBrowserPrint();
  return { status: 'printed', printer: '', copies: 1 };
}

/** Prints, and shows the cashier a failure with the receipt and a way to try again. */
export async function printOrSay(client: QueryClient, target: ReceiptTarget, receipt: Receipt): Promise<PrintOutcome> {
  const [settings, printers] = await Promise.all([settingsOf(client), printersOf(client)]);
  const printer = settings.printer;
  let outcome: PrintOutcome;
  let error: unknown = null;
  try {
    outcome = await printNow(receipt, printer, printers.native);
  } catch (err) {
    error = err;
    outcome = { status: 'failed', problem: 'error', reason: err instanceof Error ? err.message : String(err) };
  }
  if (outcome.status === 'failed') {
    useReceipt.getState().show({
      kind: 'failed',
      target,
      receipt,
      width: printer.paperWidth,
      failure: outcome.problem,
      printer: printer.name,
      error: error ?? new Error(outcome.reason),
    });
  }
  return outcome;
}

/** The back office's refusal because the sale was made at a till without a PRRO: there is no fiscal receipt. */
const notFiscal = (error: unknown): boolean =>
  error instanceof BridgeError && error.details.some((d) => d.reason === 'print.not_fiscal');

/**
 * The customer receipt of a sale or a return, given as the settings say. `afterClose`: asked by
 * the close itself, where a sale of a till without a PRRO simply has no fiscal receipt to give
 * (asked from the journal, that is said).
 */
export async function produceReceipt(client: QueryClient, target: ReceiptTarget, afterClose = false): Promise<void> {
  const store = useReceipt.getState();
  store.countProducing(1);
  try {
    await giveReceipt(client, target, afterClose);
  } finally {
    store.countProducing(-1);
  }
}

async function giveReceipt(client: QueryClient, target: ReceiptTarget, afterClose: boolean): Promise<void> {
  // The receipt's read leaves now, in the same turn as the close that asked for it, before the
  // interface's redraw and the queue's own reads get in its way (bench/ui.ts, part D).
  const loading = loadNumberedReceipt(client, target).then(
    (receipt) => ({ receipt }),
    (error: unknown) => ({ error }),
  );
  const { printer } = await settingsOf(client);
  const loaded = await loading;
  if ('error' in loaded) {
    if (afterClose && notFiscal(loaded.error)) return;
    useReceipt.getState().show({
      kind: 'failed',
      target,
      receipt: null,
      width: printer.paperWidth,
      failure: 'load',
      printer: printer.name,
      error: loaded.error,
    });
    return;
  }
  const { receipt } = loaded;
  if (printer.eReceiptOnly) useReceipt.getState().show({ kind: 'screen', target, receipt, width: printer.paperWidth });
  else if (printer.askEachTime) useReceipt.getState().show({ kind: 'preview', target, receipt, width: printer.paperWidth });
  else await printOrSay(client, target, receipt);
}
