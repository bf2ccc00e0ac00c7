/**
 * Before a sale closes into a receipt, the ESC/POS printer is asked its state (bridge
 * printerCheck: DLE EOT over TCP or serial). A printer out of paper, with its cover open, in error,
 * offline or not answering is said to the cashier first, with what to do, and the cashier chooses:
 * check again once it is fixed (Enter), close without paper, or go back to the receipt. A real
 * till works so: the fiscal document does not depend on the paper (it goes to the tax server
 * either way, and the customer may be shown the e-receipt), so the sale may close, but never
 * without the cashier knowing that no paper will come out; the paper is printed later from the
 * journal. A printer whose connection says nothing (the system printer, a Windows queue) or an
 * e-receipt-only till is not asked.
 */
import type { QueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import type { PrinterCondition, PrinterState, PublicSettings } from '../../../shared/bridge/api.js';
import { getBridge } from '../../bridge/index.js';

export type GateAnswer = 'retry' | 'without' | 'back';

/** The conditions in which the receipt would not print. */
const NOT_PRINTING: ReadonlySet<PrinterCondition> = new Set(['paper_out', 'cover_open', 'error', 'offline', 'unreachable']);

interface GateState {
  /** The printer's state the cashier is asked about; null while nothing is asked. */
  readonly asking: PrinterState | null;
  readonly answer: ((a: GateAnswer) => void) | null;
  ask(state: PrinterState): Promise<GateAnswer>;
  reply(a: GateAnswer): void;
}

export const usePrinterGate = create<GateState>((set, get) => ({
  asking: null,
  answer: null,
  ask: (state) =>
    new Promise<GateAnswer>((resolve) => {
      set({ asking: state, answer: resolve });
    }),
  reply: (a) => {
    const answer = get().answer;
    set({ asking: null, answer: null });
    answer?.(a);
  },
}));

/** 'print': go on, the receipt will print (or the printer cannot say); 'without': the cashier closes without paper; 'back': not now. */
export async function printerGate(client: QueryClient): Promise<'print' | 'without' | 'back'> {
  const settings = await client
    .fetchQuery<PublicSettings>({ queryKey: ['settings'], queryFn: () => getBridge().settingsGet(), staleTime: Infinity })
    .catch(() => undefined);
  const connection = settings?.printerDevice?.connection ?? 'system';
  if (connection === 'system' || settings?.printer.eReceiptOnly) return 'print';
  for (;;) {
    const state = await getBridge()
      .printerCheck()
      .catch(() => null);
    if (!state || !NOT_PRINTING.has(state.condition)) return 'print';
    const answer = await usePrinterGate.getState().ask(state);
    if (answer !== 'retry') return answer;
  }
}
