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
      /** Closed while the service was away and sent by the outbox since. */
      readonly sent?: boolean;
    }
  | {
      readonly status: 'queued';
      readonly ndoc: string;
      readonly total: string;
      readonly change: string;
      /** The outbox item of the close: once it is sent, the report says the receipt it became. */
      readonly outboxId: number;
    }
  | { readonly status: 'reconcile'; readonly ndoc: string; readonly total: string };

interface SaleData {
  /** The sale document number; empty until the first line. */
  readonly ndoc: string;
  /** When the first line was scanned (ISO 8601), what the screen shows of the sale document. */
  readonly startedAt: string;
  readonly lines: readonly L.SaleLine[];
  readonly card: SaleCard | null;
  readonly selected: number;
  readonly lastClose: CloseReport | null;
  /** The buyer's age was checked for goods up to this age limit (0: not asked yet). */
  readonly ageChecked: number;
}

/** A sale set aside to serve the next buyer, recalled later as it was. */
export interface ParkedSale {
  readonly ndoc: string;
  readonly startedAt: string;
  readonly parkedAt: string;
  readonly lines: readonly L.SaleLine[];
  readonly card: SaleCard | null;
  readonly ageChecked: number;
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
  /** The queued close reached the back office: the report names its receipt. */
  closeDelivered(outboxId: number, report: Extract<CloseReport, { status: 'done' }>): void;
  cancel(): void;
  clearReport(): void;
  /** Stamps released elsewhere (the excise screen) are off their lines. */
  dropStamps(stamps: readonly string[]): void;
  confirmAge(limit: number): void;
  setManual(code: string, manual: NonNullable<L.SaleLine['manual']>): void;
  /** Sets the sale aside (nothing when it is empty) and starts a new one; returns it. */
  park(): ParkedSale | undefined;
  /** Brings a parked sale back as the sale in progress (the current one must be empty). */
  recall(ndoc: string): ParkedSale | undefined;
  readonly parked: readonly ParkedSale[];
}

/** A sale document number unique across tills and restarts: K<till>-<time>-<random>. */
export function newNdoc(kasm: number, now = Date.now()): string {
  const random = crypto.getRandomValues(new Uint32Array(1))[0] as number;
  return `K${kasm}-${now.toString(36)}-${random.toString(36).padStart(7, '0')}`;
}

const EMPTY: SaleData = { ndoc: '', startedAt: '', lines: [], card: null, selected: -1, lastClose: null, ageChecked: 0 };

const clamp = (i: number, n: number) => (n === 0 ? -1 : Math.min(Math.max(i, 0), n - 1));

export const useSale = create<SaleState>()(
  persist(
    (set, get) => {
      const lineOf = (code: string) => get().lines.find((l) => l.code === code);
      return {
        ...EMPTY,
        parked: [],
        begin: (kasm) => {
          const current = get().ndoc;
          if (current !== '') return current;
          const ndoc = newNdoc(kasm);
          set({ ndoc, startedAt: new Date().toISOString() });
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
        closeDelivered: (outboxId, report) => {
          const last = get().lastClose;
          if (last?.status === 'queued' && last.outboxId === outboxId) set({ lastClose: report });
        },
        cancel: () => set({ ...EMPTY }),
        clearReport: () => set({ lastClose: null }),
        dropStamps: (stamps) =>
          set({ lines: get().lines.map((l) => ({ ...l, stamps: l.stamps.filter((s) => !stamps.includes(s)) })) }),
        confirmAge: (limit) => set({ ageChecked: Math.max(get().ageChecked, limit) }),
        setManual: (code, manual) => set({ lines: get().lines.map((l) => (l.code === code ? { ...l, manual } : l)) }),
        park: () => {
          const s = get();
          if (s.lines.length === 0) return undefined;
          const parked: ParkedSale = {
            ndoc: s.ndoc,
            startedAt: s.startedAt,
            parkedAt: new Date().toISOString(),
            // A price asked before parking never gets its answer here: the line keeps the price it has.
            lines: s.lines.map((l) => (l.priceState === 'pending' ? { ...l, priceState: 'unconfirmed' as const } : l)),
            card: s.card,
            ageChecked: s.ageChecked,
          };
          set({ ...EMPTY, parked: [...s.parked, parked] });
          return parked;
        },
        recall: (ndoc) => {
          const s = get();
          const found = s.parked.find((p) => p.ndoc === ndoc);
          if (!found || s.lines.length > 0) return undefined;
          set({
            ...EMPTY,
            ndoc: found.ndoc,
            startedAt: found.startedAt,
            lines: found.lines,
            card: found.card,
            ageChecked: found.ageChecked,
            selected: found.lines.length - 1,
            parked: s.parked.filter((p) => p.ndoc !== ndoc),
          });
          return found;
        },
      };
    },
    {
      name: 'cashdesk.sale',
      storage: createJSONStorage(() => localStorage),
      // A price asked before a reload never gets its answer: after one the line keeps the price it has.
      partialize: (s) => ({
        ndoc: s.ndoc,
        startedAt: s.startedAt,
        lines: s.lines.map((l) => (l.priceState === 'pending' ? { ...l, priceState: 'unconfirmed' as const } : l)),
        card: s.card,
        selected: s.selected,
        ageChecked: s.ageChecked,
        parked: s.parked,
      }),
    },
  ),
);
