/**
 * What the status bar says of the service the till works with: reachable or not (or refusing its
 * key), and its name and version. Told to the interface only when it changes; coming online asks
 * the catalogue copy to catch up at once.
 */
import type { AppStatus, ConnectionState } from '../../../shared/bridge/api.js';
import type { BridgeEvents } from './events.js';

export class Connection {
  #state: ConnectionState = 'unknown';
  /** The service's name and version as it last answered; null before it did. */
  upstream: AppStatus['upstream'] = null;

  constructor(
    private readonly events: BridgeEvents,
    private readonly cameOnline: () => void,
  ) {}

  get state(): ConnectionState {
    return this.#state;
  }

  set(state: ConnectionState): void {
    if (state === this.#state) return;
    this.#state = state;
    this.events.emit({ type: 'connection', state });
    if (state === 'online') this.cameOnline();
  }

  /** After a switch to another service, which just answered its test: said afresh, whatever the old one was. */
  switched(upstream: AppStatus['upstream']): void {
    this.upstream = upstream;
    this.#state = 'unknown';
    this.set('online');
  }
}
