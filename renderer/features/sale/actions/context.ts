/**
 * What every sale action works with: the query client, the till's settings and number, the sale's
 * store, the notice line, and whether the till is offline (then a write returns "queued" at once
 * instead of waiting, and new lines are marked "price not confirmed").
 */
import type { QueryClient } from '@tanstack/react-query';
import type { AppStatus, CatalogItem, PublicSettings, WriteLabel } from '../../../../shared/bridge/api.js';
import { BridgeError, getBridge } from '../../../bridge/index.js';
import { type Notice, useNotice } from '../notice-store.js';
import type { PriceState } from '../sale-lines.js';
import { useSale } from '../sale-store.js';
import { catalogMirror } from '../use-catalog-mirror.js';

/** While the service is away a write returns "queued" after this long instead of the usual wait. */
export const OFFLINE_WAIT_MS = 300;
/** A close may queue behind the sale's line writes; give it time to be done while online. */
export const CLOSE_WAIT_MS = 5000;

export const label = (key: string, values: Record<string, string> = {}): WriteLabel => ({ key, values });

export const isNetworkError = (e: unknown) =>
  e instanceof BridgeError && (e.code === 'NETWORK_ERROR' || e.code === 'TIMEOUT' || e.code === 'UPSTREAM_FAILURE');

export interface SaleContext {
  readonly client: QueryClient;
  readonly settingsOf: () => Promise<PublicSettings>;
  /** The till's number, from the settings (fetched once, then cached by react-query). */
  readonly kasmOf: () => Promise<number>;
  readonly sale: () => ReturnType<typeof useSale.getState>;
  readonly say: (n: Notice | null) => void;
  readonly offline: () => boolean;
  readonly waitMs: (online?: number) => number | undefined;
  readonly freshState: () => PriceState;
  /** From the page's mirror of the copy when it holds the code (no round trip), else from the desk's copy. */
  readonly catalogItem: (code: string) => Promise<CatalogItem | null>;
}

export function saleContext(client: QueryClient): SaleContext {
  const settingsOf = (): Promise<PublicSettings> =>
    client.ensureQueryData({ queryKey: ['settings'], queryFn: () => getBridge().settingsGet() });
  const offline = () => useNotice.getState().stale || client.getQueryData<AppStatus>(['status'])?.connection === 'offline';
  return {
    client,
    settingsOf,
    kasmOf: async () => (await settingsOf()).till.kasm,
    sale: () => useSale.getState(),
    say: (n) => useNotice.getState().say(n),
    offline,
    waitMs: (online) => (offline() ? OFFLINE_WAIT_MS : online),
    freshState: () => (offline() ? 'unconfirmed' : 'pending'),
    catalogItem: async (code) =>
      catalogMirror.item(code) ??
      getBridge()
        .catalogItem(code)
        .catch(() => null),
  };
}
