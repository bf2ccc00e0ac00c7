/**
 * The bridge's events (queue, connection, session, catalogue, devices, updates): every part of the
 * core says what changed here, and the shell forwards it to the interface.
 */
import type { BridgeEvent } from '../../../shared/bridge/api.js';

export class BridgeEvents {
  readonly #listeners = new Set<(e: BridgeEvent) => void>();

  /** Told to every listener; a listener's own fault is its own (the transport catches it). */
  emit(e: BridgeEvent): void {
    for (const l of this.#listeners) l(e);
  }

  /** A listener until the returned function is called. */
  listen(listener: (e: BridgeEvent) => void): () => boolean {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  clear(): void {
    this.#listeners.clear();
  }
}
