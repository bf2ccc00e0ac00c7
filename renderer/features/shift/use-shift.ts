/** The till's shift as the screens read it, and the shift's writes through the outbox. */

import { useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { useEffect } from 'react';
import type { WriteLabel, WriteOutcome } from '../../../shared/bridge/api.js';
import type { ParamsOf, ResultRowOf, WriteName } from '../../../shared/contract/index.js';
import { op } from '../../../shared/contract/op.js';
import { BridgeError, getBridge } from '../../bridge/index.js';
import { coalesce } from '../../rpc/coalesce.js';
import { rowsOf, useRead, useWrite } from '../../rpc/hooks.js';

export type ShiftStateRow = ResultRowOf<typeof op.pos.shiftState>;

/**
 * How often the shift's state is read again. Offline or with documents on their way, the screen is
 * watching something move (the queue draining, the offline clock), so sooner; documents a refusal
 * holds still move only once a manager acts, perhaps at another till, so a middle pace; otherwise
 * the clock's hours (one decimal, six minutes a step) need nothing faster. It is one read over an
 * index of what is still to go (server: prro statements, unsentSummary).
 */
export const SHIFT_POLL_MS = 30_000;
export const SHIFT_POLL_BUSY_MS = 5_000;
export const SHIFT_POLL_STOPPED_MS = 15_000;

export function shiftPollMs(row: ShiftStateRow | undefined): number {
  if (!row) return SHIFT_POLL_MS;
  const unsent = Number(row.unsent_docs) || 0;
  const stopped = Number(row.stopped_docs) || 0;
  if (row.register_mode === 'offline' || unsent > stopped) return SHIFT_POLL_BUSY_MS;
  return stopped > 0 ? SHIFT_POLL_STOPPED_MS : SHIFT_POLL_MS;
}

/** pos.shift_state of a till; `kasm` undefined until the settings are read. */
export function useShiftState(kasm: number | undefined) {
  const query = useRead(
    op.pos.shiftState,
    { kasm: kasm ?? 0 },
    { enabled: kasm !== undefined && kasm > 0, refetchInterval: (last) => shiftPollMs(rowsOf(last)[0]) },
  );
  return { ...query, row: rowsOf(query.data)[0] };
}

/**
 * Reads the shift again after the core says the queue or the connection changed, once per burst
 * of events (a shift read is a service read; mount once, in the status bar).
 */
export function useShiftRefreshOnEvents(): void {
  const client = useQueryClient();
  useEffect(() => {
    const refresh = coalesce(() => client.invalidateQueries({ queryKey: ['rpc', op.pos.shiftState] }));
    const stop = getBridge().onEvent(refresh);
    return () => {
      stop();
      refresh.cancel();
    };
  }, [client]);
}

export type ShiftAnswer<R> =
  | { readonly kind: 'done'; readonly row: R | undefined }
  | { readonly kind: 'queued' }
  | { readonly kind: 'refused' | 'reconcile' | 'failed'; readonly error: unknown };

/** The English line for the log: the operation, the till and the amount, never the cashier's free text. */
const summaryOf = (method: string, label: WriteLabel): string =>
  [method, `till ${label.values.kasm ?? '?'}`, label.values.amount ?? label.values.float ?? ''].filter((x) => x !== '').join(' ');

/** Values of a write's label are short (shared/bridge/validate.ts): a long reason is cut for the outbox's list. */
export const labelText = (text: string, max = 200): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export function answerOf<R>(outcome: WriteOutcome): ShiftAnswer<R> {
  switch (outcome.status) {
    case 'done':
      return { kind: 'done', row: outcome.result.rows[0] as R | undefined };
    case 'queued':
      return { kind: 'queued' };
    case 'refused':
    case 'reconcile':
      return { kind: outcome.status, error: BridgeError.from(outcome.error) };
  }
}

/**
 * What a shift write changed: the state, the reports, the drawer's balance, and the register's key
 * (it locks itself once the closed shift is delivered; the opening's documents wait for it).
 */
const TOUCHED = [op.pos.shiftState, op.pos.shiftXReport, op.pos.cashdeskBalance, op.pos.shifts, op.pos.prroKeyState] as const;

/**
 * A write of the shift (open, close, cash in or out) through the outbox. A refusal the cashier is
 * shown on the screen is settled at once (reconciled with a note), as the sale does: it was not
 * performed, and it must not sit in the outbox as needing a person's attention.
 */
export function useShiftWrite<M extends WriteName>(method: M) {
  const client = useQueryClient();
  const write = useWrite(method);
  async function send(params: ParamsOf<M>, label: WriteLabel, waitMs = 5000): Promise<ShiftAnswer<ResultRowOf<M>>> {
    try {
      // Each is its own business object: a refused one must not hold back the next attempt.
      const group = `shift-${method}-${Date.now().toString(36)}`;
      const outcome = await write.mutateAsync({ params, options: { group, label, waitMs, summary: summaryOf(method, label) } });
      if (outcome.status === 'refused') {
        await getBridge()
          .queueReconcile(outcome.id, i18next.t('shift:settledNote'))
          .catch(() => undefined);
      }
      return answerOf<ResultRowOf<M>>(outcome);
    } catch (error) {
      return { kind: 'failed', error };
    } finally {
      for (const m of TOUCHED) client.invalidateQueries({ queryKey: ['rpc', m] });
    }
  }
  return { send, pending: write.isPending };
}

/** The refusal reason of a service answer, if it names one (e.g. 'shift.unsent_documents'), with its values. */
export function refusalOf(error: unknown): { reason: string; values: Readonly<Record<string, string>> } | undefined {
  if (!(error instanceof BridgeError)) return undefined;
  const d = error.details.find((x) => typeof x.reason === 'string');
  return d ? { reason: String(d.reason), values: (d.values ?? {}) as Record<string, string> } : undefined;
}
