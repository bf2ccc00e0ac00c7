/** What the receipt host shows: papers waiting for Enter, an e-receipt, a print that failed; and what is in the print area. */
import { create } from 'zustand';
import type { PaperWidth, PrintOutcome } from '../../../shared/bridge/api.js';
import type { Paper, PaperTarget } from './paper.js';

export type Failure = Extract<PrintOutcome, { status: 'failed' }>['problem'] | 'load';

/** Papers in the order they print (the collection, then the Z-report), each with the target it is read from. */
export interface Papers {
  readonly targets: readonly PaperTarget[];
  readonly papers: readonly Paper[];
}

export type Shown =
  /** Shown first: Enter prints them, Esc does not ("ask each time", and every paper a screen asks for). */
  | ({ readonly kind: 'preview'; readonly width: PaperWidth } & Papers)
  /** "E-receipt only": the customer's receipt is this screen. */
  | ({ readonly kind: 'screen'; readonly width: PaperWidth } & Papers)
  /** Not printed (or not even read: no papers): said, with a way to try again. */
  | ({
      readonly kind: 'failed';
      readonly width: PaperWidth;
      readonly failure: Failure;
      readonly printer: string;
      readonly error: unknown;
    } & Papers);

interface ReceiptState {
  readonly shown: Shown | null;
  /** The paper in the print area (the only thing a print shows), kept until the next one. */
  readonly printing: { readonly paper: Paper; readonly width: PaperWidth; readonly heightMm: number } | null;
  /** Prints asked of the browser (window.print) since the interface started. */
  readonly browserPrints: number;
  /** Papers being read or printed now: a key pressed while the browser prints may be lost. */
  readonly producing: number;
  show(shown: Shown): void;
  dismiss(): void;
  setPrinting(printing: ReceiptState['printing']): void;
  countBrowserPrint(): void;
  /** One paper more (+1) or less (-1) on its way out. */
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
