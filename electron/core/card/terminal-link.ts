/**
 * The till's one terminal client, made from the settings and made again when a manager changes
 * them; and what the status bar says of the terminal: whether it answered last time.
 */
import type { TerminalSettings, TerminalStatus } from '../../../shared/bridge/api.js';
import { TerminalClient } from '../../devices/terminal/client.js';
import type { Transport } from '../../devices/terminal/transport/link.js';
import { serialTransport } from '../../devices/terminal/transport/serial.js';
import { tcpTransport } from '../../devices/terminal/transport/tcp.js';

/** The link the settings describe; undefined while they name no terminal. */
export function transportOf(t: TerminalSettings): Transport | undefined {
  if (t.connection === 'tcp') return t.host.trim() === '' ? undefined : tcpTransport(t.host.trim(), t.port);
  return t.serialPath.trim() === '' ? undefined : serialTransport(t.serialPath.trim(), t.baudRate);
}

export class TerminalLink {
  private client: TerminalClient | undefined;
  private key = '';
  private answeredAt: string | null = null;
  private reachable: boolean | undefined;
  private working = false;

  constructor(
    private readonly settings: () => TerminalSettings,
    private readonly onStray: (what: string) => void = () => undefined,
  ) {}

  /** The client of the terminal the settings name now; undefined while it is off or named nowhere. */
  current(): TerminalClient | undefined {
    const t = this.settings();
    const key = JSON.stringify([t.enabled, t.connection, t.host, t.port, t.serialPath, t.baudRate]);
    if (key !== this.key) {
      void this.client?.close();
      this.client = undefined;
      this.key = key;
      this.reachable = undefined;
      const transport = t.enabled ? transportOf(t) : undefined;
      if (transport) this.client = new TerminalClient(transport, { onStray: this.onStray });
    }
    return this.client;
  }

  /** Whether the last request reached the terminal. */
  answered(ok: boolean): void {
    this.reachable = ok;
    if (ok) this.answeredAt = new Date().toISOString();
  }

  busy(on: boolean): void {
    this.working = on;
  }

  get isBusy(): boolean {
    return this.working;
  }

  status(pending: TerminalStatus['pending']): TerminalStatus {
    const state: TerminalStatus['state'] = !this.current()
      ? 'off'
      : this.working
        ? 'busy'
        : this.reachable === undefined
          ? 'unknown'
          : this.reachable
            ? 'ready'
            : 'unreachable';
    return { state, answeredAt: this.answeredAt, pending };
  }

  async close(): Promise<void> {
    await this.client?.close();
    this.client = undefined;
    this.key = '';
  }
}
