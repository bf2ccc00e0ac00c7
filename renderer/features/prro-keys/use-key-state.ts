/**
 * The registers' keys as the screens read them (pos.prro_key_state), through the registry's hooks.
 * One till's row is shared by the status bar, the sale and the shift (one query, one poll); the
 * manager's screen reads every till's. Cheap on purpose: a slow poll, sooner only while documents
 * wait or the key cannot sign, and a read on the core's events only then (isWatched).
 */

import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ReadOutcome } from '../../../shared/bridge/api.js';
import { op } from '../../../shared/contract/op.js';
import { getBridge } from '../../bridge/index.js';
import { coalesce } from '../../rpc/coalesce.js';
import { readKey, rowsOf, useRead } from '../../rpc/hooks.js';
import { isWatched, type KeyRow } from './key-state.js';

/** A key that signs is read again this seldom: it locks itself only when the shift is closed and delivered. */
export const KEY_POLL_MS = 60_000;
/** While documents wait for a signature, or the key cannot sign: the cashier is told within this. */
export const KEY_POLL_WATCHED_MS = 15_000;
/**
 * Events of a sale come in bursts (rpc/coalesce.ts); the key's read waits past the burst, so it
 * never queues on the core's event loop in front of the next scan's line.
 */
export const KEY_EVENT_MS = 1000;

export const keyPollMs = (row: KeyRow | undefined): number => (isWatched(row) ? KEY_POLL_WATCHED_MS : KEY_POLL_MS);

/** The key of one till's register; `kasm` undefined until the settings are read. Rows empty: no register. */
export function useTillKeyState(kasm: number | undefined) {
  const query = useRead(
    op.pos.prroKeyState,
    { kasm: kasm ?? 0 },
    { enabled: kasm !== undefined && kasm > 0, refetchInterval: (last) => keyPollMs(rowsOf(last)[0]) },
  );
  return { ...query, row: rowsOf(query.data)[0] as KeyRow | undefined };
}

/** Every till's key, for the manager's screen. */
export function useAllKeyStates() {
  const query = useRead(op.pos.prroKeyState, { kasm: 0 }, { refetchInterval: KEY_POLL_WATCHED_MS });
  return { ...query, rows: rowsOf(query.data) as KeyRow[] };
}

/** After a key write or a shift's: every read of the keys' state again (the screen's and the till's). */
export const refreshKeyStates = (client: QueryClient) => client.invalidateQueries({ queryKey: ['rpc', op.pos.prroKeyState] });

/**
 * Reads this till's key again after the core's queue or connection events, once per burst and only
 * while it is watched. Mount once (the status bar does).
 */
export function useKeyRefreshOnEvents(kasm: number | undefined): void {
  const client = useQueryClient();
  useEffect(() => {
    if (kasm === undefined || kasm <= 0) return;
    const key = readKey(op.pos.prroKeyState, { kasm });
    const refresh = coalesce(() => {
      const row = rowsOf(client.getQueryData<ReadOutcome<typeof op.pos.prroKeyState>>(key))[0] as KeyRow | undefined;
      if (isWatched(row)) void client.invalidateQueries({ queryKey: key });
    }, KEY_EVENT_MS);
    const stop = getBridge().onEvent((event) => {
      if (event.type === 'queue' || event.type === 'connection') refresh();
    });
    return () => {
      stop();
      refresh.cancel();
    };
  }, [client, kasm]);
}
