/**
 * The unlocked keys of one back office, in the service's memory only: a register's key is
 * unlocked with its password (settings.prro_key_load, pos.prro_key_unlock) and stays so until its
 * shift is closed and delivered, or the service stops. Where the shop chose unattended work, the
 * password kept under the service's secret unlocks it when a document needs signing.
 *
 * One ring per database, so a service of many shops keeps each shop's keys apart; with
 * `serve --workers N`, each process keeps its own (README, "Going live").
 */

import type { Db } from '../../../../../shared-node/sql/db.js';
import type { KeyProvider } from '../../../../dps/port.js';
import { bundledTrust } from '../../../../dps/signing/bundled-trust.js';
import type { Signer } from '../../../../dps/signing/cms.js';
import { openSigner } from '../../../../dps/signing/key.js';
import type { TrustStore } from '../../../../dps/signing/trust.js';
import { markDispatchDue } from '../register/dispatch-due.js';
import type { ServiceSecret } from './secret.js';
import { type KeyRow, keySql } from './statements.js';

export interface KeyConfig {
  /** The CAs a loaded key's certificate must chain to (read when first needed: 430 certificates take a while). */
  readonly trust: () => TrustStore;
  /** The service's secret for unattended keys; without it a shop cannot choose unattended work. */
  readonly secret?: ServiceSecret;
  /** Which tax server the documents go to: shown to the manager beside the key. */
  readonly server: 'real' | 'simulator';
}

const DEFAULT_CONFIG: KeyConfig = { trust: bundledTrust, server: 'real' };

interface Unlocked {
  readonly signer: Signer;
  /** When it was unlocked (the back office's clock): only a shift closed after it locks it again. */
  readonly since: Date;
}

export class KeyRing implements KeyProvider {
  private readonly unlocked = new Map<string, Unlocked>();
  /** Registers whose unattended password did not open their key: not tried again until it changes. */
  private readonly unattendedFailed = new Set<string>();
  /** Whether some register keeps its password for unattended work (read at configure, kept by this ring's changes). */
  private unattendedKept: boolean | undefined;
  /**
   * Whether a document may wait for a signature this process could give: false once a look before
   * a write found none (signBeforeWrite), true again when a document is made or its body changed
   * here, or a key unlocked. So a write that follows no such change reads nothing of the queue.
   * Another process's documents (`serve --workers`) are not seen: its own dispatcher signs them, and
   * an offline document chained to one still unsigned signs it in its transaction (chainHashOf).
   */
  private unsignedMayWait = true;

  constructor(
    private readonly db: Db,
    private config: KeyConfig,
  ) {}

  get settings(): KeyConfig {
    return this.config;
  }

  configure(config: KeyConfig): void {
    this.config = config;
    this.unattendedFailed.clear();
    this.unattendedKept = undefined;
  }

  /** Whether any key may sign now: when none may, nothing is worth looking for before a write. */
  active(): boolean {
    if (this.unlocked.size > 0) return true;
    if (!this.config.secret) return false;
    this.unattendedKept ??= keySql(this.db).unattendedRegisters.all().length > 0;
    return this.unattendedKept;
  }

  /** Told when a register's unattended password was kept or forgotten here. */
  unattendedChanged(numprro: string): void {
    this.unattendedKept = undefined;
    this.unattendedFailed.delete(numprro);
  }

  signerFor(numprro: string): Signer | undefined {
    return this.unlocked.get(numprro)?.signer ?? this.fromUnattended(numprro);
  }

  /** When the register's key was unlocked in this process; undefined while it is locked. */
  unlockedSince(numprro: string): Date | undefined {
    return this.unlocked.get(numprro)?.since;
  }

  /**
   * Opens now every key kept for unattended work: a service does it when it starts, so the first
   * sale after a restart does not wait the second a container takes to open.
   */
  warm(): void {
    if (!this.config.secret) return;
    for (const numprro of keySql(this.db).unattendedRegisters.all()) this.signerFor(numprro);
  }

  /** Told when a document was made or its body changed: its signature is still to be made. */
  documentChanged(): void {
    this.unsignedMayWait = true;
  }

  /** Whether a document may wait for a signature (see unsignedMayWait). */
  mayHaveUnsigned(): boolean {
    return this.unsignedMayWait;
  }

  /** Told by a look that signed whatever waited and could be signed. */
  signedWhatWaited(): void {
    this.unsignedMayWait = false;
  }

  isUnlocked(numprro: string): boolean {
    return this.unlocked.has(numprro);
  }

  unlock(numprro: string, signer: Signer, since: Date = new Date()): void {
    this.unlocked.set(numprro, { signer, since });
    this.unsignedMayWait = true;
    // What the register's locked key held back can be signed and sent now.
    markDispatchDue(this.db);
  }

  lock(numprro: string): boolean {
    this.unattendedFailed.delete(numprro);
    return this.unlocked.delete(numprro);
  }

  /** Opens a register's key with the password it keeps for unattended work, once. */
  private fromUnattended(numprro: string): Signer | undefined {
    const secret = this.config.secret;
    if (!secret || this.unattendedFailed.has(numprro)) return undefined;
    const row = keySql(this.db).key.get(numprro);
    if (!row || row.unattended_b64 === '') return undefined;
    const signer = openStored(row, secret);
    if (!signer) {
      this.unattendedFailed.add(numprro);
      return undefined;
    }
    this.unlocked.set(numprro, { signer, since: new Date() });
    return signer;
  }
}

/** A stored key opened with its unattended password; undefined when that no longer opens it. */
function openStored(row: KeyRow, secret: ServiceSecret): Signer | undefined {
  const password = secret.open(row.unattended_b64);
  if (password === undefined) return undefined;
  try {
    return openSigner(Buffer.from(row.container_b64, 'base64'), password, [Buffer.from(row.certificate_b64, 'base64')]);
  } catch {
    return undefined;
  }
}

const rings = new WeakMap<Db, KeyRing>();

export function keyRingOf(db: Db): KeyRing {
  let ring = rings.get(db);
  if (!ring) {
    ring = new KeyRing(db, DEFAULT_CONFIG);
    rings.set(db, ring);
  }
  return ring;
}

/** Sets where a back office's keys are checked and how unattended ones are kept (the service does, at start). */
export function configureKeys(db: Db, config: KeyConfig): KeyRing {
  const ring = keyRingOf(db);
  ring.configure(config);
  return ring;
}
