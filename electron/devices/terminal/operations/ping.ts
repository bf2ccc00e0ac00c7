/** PingDevice: is the terminal there and answering (the settings' "test" button and the status bar). */
import type { TerminalClient } from '../client.js';
import { paramsOf } from '../protocol/answer.js';
import { TIMEOUTS, type Timeouts } from './timeouts.js';

export interface Ping {
  readonly ok: boolean;
  readonly code: string;
  readonly reason: string;
}

export async function ping(client: TerminalClient, t: Timeouts = TIMEOUTS): Promise<Ping> {
  const answer = await client.request({ method: 'PingDevice', timeoutMs: t.quick });
  const p = paramsOf(answer);
  const code = typeof p.responseCode === 'string' ? p.responseCode : '';
  const ok = answer.error !== true && (code === '' || code === '0000');
  return { ok, code, reason: typeof answer.errorDescription === 'string' ? answer.errorDescription : '' };
}
