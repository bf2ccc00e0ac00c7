/**
 * Mounted once in the app shell: produces the customer receipt after every sale the back office
 * closed (the sale store's report turning to "done", whether the close answered at once or the
 * outbox delivered it later), holds the print area the browser's print shows, the paper
 * dialog, and the question asked before a sale closes into a receipt that cannot be printed. Other screens ask for a receipt with usePrintReceipt(), for any other paper with
 * usePrintPapers().
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { useSale } from '../sale/sale-store.js';
import { PaperView } from './PaperView.js';
import { PrinterGateDialog } from './PrinterGateDialog.js';
import { PRINT_AREA, produceReceipt } from './print-flow.js';
import { ReceiptDialog } from './ReceiptDialog.js';
import { useReceipt } from './receipt-store.js';
import './receipt.css';

/** A sale's close reported done: its receipt is due. Only a change counts, so a reload never prints again. */
function useReceiptAfterClose(): void {
  const client = useQueryClient();
  useEffect(
    () =>
      useSale.subscribe((now, before) => {
        const report = now.lastClose;
        if (report === before.lastClose || report?.status !== 'done') return;
        void produceReceipt(client, { checkNumber: report.checkNumber }, true);
      }),
    [client],
  );
}

function PrintArea() {
  const printing = useReceipt((s) => s.printing);
  const prints = useReceipt((s) => s.browserPrints);
  const busy = useReceipt((s) => s.producing > 0);
  return createPortal(
    <div className="receipt-print-root" data-testid={PRINT_AREA} data-prints={prints} data-busy={busy} aria-hidden="true">
      {printing && printing.heightMm > 0 ? (
        <style>{`@media print{@page{size:${printing.width}mm ${printing.heightMm}mm;margin:0}}`}</style>
      ) : null}
      {printing ? <PaperView paper={printing.paper} width={printing.width} /> : null}
    </div>,
    document.body,
  );
}

export function ReceiptHost() {
  useReceiptAfterClose();
  const shown = useReceipt((s) => s.shown);
  return (
    <>
      <PrintArea />
      {shown ? <ReceiptDialog key={`${shown.kind} ${JSON.stringify(shown.targets)}`} shown={shown} /> : null}
      <PrinterGateDialog />
    </>
  );
}
