/**
 * The fiscal number a receipt was printed with, when the paper in the print area is that receipt's:
 * the screen that made it (a return's result) says what the customer holds, not what the write's
 * answer knew before the tax server gave the number (issue 20).
 */
import type { ReceiptTarget } from '../../../shared/paper/receipt.js';
import { useReceipt } from './receipt-store.js';

export function usePrintedFiscal(target: ReceiptTarget): { readonly fiscal: string; readonly mode: string } | null {
  // A string, so the selection is equal to itself between renders (zustand compares with Object.is).
  const printed = useReceipt((s) => {
    const paper = s.printing?.paper;
    const head = paper?.kind === 'receipt' ? paper.receipt.head : undefined;
    if (!head || head.fiscal_number === '') return '';
    const ours =
      'returnId' in target
        ? head.kind === 'return' && head.return_id === String(target.returnId)
        : 'checkNumber' in target && head.kind !== 'return' && head.check_number === String(target.checkNumber);
    return ours ? `${head.fiscal_number}\n${head.mode}` : '';
  });
  if (printed === '') return null;
  const [fiscal = '', mode = ''] = printed.split('\n');
  return { fiscal, mode };
}
