/**
 * The sale in progress. It lives in the renderer (zustand) and is kept in localStorage, so a
 * reload or a switch to the mixed-payment screen loses nothing; the back office learns it line
 * by line (pos.checkout_apply_sale_line) and for good at the close.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { Dec } from '../../money/money.js';
import * as L from './sale-lines.js';

export interface SaleCard {
  readonly code: string;
  readonly holder: string;
}

/** What the last close came to, shown on the next sale until something is scanned. */
export type CloseReport =
  | {
      readonly status: 'done';
      readonly ndoc: string;
      readonly checkNumber: string;
      readonly total: string;
      readonly change: string;
      readonly bonusAccrued: string;
    }
  | { readonly status: 'queued'; readonly ndoc: string; readonly total: string; readonly change: string }
  | { readonly status: 'reconcile'; readonly ndoc: string; readonly total: string };

interface SaleData {
  /** The sale document number; empty until the first line. */
  readonly ndoc: string;
  readonly lines: readonly L.SaleLine[];
  readonly card: SaleCard | null;
  readonly selected: number;
  readonly lastClose: CloseReport | null;
}

interface SaleState extends SaleData {
  /** The sale document number, made on the first line. */
  begin(kasm: number): string;
  addFound(found: L.Found, priceState: L.PriceState): L.SaleLine;
  setQuantity(code: string, quantity: Dec, priceState: L.PriceState): L.SaleLine | undefined;
  remove(code: string): void;
  applyPriced(code: string, revision: number, priced: L.Priced): void;
  setPriceState(code: string, revision: number, priceState: L.PriceState): void;
  addStamp(code: string, stamp: string): void;
  /** Drops the stamps of a line beyond its quantity (after the quantity went down); returns them. */
  trimStamps(code: string): string[];
  attachCard(card: SaleCard): void;
  select(index: number): void;
  move(delta: number): void;
  /** The sale is over (closed or queued): a new one starts, the report stays on screen. */
  finish(report: CloseReport): void;
  cancel(): void;
  clearReport(): void;
}

/** A sale document number unique across tills and restarts: K<till>-<time>-<random>. */
export function newNdoc(kasm: number, now = Date.now()): string {
  const random = crypto.getRandomValues(new Uint32Array(1))[0] as number;
  return `K${kasm}-${now.toString(36)}-${random.toString(36).padStart(7, '0')}`;
}

const EMPTY: SaleData = { ndoc: '', lines: [], card: null, selected: -1, lastClose: null };

const clamp = (i: number, n: number) => (n === 0 ? -1 : Math.min(Math.max(i, 0), n - 1));

export const useSale = create<SaleState>()(
  persist(
    (set, get) => {
      const lineOf = (code: string) => get().lines.find((l) => l.code === code);
      return {
        ...EMPTY,
        begin: (kasm) => {
          const current = get().ndoc;
          if (current !== '') return current;
          const ndoc = newNdoc(kasm);
          set({ ndoc });
          return ndoc;
        },
        addFound: (found, priceState) => {
          const lines = L.addFound(get().lines, found, priceState);
          set({ lines, selected: lines.findIndex((l) => l.code === found.code), lastClose: null });
          return lineOf(found.code) as L.SaleLine;
        },
        setQuantity: (code, quantity, priceState) => {
          set({ lines: L.setQuantity(get().lines, code, quantity, priceState) });
          return lineOf(code);
        },
        remove: (code) => {
          const lines = get().lines.filter((l) => l.code !== code);
          set({ lines, selected: clamp(get().selected, lines.length) });
        },
        applyPriced: (code, revision, priced) => set({ lines: L.applyPriced(get().lines, code, revision, priced) }),
        setPriceState: (code, revision, priceState) => set({ lines: L.setPriceState(get().lines, code, revision, priceState) }),
        addStamp: (code, stamp) =>
          set({ lines: get().lines.map((l) => (l.code === code ? { ...l, stamps: [...l.stamps, stamp] } : l)) }),
        trimStamps: (code) => {
          const line = lineOf(code);
          if (!line) return [];
          const keep = Math.min(line.stamps.length, L.unitsOf(line));
          const dropped = line.stamps.slice(keep);
          if (dropped.length > 0)
            set({ lines: get().lines.map((l) => (l.code === code ? { ...l, stamps: l.stamps.slice(0, keep) } : l)) });
          return dropped;
        },
        attachCard: (card) => set({ card, lastClose: null }),
        select: (index) => set({ selected: clamp(index, get().lines.length) }),
        move: (delta) => set({ selected: clamp(get().selected + delta, get().lines.length) }),
        finish: (report) => set({ ...EMPTY, lastClose: report }),
        cancel: () => set({ ...EMPTY }),
        clearReport: () => set({ lastClose: null }),
      };
    },
    {
      name: 'cashdesk.sale',
      storage: createJSONStorage(() => localStorage),
      // A price asked before a reload never gets its answer: after one the line keeps the price it has.
      partialize: (s) => ({
        ndoc: s.ndoc,
        lines: s.lines.map((l) => (l.priceState === 'pending' ? { ...l, priceState: 'unconfirmed' as const } : l)),
        card: s.card,
        selected: s.selected,
      }),
    },
  ),
);
