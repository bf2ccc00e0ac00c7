import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ReceiptTarget } from '../../../shared/paper/receipt.js';
import type { PaperTarget } from './paper.js';
import { previewPapers, produceReceipt } from './print-flow.js';

/**
 * `const print = usePrintReceipt(); print({ returnId })`: the customer receipt of a sale or a
 * return, printed, previewed or shown as the till's printer settings say. Resolves once it was
 * handed to the printer or shown; a failure is shown to the cashier by the receipt host.
 */
export function usePrintReceipt(): (target: ReceiptTarget) => Promise<void> {
  const client = useQueryClient();
  return useCallback((target: ReceiptTarget) => produceReceipt(client, target), [client]);
}

/**
 * `const print = usePrintPapers(); print([{ docId }, { shift: { kasm, shiftId } }])`: papers a
 * screen offers (a service document, a collection, a debt repaid, an X- or Z-report), shown on
 * the screen first; Enter prints them in this order, Esc does not.
 */
export function usePrintPapers(): (targets: readonly PaperTarget[]) => Promise<void> {
  const client = useQueryClient();
  return useCallback((targets: readonly PaperTarget[]) => previewPapers(client, targets), [client]);
}
