/**
 * The terminal's own reports of its batch: Audit, the X-report (totals so far, the batch stays
 * open), and Verify, the settlement or Z-report (the batch is sent to the bank and closed). The
 * terminal prints them; the till keeps what the answer says for the manager to see.
 */
import type { TerminalClient } from '../client.js';
import { paramsOf } from '../protocol/answer.js';
import { TIMEOUTS, type Timeouts } from './timeouts.js';

export interface TerminalReport {
  readonly kind: 'audit' | 'verify';
  readonly ok: boolean;
  readonly code: string;
  readonly reason: string;
  /** The answer's fields as the terminal gave them (totals, receipt text), strings only. */
  readonly fields: Readonly<Record<string, string>>;
}

async function report(client: TerminalClient, kind: 'audit' | 'verify', t: Timeouts): Promise<TerminalReport> {
  const answer = await client.request({
    method: kind === 'audit' ? 'Audit' : 'Verify',
    params: { merchantId: 0 },
    timeoutMs: t.report,
  });
  const p = paramsOf(answer);
  const code = typeof p.responseCode === 'string' ? p.responseCode : '';
  const fields = Object.fromEntries(
    Object.entries(p).flatMap(([k, v]) => (typeof v === 'string' || typeof v === 'number' ? [[k, String(v)]] : [])),
  );
  return {
    kind,
    ok: answer.error !== true && (code === '' || code === '0000'),
    code,
    reason: typeof answer.errorDescription === 'string' ? answer.errorDescription : '',
    fields,
  };
}

export const audit = (client: TerminalClient, t: Timeouts = TIMEOUTS) => report(client, 'audit', t);
export const verify = (client: TerminalClient, t: Timeouts = TIMEOUTS) => report(client, 'verify', t);
