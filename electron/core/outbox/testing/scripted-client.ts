/** A stand-in for RpcClient whose outcomes a test lists in advance; it records every call. */

import type { RpcErrorInfo } from '../../../../shared/bridge/api.js';
import type { RpcResult, WriteName } from '../../../../shared/contract/index.js';
import type { CallOutcome, RpcClient } from '../../rpc/client.js';

export interface Sent {
  readonly method: string;
  readonly params: unknown;
  readonly idempotencyKey: string | undefined;
}

type Answer = CallOutcome | (() => Promise<CallOutcome>);

/** Write names for tests. */
export const CLEAR_STAMPS: WriteName = 'pos.excise_clear_pending';
export const SAVE_CARD: WriteName = 'pos.card_setting_save';
export const SAVE_SUPPLIER: WriteName = 'catalog.contrag.save';
/** A plain sale's writes, which the drainer sends beside other sales' (dependencies.ts). */
export const SALE_LINE: WriteName = 'pos.checkout_apply_sale_line';
export const CLOSE_SALE: WriteName = 'pos.checkout_close_sale';
/** A barrier: every earlier write before it, every later one after it. */
export const CLOSE_SHIFT: WriteName = 'pos.shift_close';

export const lineParams = (ndoc: string, code = '1001') => ({ code, ndoc, quant: '1', kasm: 1, disc_card: '' });
export const closeParams = (ndoc: string, code = '1001') => ({
  ndoc,
  kasm: 1,
  rows: [{ code, quant: '1', price: '10.00', sum: '10.00', excise_marks: [] }],
  payments: [{ type: 'nal', amount: '10.00' }],
});

export const result = (value = '1'): RpcResult => ({
  upstream: { name: 'test', version: '0.4.0', resource: 'pos' },
  status: { code: 'OK', operation: 'excise_clear_pending', affected: value },
  rows: [],
});

const info = (code: RpcErrorInfo['code']): RpcErrorInfo => ({ code, message: `answered ${code}`, details: [] });

export const ok = (value = '1'): CallOutcome => ({ kind: 'ok', result: result(value), requestId: `req-${value}` });
export const refused = (code: RpcErrorInfo['code'] = 'INVALID_PARAMETER'): CallOutcome => ({
  kind: 'refused',
  error: info(code),
  status: 422,
});
export const unknown = (): CallOutcome => ({ kind: 'unknown', error: info('IDEMPOTENCY_RESULT_UNKNOWN'), status: 409 });
export const retry = (code: RpcErrorInfo['code'] = 'UPSTREAM_FAILURE', retryAfterMs: number | null = null): CallOutcome => ({
  kind: 'retry',
  error: info(code),
  status: code === 'NETWORK_ERROR' || code === 'TIMEOUT' || code === 'NO_API_KEY' ? null : 502,
  retryAfterMs,
});

export class ScriptedClient implements Pick<RpcClient, 'call'> {
  readonly sent: Sent[] = [];
  private readonly answers: Answer[] = [];

  /** Answers the next calls in this order; once they run out every call is ok. */
  answer(...answers: Answer[]): this {
    this.answers.push(...answers);
    return this;
  }

  call(method: string, params: unknown, opts: { idempotencyKey?: string } = {}): Promise<CallOutcome> {
    this.sent.push({ method, params, idempotencyKey: opts.idempotencyKey });
    const a = this.answers.shift() ?? ok(String(this.sent.length));
    return typeof a === 'function' ? a() : Promise.resolve(a);
  }
}
