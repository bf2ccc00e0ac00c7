/**
 * What the manager was looking at, kept while they switch screens (F6 to look a receipt up, F5
 * back): the filter applied, the sort, the selected document and the open bulk-change panel. The
 * queue asked for from the till itself (F5 from the sale, or the shift screen's link to its unsent
 * documents) opens on this till's register instead, its filters reset: a filter left on another
 * till would say "no documents" of the very documents the till was asking about.
 */
import { create } from 'zustand';
import { type ScreenId, useUi } from '../../state/ui-store.js';
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
  /** Back to this till's register: the filters as they start, nothing selected. */
  openForTill(): void;
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
  openForTill: () =>
    set({
      view: 'queue',
      filter: null,
      shiftFilter: null,
      shiftId: null,
      shiftDocId: null,
      selectedId: null,
      bulkOpen: false,
      notice: null,
    }),
}));

/** The screens that ask the queue about this till: the sale (F5) and the shift (its unsent documents). */
const FOR_THIS_TILL: readonly ScreenId[] = ['sale', 'shift'];

useUi.subscribe((now, before) => {
  if (now.screen === 'prro' && before.screen !== 'prro' && FOR_THIS_TILL.includes(before.screen)) {
    usePrroView.getState().openForTill();
  }
});
