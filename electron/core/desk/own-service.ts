/**
 * The till's own service (embedded.ts), started the first time the till works with it or a manager
 * tests it, and kept until the core closes. Its address is known only once it listens.
 */
import type { Logger } from '../../../shared-node/log/logger.js';
import { type EmbeddedService, startEmbeddedService } from '../embedded.js';
import { EMBEDDED, type KeyRing } from '../secrets/key-ring.js';

export class OwnService {
  #starting: Promise<EmbeddedService> | undefined;
  #running: EmbeddedService | undefined;

  constructor(private readonly opts: { dataDir: string; keys: KeyRing; demo: boolean; logger?: Logger }) {}

  /** Started once: two callers at the same moment get the same service. */
  async start(): Promise<EmbeddedService> {
    this.#starting ??= startEmbeddedService(this.opts).then((s) => {
      this.#running = s;
      return s;
    });
    return this.#starting;
  }

  /** Where a service the settings name is reached: the own one at its loopback address (empty before it listens). */
  urlOf(id: string): string {
    return id === EMBEDDED ? (this.#running?.url ?? '') : id;
  }

  async close(): Promise<void> {
    await this.#running?.service.close();
  }
}
