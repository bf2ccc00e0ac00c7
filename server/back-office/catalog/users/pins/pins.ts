/**
 * Checking and setting a user's confirmation PIN. A PIN is 4 to 12 digits, so it is short: it is
 * kept only as a salted scrypt hash (node:crypto), compared in constant time, and guessing is
 * stopped by a lockout after MAX_FAILURES wrong attempts in a row. The attempt is counted by the
 * caller's transaction, which therefore must commit on a wrong PIN (an answer, not a refusal).
 * Reusable by a later cashier sign-in: nothing here knows what the PIN confirms.
 */
import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../../../../shared-node/sql/db.js';
import { refuse } from '../../../../upstream/upstream.js';
import { directorySql, type UserRow } from '../../directories/statements.js';
import { pinSql } from './statements.js';

export const MAX_FAILURES = 5;
export const LOCK_MS = 5 * 60_000;
/** scrypt cost: about 50 ms a check on a till-class machine, which a guesser pays per attempt. */
const SCRYPT = { N: 16384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

const hashOf = (pin: string, salt: string): Buffer => scryptSync(pin, Buffer.from(salt, 'hex'), KEY_LENGTH, SCRYPT);

export type PinCheck =
  | { readonly outcome: 'confirmed' }
  | { readonly outcome: 'wrong_pin'; readonly attemptsLeft: number }
  | { readonly outcome: 'locked'; readonly until: string };

/** The user a login card names, or a refusal. */
export function userByCard(db: Db, card: string, path: string): UserRow {
  const user = directorySql(db).userByCard.get(card.trim());
  if (!user) throw refuse(path, 'pin.unknown_card', { card: card.trim() });
  return user;
}

export function setPin(db: Db, userId: number, pin: string, now: Date): void {
  const salt = randomBytes(16).toString('hex');
  pinSql(db).put.run({ user_id: userId, salt, hash: hashOf(pin, salt).toString('hex'), at: now.toISOString() });
}

/** Checks a PIN and records the attempt: a right one clears the run of failures, the fifth wrong one locks. */
export function checkPin(db: Db, user: UserRow, pin: string, now: Date, path: string): PinCheck {
  const sql = pinSql(db);
  const row = sql.get.get(user.id);
  if (!row) throw refuse(path, 'pin.not_set', { name: user.name });
  if (row.locked_until !== null && Date.parse(row.locked_until) > now.getTime()) {
    return { outcome: 'locked', until: row.locked_until };
  }
  if (timingSafeEqual(hashOf(pin, row.salt), Buffer.from(row.hash, 'hex'))) {
    sql.attempt.run({ user_id: user.id, failures: 0, locked_until: null });
    return { outcome: 'confirmed' };
  }
  const failures = row.failures + 1;
  if (failures >= MAX_FAILURES) {
    const until = new Date(now.getTime() + LOCK_MS).toISOString();
    sql.attempt.run({ user_id: user.id, failures: 0, locked_until: until });
    return { outcome: 'locked', until };
  }
  sql.attempt.run({ user_id: user.id, failures, locked_until: null });
  return { outcome: 'wrong_pin', attemptsLeft: MAX_FAILURES - failures };
}

/** The access level from which a user is a manager when the shop has not set `manager_level`. */
export const DEFAULT_MANAGER_LEVEL = 5;

/** The access level from which a user may confirm what needs a manager: the shop setting `manager_level`. */
const managerLevel = (db: Db): number => Number(pinSql(db).setting.get('manager_level') ?? DEFAULT_MANAGER_LEVEL);

export function isManager(db: Db, user: UserRow): boolean {
  const level = Number(user.level);
  return Number.isFinite(level) && level >= managerLevel(db);
}

export function requireManager(db: Db, user: UserRow, path: string): void {
  if (!isManager(db, user)) {
    throw refuse(path, 'pin.not_manager', { name: user.name, level: user.level, min: managerLevel(db) });
  }
}
