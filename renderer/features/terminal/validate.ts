/** The terminal's settings as typed: what is wrong before they are saved or tested. */
import type { TerminalSettings } from '../../../shared/bridge/api.js';

export interface TerminalDraft {
  readonly enabled: boolean;
  readonly connection: 'tcp' | 'serial';
  readonly host: string;
  readonly port: string;
  readonly serialPath: string;
  readonly baudRate: number;
  readonly manualEntry: boolean;
}

export const draftOf = (t: TerminalSettings): TerminalDraft => ({ ...t, port: String(t.port) });

export type TerminalProblems = Partial<Record<'host' | 'port' | 'serialPath', 'host' | 'port' | 'serialPath'>>;

/** Only the fields of the chosen connection matter, and only while the terminal is on. */
export function terminalProblems(d: TerminalDraft): TerminalProblems {
  if (!d.enabled) return {};
  if (d.connection === 'serial') return d.serialPath.trim() === '' ? { serialPath: 'serialPath' } : {};
  const port = Number(d.port);
  return {
    ...(d.host.trim() === '' ? { host: 'host' as const } : {}),
    ...(!/^\d{1,5}$/.test(d.port.trim()) || port < 1 || port > 65535 ? { port: 'port' as const } : {}),
  };
}

export const settingsOf = (d: TerminalDraft): TerminalSettings => ({
  enabled: d.enabled,
  connection: d.connection,
  host: d.host.trim(),
  port: Number(d.port.trim()) || 2000,
  serialPath: d.serialPath.trim(),
  baudRate: d.baudRate,
  manualEntry: d.manualEntry,
});
