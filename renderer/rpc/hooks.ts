/**
 * Typed hooks over the bridge, derived from the registry: a method name picks its params and
 * rows types, so no operation is described twice. Writes go to the core's outbox and answer
 * done, queued, refused or "needs reconciliation" (see WriteOutcome).
 */
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { QueueFilter, ReadOutcome, SettingsPatch, WriteOptions, WriteOutcome } from '../../shared/bridge/api.js';
import type { ParamsOf, ReadName, ResultRowOf, WriteName } from '../../shared/contract/index.js';
import { getBridge } from '../bridge/index.js';
import { coalesce } from './coalesce.js';
import { retryTransient } from './query-client.js';

export const readKey = <M extends ReadName>(method: M, params: ParamsOf<M>) => ['rpc', method, params] as const;

export function useRead<M extends ReadName>(
  method: M,
  params: ParamsOf<M>,
  options: {
    enabled?: boolean;
    staleTime?: number;
    /** A function decides from the last answer (poll sooner while something is moving). */
    refetchInterval?: number | false | ((last: ReadOutcome<M> | undefined) => number | false);
  } = {},
) {
  const { refetchInterval: every, ...rest } = options;
  return useQuery({
    queryKey: readKey(method, params),
    queryFn: () => getBridge().read(method, params),
    ...rest,
    refetchInterval: typeof every === 'function' ? (q) => every(q.state.data) : every,
  });
}

/** A read outside render (a scan, a lookup on Enter), shared with the hooks' cache. */
export function fetchRead<M extends ReadName>(client: QueryClient, method: M, params: ParamsOf<M>, staleTime = 0) {
  return client.fetchQuery({
    queryKey: readKey(method, params),
    queryFn: () => getBridge().read(method, params),
    staleTime,
    retry: retryTransient,
  });
}

/** The rows of a read, typed by its operation. */
export function rowsOf<M extends ReadName>(outcome: ReadOutcome<M> | undefined): ResultRowOf<M>[] {
  return (outcome?.result.rows ?? []) as ResultRowOf<M>[];
}

export interface WriteVars<M extends WriteName> {
  readonly params: ParamsOf<M>;
  readonly options?: WriteOptions;
}

export function useWrite<M extends WriteName>(method: M) {
  const client = useQueryClient();
  return useMutation<WriteOutcome, Error, WriteVars<M>>({
    mutationFn: (v) => getBridge().write(method, v.params, v.options),
    onSettled: () => client.invalidateQueries({ queryKey: ['queue'] }),
  });
}

/** `enabled: false` keeps a view that only sometimes needs the queue from re-reading it on every queue event. */
export const useQueueItems = (filter: QueueFilter = {}, opts: { enabled?: boolean } = {}) =>
  useQuery({ queryKey: ['queue', filter], queryFn: () => getBridge().queueList(filter), enabled: opts.enabled ?? true });

export const useStatus = () => useQuery({ queryKey: ['status'], queryFn: () => getBridge().status(), refetchInterval: 10_000 });

export const useSettings = () =>
  useQuery({ queryKey: ['settings'], queryFn: () => getBridge().settingsGet(), staleTime: Infinity });

export function useSettingsUpdate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: SettingsPatch) => getBridge().settingsUpdate(patch),
    onSuccess: (s) => client.setQueryData(['settings'], s),
  });
}

/** Keeps queue and connection views current from the core's events, once per burst of them (coalesce.ts). Mount once, in the app shell. */
export function useBridgeEvents(): void {
  const client = useQueryClient();
  useEffect(() => {
    let queueChanged = false;
    const refresh = coalesce(() => {
      if (queueChanged) client.invalidateQueries({ queryKey: ['queue'] });
      queueChanged = false;
      client.invalidateQueries({ queryKey: ['status'] });
    });
    const stop = getBridge().onEvent((event) => {
      if (event.type === 'queue') queueChanged = true;
      // Who signed in decides what Settings offers, and a first sign-in ends the till's setting up.
      if (event.type === 'session') client.invalidateQueries({ queryKey: ['settings'] });
      refresh();
    });
    return () => {
      stop();
      refresh.cancel();
    };
  }, [client]);
}
