/** Whether this till's receipts reach the tax server: the status bar's word and the sale's notice. */
export { FiscalStatus } from './FiscalStatus.js';
export { type FiscalState, fiscalStateOf, refusalWords } from './fiscal-state.js';
export { NoShiftNotice } from './NoShiftNotice.js';
export { ReceiptsWait } from './ReceiptsWait.js';
