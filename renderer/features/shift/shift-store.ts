/**
 * What the shift screen keeps while the cashier goes to other screens: the open panel, the drawer
 * count in progress (a count survives a look at the sale), the Z-report just made, and whether a
 * sale is waiting for a shift to be opened. Not kept across a reload.
 */

import { create } from 'zustand';
import type { ResultRowOf } from '../../../shared/contract/index.js';
import type { op } from '../../../shared/contract/op.js';
import type { Counts } from './drawer.js';

export type Panel = 'x' | 'cashIn' | 'cashOut' | 'count' | 'close';

export type ZClosed = ResultRowOf<typeof op.pos.shiftClose> & { readonly kasm: number };

interface ShiftState {
  readonly panel: Panel | null;
  readonly counts: Counts;
  readonly lastZ: ZClosed | null;
  /** The sale's close was refused for want of a shift: go back to it once one is open. */
  readonly returnToSale: boolean;
  showPanel(panel: Panel | null): void;
  setCount(id: string, text: string): void;
  clearCounts(): void;
  closed(z: ZClosed): void;
  opened(): void;
  askedBySale(): void;
}

export const useShiftStore = create<ShiftState>((set) => ({
  panel: null,
  counts: {},
  lastZ: null,
  returnToSale: false,
  showPanel: (panel) => set({ panel }),
  setCount: (id, text) => set((s) => ({ counts: { ...s.counts, [id]: text } })),
  clearCounts: () => set({ counts: {} }),
  // The drawer count belonged to the closed shift's drawer; the next shift counts afresh.
  closed: (lastZ) => set({ lastZ, panel: null, counts: {} }),
  opened: () => set({ lastZ: null, panel: null, returnToSale: false }),
  askedBySale: () => set({ returnToSale: true, panel: null }),
}));
