/**
 * Updates that reach the tills, applied only between shifts (update-gate.ts). While the gate is
 * shut the till does not even ask the update server; between shifts it asks every `everyMs`,
 * downloads what is offered, and then offers it in the status bar: a person installs it
 * (updateInstall), and the gate is asked again at that moment.
 */
import type { UpdateState } from '../../../shared/bridge/api.js';
import type { Logger } from '../../../shared-node/log/logger.js';
import { type TillFacts, updateGate } from './update-gate.js';
import type { UpdaterPort } from './updater-port.js';

export interface UpdatesOptions {
  readonly port: UpdaterPort;
  readonly facts: () => Promise<TillFacts>;
  readonly changed: () => void;
  readonly logger?: Logger;
}

export class Updates {
  private state: UpdateState = { state: 'idle', version: null, reason: null };
  private busy = false;

  constructor(private readonly o: UpdatesOptions) {}

  status(): UpdateState {
    return this.state;
  }

  /** One round: asked of the gate, then of the update server, then downloaded. Never throws. */
  async poll(): Promise<UpdateState> {
    if (this.busy) return this.state;
    this.busy = true;
    try {
      const gate = updateGate(await this.o.facts());
      if (!gate.open) {
        // A downloaded update stays ready; it is only not offered until the shift is closed.
        const state = this.state.state === 'ready' ? 'ready' : 'waiting';
        return this.set({ state, version: this.state.version, reason: gate.why });
      }
      if (this.state.state === 'ready') return this.set({ ...this.state, reason: null });
      const version = await this.o.port.check();
      if (version === null) return this.set({ state: 'idle', version: null, reason: null });
      this.set({ state: 'downloading', version, reason: null });
      await this.o.port.download();
      this.o.logger?.log('info', 'update downloaded', { version });
      return this.set({ state: 'ready', version, reason: null });
    } catch (err) {
      this.o.logger?.log('warn', 'update check failed', { error: err instanceof Error ? err.message : String(err) });
      return this.set({ state: 'error', version: this.state.version, reason: err instanceof Error ? err.message : String(err) });
    } finally {
      this.busy = false;
    }
  }

  /** Installs the downloaded update now, if the gate is open; else says why not. */
  async install(): Promise<UpdateState> {
    if (this.state.state !== 'ready') return this.state;
    const gate = updateGate(await this.o.facts());
    if (!gate.open) return this.set({ ...this.state, reason: gate.why });
    this.o.logger?.log('info', 'update installing', { version: this.state.version });
    this.o.port.install();
    return this.state;
  }

  /** Offered: downloaded and the gate open when last asked. */
  offered(): boolean {
    return this.state.state === 'ready' && this.state.reason === null;
  }

  private set(next: UpdateState): UpdateState {
    const same = next.state === this.state.state && next.version === this.state.version && next.reason === this.state.reason;
    this.state = next;
    if (!same) this.o.changed();
    return next;
  }
}
