/**
 * What the manager was looking at, kept while they switch screens (F1 to ring a sale up, F5
 * back): the filter applied, the sort, the selected document and the open bulk-change panel.
 */
import { create } from 'zustand';
import type { ColumnId } from './columns.js';
import type { PrroFilter } from './filters.js';
import type { SortDir } from './sort.js';

export interface Notice {
  readonly kind: 'ok' | 'info' | 'warn';
  readonly text: string;
}

/** The per-shift view's own choice: the days and till its shifts are listed for. */
export interface ShiftFilter {
  readonly start: string;
  readonly end: string;
  readonly kasm: string;
}

interface PrroView {
  /** The error grid, or one shift's documents in chain order. */
  readonly view: 'queue' | 'shifts';
  readonly shiftFilter: ShiftFilter | null;
  readonly shiftId: string | null;
  readonly shiftDocId: string | null;
  readonly filter: PrroFilter | null;
  readonly sort: { readonly column: ColumnId; readonly dir: SortDir } | null;
  readonly selectedId: string | null;
  readonly bulkOpen: boolean;
  readonly notice: Notice | null;
  apply(filter: PrroFilter): void;
  setSort(sort: { column: ColumnId; dir: SortDir }): void;
  select(id: string | null): void;
  setBulkOpen(open: boolean): void;
  say(notice: Notice | null): void;
  showView(view: 'queue' | 'shifts'): void;
  applyShifts(filter: ShiftFilter): void;
  /** Opens the per-shift view on a shift (from a document's detail, or the list). */
  openShift(id: string): void;
  selectShiftDoc(id: string | null): void;
}

export const usePrroView = create<PrroView>((set) => ({
  view: 'queue',
  shiftFilter: null,
  shiftId: null,
  shiftDocId: null,
  filter: null,
  sort: null,
  selectedId: null,
  bulkOpen: false,
  notice: null,
  apply: (filter) => set({ filter, selectedId: null, notice: null }),
  setSort: (sort) => set({ sort }),
  select: (selectedId) => set({ selectedId }),
  setBulkOpen: (bulkOpen) => set({ bulkOpen }),
  say: (notice) => set({ notice }),
  showView: (view) => set({ view }),
  applyShifts: (shiftFilter) => set({ shiftFilter }),
  openShift: (shiftId) => set({ view: 'shifts', shiftId, shiftDocId: null }),
  selectShiftDoc: (shiftDocId) => set({ shiftDocId }),
}));
