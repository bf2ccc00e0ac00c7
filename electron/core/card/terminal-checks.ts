/**
 * The terminal's "test" (PingDevice) for the settings, and its own X and Z reports. A test of the
 * saved terminal goes through the till's one connection (a terminal serves one at a time); a test
 * of a terminal as a manager typed it opens a connection of its own and closes it.
 */
import type { TerminalReportResult, TerminalSettings, TerminalTest } from '../../../shared/bridge/api.js';
import { TerminalClient } from '../../devices/terminal/client.js';
import { ping } from '../../devices/terminal/operations/ping.js';
import { audit, verify } from '../../devices/terminal/operations/reports.js';
import { type TerminalLink, transportOf } from './terminal-link.js';

const why = (err: unknown) => (err instanceof Error ? err.message : String(err));

export async function terminalTest(link: TerminalLink, typed: TerminalSettings): Promise<TerminalTest> {
  const transport = transportOf(typed);
  if (!transport) return { ok: false, latencyMs: null, code: 'no_address', reason: 'no address or port is given' };
  const saved = link.current();
  const own = saved?.describe === transport.describe ? undefined : new TerminalClient(transport);
  const client = own ?? (saved as TerminalClient);
  const t0 = performance.now();
  try {
    const answer = await ping(client);
    if (!own) link.answered(true);
    return { ok: answer.ok, latencyMs: Math.round(performance.now() - t0), code: answer.code, reason: answer.reason };
  } catch (err) {
    if (!own) link.answered(false);
    return { ok: false, latencyMs: null, code: 'unreachable', reason: why(err) };
  } finally {
    await own?.close();
  }
}

export async function terminalReport(
  link: TerminalLink,
  client: TerminalClient,
  kind: 'audit' | 'verify',
): Promise<TerminalReportResult> {
  link.busy(true);
  try {
    const report = await (kind === 'audit' ? audit(client) : verify(client));
    link.answered(true);
    return report;
  } catch (err) {
    link.answered(false);
    return { kind, ok: false, code: 'unreachable', reason: why(err), fields: {} };
  } finally {
    link.busy(false);
  }
}
