/**
 * Who is signed in at the till: in memory only, so a restarted till asks for a PIN again. Also
 * whether the till is still being set up at its service, which decides who may change its settings
 * (settings/authority.ts).
 */
import type { SignedIn } from '../../../shared/bridge/api.js';
import type { OutboxStore } from '../outbox/store.js';
import { type SettingsAuthority, settingsRefusal } from '../settings/authority.js';
import type { SettingsStore } from '../settings/settings-store.js';
import type { BridgeEvents } from './events.js';

export interface SessionDeps {
  readonly settings: SettingsStore;
  readonly store: Pick<OutboxStore, 'madeByPerson'>;
  readonly events: BridgeEvents;
  /** The back office the till works with now (its binding). */
  readonly bound: () => string;
  readonly logFault: (what: string, err: unknown) => void;
}

export class Session {
  #who: SignedIn | null = null;

  constructor(private readonly d: SessionDeps) {}

  get who(): SignedIn | null {
    return this.#who;
  }

  set(next: SignedIn | null): void {
    this.#who = next;
    if (next) this.staff();
    this.d.events.emit({ type: 'session', cashier: next });
  }

  /** The person signed in, as the outbox and card payments record who made a write. */
  author(): { id: number; name: string } | null {
    return this.#who && { id: this.#who.id, name: this.#who.name };
  }

  /**
   * Whether the till is still being set up at the service it works with: nobody has signed in at
   * it here (nor made a write the outbox keeps), so nobody could sign in to change its settings.
   */
  settingUp(): boolean {
    const bound = this.d.bound();
    return !this.d.settings.get().staffed.includes(bound) && !this.d.store.madeByPerson(bound);
  }

  /** A settings change the person signed in (or nobody) may not make is refused here, whatever the interface showed. */
  mayChange(need: SettingsAuthority): void {
    const refusal = settingsRefusal(need, this.#who, this.settingUp());
    if (refusal) throw refusal;
  }

  /** Someone signed in here: from now on the till's identity at this service is a manager's. */
  private staff(): void {
    const staffed = this.d.settings.get().staffed;
    const bound = this.d.bound();
    if (staffed.includes(bound)) return;
    try {
      this.d.settings.update({ staffed: [...staffed, bound] });
    } catch (err) {
      // Signing in goes on; the outbox's writes by this person keep the rule until the disk takes it.
      this.d.logFault('settings', err);
    }
  }
}
