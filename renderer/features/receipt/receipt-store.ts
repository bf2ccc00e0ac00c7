/** What the receipt host shows: a receipt waiting for Enter, an e-receipt, a print that failed; and what is in the print area. */
import { create } from 'zustand';
import type { PaperWidth, PrintOutcome } from '../../../shared/bridge/api.js';
import type { Receipt, ReceiptTarget } from './model.js';

export type Failure = Extract<PrintOutcome, { status: 'failed' }>['problem'] | 'load';

export type Shown =
  /** "Ask each time": Enter prints it, Esc does not. */
  | { readonly kind: 'preview'; readonly target: ReceiptTarget; readonly receipt: Receipt; readonly width: PaperWidth }
  /** "E-receipt only": the customer's receipt is this screen. */
  | { readonly kind: 'screen'; readonly target: ReceiptTarget; readonly receipt: Receipt; readonly width: PaperWidth }
  /** Not printed (or not even read): said, with a way to try again. */
  | {
      readonly kind: 'failed';
      readonly target: ReceiptTarget;
      readonly receipt: Receipt | null;
      readonly width: PaperWidth;
      readonly failure: Failure;
      readonly printer: string;
      readonly error: unknown;
    };

interface ReceiptState {
  readonly shown: Shown | null;
  /** The receipt in the print area (the only thing a print shows), kept until the next one. */
  readonly printing: { readonly receipt: Receipt; readonly width: PaperWidth; readonly heightMm: number } | null;
  /** Prints asked of the browser (window.print) since the interface started. */
  readonly browserPrints: number;
  /** Receipts being read or printed now: a key pressed while the browser prints may be lost. */
  readonly producing: number;
  show(shown: Shown): void;
  dismiss(): void;
  setPrinting(printing: ReceiptState['printing']): void;
  countBrowserPrint(): void;
  /** One receipt more (+1) or less (-1) on its way to the customer. */
  countProducing(delta: 1 | -1): void;
}

export const useReceipt = create<ReceiptState>((set) => ({
  shown: null,
  printing: null,
  browserPrints: 0,
  producing: 0,
  show: (shown) => set({ shown }),
  dismiss: () => set({ shown: null }),
  setPrinting: (printing) => set({ printing }),
  countBrowserPrint: () => set((s) => ({ browserPrints: s.browserPrints + 1 })),
  countProducing: (delta) => set((s) => ({ producing: s.producing + delta })),
}));
