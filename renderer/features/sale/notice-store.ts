/**
 * What the sale screen tells the cashier about the last thing that happened (a scan, a price, a
 * refusal), and whether the last lookup came from the till's memory because the server is away.
 * Not kept across reloads: it is about the moment.
 */
import { create } from 'zustand';

export interface Notice {
  readonly tone: 'info' | 'warn' | 'error';
  /** A key of the 'sale' namespace and its values. */
  readonly key: string;
  readonly values?: Readonly<Record<string, string | number>>;
  /** A refusal to put in the cashier's words beside the message. */
  readonly error?: unknown;
}

interface NoticeState {
  readonly notice: Notice | null;
  /** The last lookup was answered from the till's cache: the service cannot be reached. */
  readonly stale: boolean;
  say(notice: Notice | null): void;
  setStale(stale: boolean): void;
}

export const useNotice = create<NoticeState>((set) => ({
  notice: null,
  stale: false,
  say: (notice) => set({ notice }),
  setStale: (stale) => set({ stale }),
}));
