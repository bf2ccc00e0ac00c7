/**
 * The till's papers. The app shell mounts <ReceiptHost/> once (it produces the receipt of every
 * sale closed, and shows the paper dialogs). A screen asks for a customer receipt with
 * `const print = usePrintReceipt(); print({ checkNumber })` or `print({ returnId })`, and for any
 * other paper, shown first, with `usePrintPapers()([{ docId }, { shift: { kasm, shiftId } }])`;
 * <PrintPaperButton/> offers that with Alt+P.
 */
export type { ReceiptTarget } from '../../../shared/paper/receipt.js';
export { PrinterStatus } from './PrinterStatus.js';
export { PrintPaperButton } from './PrintPaperButton.js';
export type { PaperTarget } from './paper.js';
export { printerGate } from './printer-gate.js';
export { ReceiptHost } from './ReceiptHost.js';
export { ReprintButton } from './ReprintButton.js';
export { usePrintPapers, usePrintReceipt } from './use-print-receipt.js';
export { usePrintedFiscal } from './use-printed-fiscal.js';
