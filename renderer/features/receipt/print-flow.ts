/**
 * From "this paper" to paper, as the till's settings say. The customer's receipt after a sale is
 * shown on the screen only (e-receipt), shown and printed on Enter (ask each time), or printed at
 * once; every other paper a screen asks for (an X- or Z-report, a service deposit or withdrawal,
 * a collection, a debt repaid) is shown first and printed on Enter. Silent printing is the main
 * process's (bridge printReceipt: a hidden window, the chosen printer and copies); in browser mode
 * the page prints itself with window.print, and a print stylesheet shows nothing but the paper
 * (receipt.css). An ESC/POS printer is the main process's alone: the page names the paper
 * (bridge printPaper) and the main process reads, lays out and prints it, and opens the drawer for
 * cash. A failure is shown, never dropped.
 */
import type { QueryClient } from '@tanstack/react-query';
import { flushSync } from 'react-dom';
import {
  DEFAULT_PRINTER,
  type PaperTargetArg,
  type PaperWidth,
  type PrinterSettings,
  type Printers,
  type PrintOutcome,
  type PublicSettings,
} from '../../../shared/bridge/api.js';
import { BridgeError } from '../../../shared/bridge/errors.js';
import type { ReceiptTarget } from '../../../shared/paper/receipt.js';
import { getBridge } from '../../bridge/index.js';
import { isReportTarget, loadNumberedPaper, type Paper, type PaperTarget } from './paper.js';
import { PX_PER_MM } from './paper-css.js';
import { type Papers, useReceipt } from './receipt-store.js';

/** Blank paper after the last line, so the cutter does not cut through the footer. */
const FEED_MM = 6;

export const PRINT_AREA = 'receipt-print';

const settingsOf = (client: QueryClient) =>
  client.fetchQuery<PublicSettings>({ queryKey: ['settings'], queryFn: () => getBridge().settingsGet(), staleTime: Infinity });

/** Whether this till prints silently (Electron) or through the browser; it does not change while it runs. */
export const printersOf = (client: QueryClient) =>
  client.fetchQuery<Printers>({ queryKey: ['printers'], queryFn: () => getBridge().printers(), staleTime: Infinity });

/**
 * An ESC/POS printer is the main process's: it prints a paper named by its target. Settings that
 * name no device (a screen's stand-in bridge in its tests) print as before, through the system.
 */
const escposOf = (s: PublicSettings) => (s.printerDevice?.connection ?? 'system') !== 'system';

/** A paper's target as the bridge takes it: its numbers, nothing of its content. */
export function targetArg(t: PaperTarget): PaperTargetArg {
  if (isReportTarget(t)) return { shift: { kasm: t.shift.kasm, shiftId: t.shift.shiftId } };
  if ('docId' in t) return { docId: Number(t.docId) };
  return 'returnId' in t ? { returnId: Number(t.returnId) } : { checkNumber: Number(t.checkNumber) };
}

/**
 * Cash changes hands when a sale or a cash document closes, whether its paper prints now or not
 * (an e-receipt, a paper shown first): the drawer on an ESC/POS printer opens then. The main
 * process decides from the document itself whether it moved cash and is fresh, and opens it once.
 */
function openDrawerFor(settings: PublicSettings, targets: readonly PaperTarget[]): void {
  if (!escposOf(settings) || !settings.printerDevice.drawer) return;
  for (const t of targets)
    if (!isReportTarget(t))
      getBridge()
        .openDrawer(targetArg(t))
        .catch(() => false);
}

/** Puts the paper in the print area and prints it: silently in Electron, with window.print in a browser. */
export async function printNow(paper: Paper, printer: PrinterSettings, native: boolean): Promise<PrintOutcome> {
  const width: PaperWidth = printer.paperWidth;
  const store = useReceipt.getState();
  flushSync(() => store.setPrinting({ paper, width, heightMm: 0 }));
  const sheet = document.querySelector<HTMLElement>(`[data-testid="${PRINT_AREA}"] [data-paper]`);
  if (!sheet) throw new Error('the print area is not mounted (ReceiptHost belongs in the app shell)');
  const heightMm = Math.min(5000, Math.max(10, Math.ceil(sheet.getBoundingClientRect().height / PX_PER_MM) + FEED_MM));
  if (native) return getBridge().printReceipt({ html: sheet.outerHTML, heightMm });
  // The page's @page rule takes the paper's length, so the browser's print is one strip of paper.
  flushSync(() => store.setPrinting({ paper, width, heightMm }));
  window.print();
  store.countBrowserPrint();
  return { status: 'printed', printer: '', copies: 1 };
}

