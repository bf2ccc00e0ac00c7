/**
 * The terminal's last result (service message getLastResult): what its last financial operation
 * came to, asked when the till lost that operation's answer (a timeout, a lost link, the till's
 * own crash). The integrator document names the message; the answer we read is its params: result
 * 2 while the operation is still in progress, otherwise the last transaction's fields as its own
 * answer had them (method, responseCode, amount, rrn, approvalCode, invoiceNumber…), with no such
 * fields when the terminal has done nothing since it started. An answer that names no transaction
 * is "none": the till then knows the terminal did not take its payment.
 */
import type { TerminalClient } from '../client.js';
import { type CardResult, paramsOf, readResult } from '../protocol/answer.js';
import { TIMEOUTS, type Timeouts } from './timeouts.js';

export type LastResult =
  | { readonly state: 'in_progress' }
  | { readonly state: 'none' }
  | {
      readonly state: 'done';
      /** The method of that operation (Purchase, Refund, Withdrawal), '' when the terminal does not say. */
      readonly method: string;
      readonly amount: string;
      /** What tells one operation from another: its receipt number and RRN as the terminal gave them. */
      readonly identity: string;
      readonly result: CardResult;
    };

const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

export async function lastResult(client: TerminalClient, t: Timeouts = TIMEOUTS): Promise<LastResult> {
  const answer = await client.request({ method: 'ServiceMessage', params: { msgType: 'getLastResult' }, timeoutMs: t.quick });
  const p = paramsOf(answer);
  if (str(p.result) === '2') return { state: 'in_progress' };
  // The transaction's fields, flat in params or under a params of their own.
  const nested = typeof p.params === 'object' && p.params !== null ? (p.params as Record<string, unknown>) : p;
  const identity = [str(nested.invoiceNumber), str(nested.rrn)].filter((x) => x !== '').join('/');
  if (str(nested.responseCode) === '' && identity === '') return { state: 'none' };
  return {
    state: 'done',
    method: str(nested.method),
    amount: str(nested.amount),
    identity,
    result: readResult(nested.error ?? answer.error, nested.errorDescription ?? answer.errorDescription, nested),
  };
}
