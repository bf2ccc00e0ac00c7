/**
 * A register's signing key as the till reads it (pos.prro_key_state): whether it can sign now, how
 * long its certificate has left, and what, if anything, a cashier must be told. Pure, so the status
 * bar, the sale, the shift and the manager's screen say the same thing of the same row.
 */

import type { ResultRowOf } from '../../../shared/contract/index.js';
import type { op } from '../../../shared/contract/op.js';

export type KeyRow = ResultRowOf<typeof op.pos.prroKeyState>;

const yes = (v: string | null | undefined): boolean => v === '1';
const count = (v: string | null | undefined): number => {
  const n = Number(v);
  return Number.isFinite(n) ? n : 0;
};

export const isLoaded = (row: KeyRow): boolean => yes(row.loaded);
export const isUnattended = (row: KeyRow): boolean => isLoaded(row) && yes(row.unattended);
export const unsignedOf = (row: KeyRow): number => count(row.unsigned);
export const daysLeftOf = (row: KeyRow): number => count(row.days_left);
export const isRealServer = (row: KeyRow): boolean => row.server === 'real';

/** none: no key loaded; expired: its certificate ended; soon: within the back office's warning (30 days). */
export type Expiry = 'none' | 'ok' | 'soon' | 'expired';

export function expiryOf(row: KeyRow): Expiry {
  if (!isLoaded(row)) return 'none';
  if (daysLeftOf(row) < 0) return 'expired';
  return yes(row.expiry_warning) ? 'soon' : 'ok';
}

/** How the key stands for signing: unattended keeps its password with the service and unlocks itself. */
export type Lock = 'none' | 'unlocked' | 'unattended' | 'locked';

export function lockOf(row: KeyRow): Lock {
  if (!isLoaded(row)) return 'none';
  if (yes(row.unlocked)) return 'unlocked';
  return isUnattended(row) ? 'unattended' : 'locked';
}

/** Loaded and locked, with nobody's password kept: a person must type it before documents are signed. */
export const needsUnlock = (row: KeyRow): boolean => lockOf(row) === 'locked' && expiryOf(row) !== 'expired';

/** Whether the key signs the documents as they come: loaded, valid, and unlocked or unattended. */
export const canSign = (row: KeyRow): boolean => {
  const lock = lockOf(row);
  return (lock === 'unlocked' || lock === 'unattended') && expiryOf(row) !== 'expired';
};

/**
 * What the status bar says of this till's key, the most urgent first; null when nothing matters:
 * a key with nothing waiting, or no key on the demo's simulated tax server, which signs nothing.
 */
export type KeyNotice =
  | { readonly kind: 'expired' }
  | { readonly kind: 'locked'; readonly count: number }
  | { readonly kind: 'missing'; readonly count: number }
  | { readonly kind: 'expiring'; readonly days: number };

export function keyNoticeOf(row: KeyRow | undefined): KeyNotice | null {
  if (!row) return null;
  const waiting = unsignedOf(row);
  const expiry = expiryOf(row);
  if (expiry === 'expired') return { kind: 'expired' };
  if (expiry === 'none') return isRealServer(row) || waiting > 0 ? { kind: 'missing', count: waiting } : null;
  if (!canSign(row) && waiting > 0) return { kind: 'locked', count: waiting };
  if (expiry === 'soon') return { kind: 'expiring', days: daysLeftOf(row) };
  return null;
}

/**
 * Why documents of the till wait for a signature, when they do and the key cannot sign them: what
 * the sale screen tells the cashier (their receipts get fiscal numbers only after).
 */
export type SignWait = { readonly cause: 'locked' | 'missing' | 'expired'; readonly count: number };

export function signWaitOf(row: KeyRow | undefined): SignWait | null {
  if (!row) return null;
  const waiting = unsignedOf(row);
  if (waiting === 0 || canSign(row)) return null;
  const expiry = expiryOf(row);
  return { cause: expiry === 'none' ? 'missing' : expiry === 'expired' ? 'expired' : 'locked', count: waiting };
}

/**
 * Whether the till should read the key's state again on the core's events: only while documents
 * wait or the key cannot sign them (so the sale hears of the first receipt that waits). A key that
 * signs with nothing waiting, the usual case, is left to the slow poll: a sale's writes then cost
 * no extra service read.
 */
export function isWatched(row: KeyRow | undefined): boolean {
  if (!row) return false;
  return unsignedOf(row) > 0 || (!canSign(row) && (isLoaded(row) || isRealServer(row)));
}

/** A certificate's day (YYYY-MM-DD) as the interface writes dates: 14.03.2026 (ISO in English). */
export function dayText(day: string | null | undefined, language: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day ?? '');
  if (!m) return '';
  return language === 'en' ? `${m[1]}-${m[2]}-${m[3]}` : `${m[3]}.${m[2]}.${m[1]}`;
}
