/**
 * Signing in while the service cannot be reached. A till on a remote service (a shop's server)
 * whose network is down must still let its cashiers work: the sale goes through the outbox
 * anyway. So after each sign-in the back office accepted, the till keeps a verifier of that PIN
 * (scrypt with a random salt: never the PIN) for that service, till and card, for
 * OFFLINE_SIGN_IN_HOURS. While the service cannot be reached, the same card and PIN sign in from
 * it; a wrong PIN counts as at the back office (5, then 5 minutes locked). A card never signed in
 * here online, or too long ago, still needs the service. The back office checks nothing of an
 * offline sign-in: the writes carry the cashier as any others do.
 *
 * Kept in a JSON file of the data folder (0600, replaced atomically), with the wrong PINs counted:
 * restarting the till neither resets a count nor lifts a lock, so guessing stays at 5 tries in 5
 * minutes. Whoever can read that file
 * can try all 10,000 four-digit PINs against it; that person also holds the till's API key, which
 * is worth more, so the file is guarded as the key is: by the data folder's modes.
 */
import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { SignedIn } from '../../../shared/bridge/api.js';
import type { RpcResult } from '../../../shared/contract/index.js';
import { isStorageFailure } from '../../../shared-node/storage-failure.js';

export const OFFLINE_SIGN_IN_HOURS = 24;
const MAX_FAILURES = 5;
const LOCK_MS = 5 * 60_000;
/** The most verifiers kept: the cashiers of a till, and then some. */
const MAX_ENTRIES = 50;

interface Verifier {
  readonly service: string;
  readonly kasm: number;
  readonly card: string;
  readonly salt: string;
  readonly hash: string;
  readonly who: SignedIn;
  /** When the back office last accepted this PIN (ms). */
  readonly at: number;
}

interface Failures {
  readonly count: number;
  readonly lockedUntil: number;
}

interface Stored {
  readonly entries: Verifier[];
  readonly failures: Record<string, Failures>;
}

export type OfflineAnswer =
  | { readonly outcome: 'signed_in'; readonly who: SignedIn }
  | { readonly outcome: 'wrong_pin'; readonly attemptsLeft: number }
  | { readonly outcome: 'locked'; readonly until: number }
  /** Not signed in here online recently: only the service can say. */
  | { readonly outcome: 'unknown' };

/** Told when the disk refuses the file, and when it takes it again (the core's StorageHealth). */
export interface DiskReport {
  readonly failed?: (err: unknown) => void;
  readonly wrote?: () => void;
}

const hashPin = (pin: string, salt: Buffer) => scryptSync(pin, salt, 32);

export class OfflineSignIns {
  private entries: Verifier[];
  /** Wrong PINs in a row per card, and until when it is locked. */
  private readonly failures: Map<string, Failures>;

  constructor(
    private readonly file: string,
    private readonly clock: () => number = Date.now,
    private readonly disk: DiskReport = {},
  ) {
    const kept: Partial<Stored> = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<Stored>) : {};
    this.entries = kept.entries ?? [];
    // A file of an earlier version kept no failures.
    this.failures = new Map(Object.entries(kept.failures ?? {}));
  }

  /** The back office accepted this card and PIN at this till: keep a verifier of it. */
  remember(service: string, kasm: number, card: string, pin: string, who: SignedIn): void {
    const salt = randomBytes(16);
    const entry: Verifier = {
      service,
      kasm,
      card,
      salt: salt.toString('hex'),
      hash: hashPin(pin, salt).toString('hex'),
      who,
      at: this.clock(),
    };
    this.entries = [entry, ...this.entries.filter((e) => !same(e, service, kasm, card))].slice(0, MAX_ENTRIES);
    this.failures.delete(card);
    this.save();
  }

  /** Signs in from a verifier, or says why not. */
  check(service: string, kasm: number, card: string, pin: string): OfflineAnswer {
    const now = this.clock();
    const entry = this.entries.find((e) => same(e, service, kasm, card) && now - e.at < OFFLINE_SIGN_IN_HOURS * 3600_000);
    if (!entry) return { outcome: 'unknown' };
    const failed = this.failures.get(card);
    if (failed && failed.lockedUntil > now) return { outcome: 'locked', until: failed.lockedUntil };
    if (timingSafeEqual(hashPin(pin, Buffer.from(entry.salt, 'hex')), Buffer.from(entry.hash, 'hex'))) {
      if (this.failures.delete(card)) this.save();
      return { outcome: 'signed_in', who: entry.who };
    }
    // A lock that ran out left the count at 0.
    const count = (failed?.count ?? 0) + 1;
    if (count >= MAX_FAILURES) {
      this.failures.set(card, { count: 0, lockedUntil: now + LOCK_MS });
      this.save();
      return { outcome: 'locked', until: now + LOCK_MS };
    }
    this.failures.set(card, { count, lockedUntil: 0 });
    this.save();
    return { outcome: 'wrong_pin', attemptsLeft: MAX_FAILURES - count };
  }

  /** The back office refused this card (a wrong PIN, a locked or removed user): its verifier goes. */
  forget(service: string, kasm: number, card: string): void {
    const before = this.entries.length;
    this.entries = this.entries.filter((e) => !same(e, service, kasm, card));
    if (this.entries.length !== before) this.save();
  }

  /**
   * A full or failing disk does not stop a sign-in: what is remembered (verifiers, wrong PINs and
   * locks) holds in memory until the next save the disk takes, and is lost only to a restart meanwhile.
   */
  private save(): void {
    const tmp = `${this.file}.tmp`;
    const stored: Stored = { entries: this.entries, failures: Object.fromEntries(this.failures) };
    try {
      writeFileSync(tmp, JSON.stringify(stored), { mode: 0o600 });
      renameSync(tmp, this.file);
    } catch (err) {
      if (!isStorageFailure(err)) throw err;
      this.disk.failed?.(err);
      return;
    }
    this.disk.wrote?.();
  }
}

const same = (e: Verifier, service: string, kasm: number, card: string) =>
  e.service === service && e.kasm === kasm && e.card === card;

/** An offline answer in the shape of pos.cashier_sign_in's row; the shift is not known offline (''). */
export function offlineSignInResult(answer: Exclude<OfflineAnswer, { outcome: 'unknown' }>): RpcResult {
  const row = {
    outcome: answer.outcome,
    attempts_left: answer.outcome === 'wrong_pin' ? String(answer.attemptsLeft) : answer.outcome === 'locked' ? '0' : '',
    locked_until: answer.outcome === 'locked' ? new Date(answer.until).toISOString() : null,
    user_id: answer.outcome === 'signed_in' ? String(answer.who.id) : '',
    name: answer.outcome === 'signed_in' ? answer.who.name : '',
    role: answer.outcome === 'signed_in' ? answer.who.role : '',
    shift_id: '',
    shift_cashier: '',
  };
  return {
    upstream: { name: 'cash desk (offline)', version: '', resource: 'pos' },
    status: { code: 'OK', operation: 'cashier_sign_in', value: '1' },
    rows: [row],
  } as RpcResult;
}
