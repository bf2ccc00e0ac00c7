/**
 * The customer receipt. The app shell mounts <ReceiptHost/> once (it produces the receipt of every
 * sale closed, and shows the receipt dialogs); a screen asks for a receipt with
 * `const print = usePrintReceipt(); print({ checkNumber })` or `print({ returnId })`.
 */
export type { ReceiptTarget } from './model.js';
export { ReceiptHost } from './ReceiptHost.js';
export { ReprintButton } from './ReprintButton.js';
export { usePrintReceipt } from './use-print-receipt.js';
export { usePrintedFiscal } from './use-printed-fiscal.js';