/**
 * Prints the papers one after another, each its own strip (a PRRO cuts between documents). A
 * failure stops there and is shown with that paper and the ones after it, and a way to try again.
 */
export async function printOrSay(client: QueryClient, what: Papers): Promise<PrintOutcome> {
  const [settings, printers] = await Promise.all([settingsOf(client), printersOf(client)]);
  const printer = settings.printer;
  const escpos = escposOf(settings);
  let outcome: PrintOutcome = { status: 'printed', printer: printer.name, copies: printer.copies };
  for (const [i, paper] of what.papers.entries()) {
    let error: unknown = null;
    const target = what.targets[i];
    try {
      outcome =
        escpos && target ? await getBridge().printPaper(targetArg(target)) : await printNow(paper, printer, printers.native);
    } catch (err) {
      error = err;
      outcome = { status: 'failed', problem: 'error', reason: err instanceof Error ? err.message : String(err) };
    }
    if (outcome.status === 'failed') {
      useReceipt.getState().show({
        kind: 'failed',
        targets: what.targets.slice(i),
        papers: what.papers.slice(i),
        width: printer.paperWidth,
        failure: outcome.problem,
        printer: printer.name,
        error: error ?? new Error(outcome.reason),
      });
      return outcome;
    }
  }
  return outcome;
}

/** The back office's refusal because the sale was made at a till without a PRRO: there is no fiscal receipt. */
const notFiscal = (error: unknown): boolean =>
  error instanceof BridgeError && error.details.some((d) => d.reason === 'print.not_fiscal');

/** Counts a paper on its way out while `work` runs, so the app knows a print may be under way. */
async function producing(work: () => Promise<void>): Promise<void> {
  const store = useReceipt.getState();
  store.countProducing(1);
  try {
    await work();
  } finally {
    store.countProducing(-1);
  }
}

/**
 * The customer receipt of a sale or a return, given as the settings say. `afterClose`: asked by
 * the close itself, where a sale of a till without a PRRO simply has no fiscal receipt to give
 * (asked from the journal, that is said).
 */
export function produceReceipt(client: QueryClient, target: ReceiptTarget, afterClose = false): Promise<void> {
  return producing(() => giveReceipt(client, target, afterClose));
}

async function giveReceipt(client: QueryClient, target: ReceiptTarget, afterClose: boolean): Promise<void> {
  // The receipt's read leaves now, in the same turn as the close that asked for it, before the
  // interface's redraw and the queue's own reads get in its way (bench/ui.ts, part D).
  const loading = loadNumberedPaper(client, target).then(
    (paper) => ({ paper }),
    (error: unknown) => ({ error }),
  );
  const settings = await settingsOf(client);
  const { printer } = settings;
  const loaded = await loading;
  const targets = [target];
  if ('error' in loaded) {
    if (afterClose && notFiscal(loaded.error)) return;
    failedToLoad(targets, printer, loaded.error);
    return;
  }
  const what = { targets, papers: [loaded.paper] };
  // Not printed at once: the drawer opens for the cash all the same (printing opens it otherwise).
  if (printer.eReceiptOnly || printer.askEachTime) openDrawerFor(settings, targets);
  if (printer.eReceiptOnly) useReceipt.getState().show({ kind: 'screen', width: printer.paperWidth, ...what });
  else if (printer.askEachTime) useReceipt.getState().show({ kind: 'preview', width: printer.paperWidth, ...what });
  else await printOrSay(client, what);
}

function failedToLoad(targets: readonly PaperTarget[], printer: PrinterSettings, error: unknown): void {
  useReceipt.getState().show({
    kind: 'failed',
    targets,
    papers: [],
    width: printer.paperWidth,
    failure: 'load',
    printer: printer.name,
    error,
  });
}

/**
 * Papers a screen asks for (an X- or Z-report, a service document, a collection, a debt repaid):
 * read, then shown on the screen, where Enter prints them in this order and Esc does not.
 */
export function previewPapers(client: QueryClient, targets: readonly PaperTarget[]): Promise<void> {
  return producing(async () => {
    // The settings only choose the paper's width here: unread, the paper is still shown.
    const settings = await settingsOf(client).catch(() => undefined);
    const printer = settings?.printer ?? DEFAULT_PRINTER;
    // A cash in or out, a collection, a debt repaid: the cash moves now, printed or not.
    if (settings) openDrawerFor(settings, targets);
    try {
      const papers = await Promise.all(targets.map((t) => loadNumberedPaper(client, t)));
      useReceipt.getState().show({ kind: 'preview', width: printer.paperWidth, targets, papers });
    } catch (error) {
      failedToLoad(targets, printer, error);
    }
  });
}
