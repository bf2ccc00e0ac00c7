/**
 * Which status a listed document is in. The error grid lists documents in the statuses that need
 * a person (rejected, blocked, retrying: PRRO_ERROR_STATUSES) but has no status column, so the
 * screen infers it from what the back office writes (server/engine/sales/prro/simulator.ts):
 * a document held back behind a rejected one gets "очікує на документ №N (id X), …"; a rejected
 * one gets the tax server's reason; a send that failed in transport leaves no reason, so a
 * listed document with no error is taken as retrying. The screen says the status is inferred.
 */
import { PRRO, PRRO_ERROR_STATUSES, PRRO_STATUSES, type PrroStatusName, prroStatusName } from '../../../shared/contract/index.js';

export type ListedStatus = 'rejected' | 'blocked' | 'retrying';

const BLOCKED = /^очікує на документ №(\d+) \(id (\d+)\)/;

export function inferStatus(lastError: string): ListedStatus {
  if (lastError.trim() === '') return 'retrying';
  return BLOCKED.test(lastError) ? 'blocked' : 'rejected';
}

/** The id of the rejected document a blocked one waits for, when its error names it. */
export function blockedBy(lastError: string): string | undefined {
  return BLOCKED.exec(lastError)?.[2];
}

/** The statuses the grid lists, by name, in the order of their codes. */
export const LISTED_STATUSES = PRRO_ERROR_STATUSES.map((code) => prroStatusName(code)) as ListedStatus[];

/**
 * Statuses a manager may set. Not `accepted`: only the tax server fiscalizes a document, and the
 * back office refuses it (a manager records `already_registered` when the server already has it).
 */
export const SETTABLE_STATUSES: readonly PrroStatusName[] = PRRO_STATUSES.map((s) => s.name).filter((n) => n !== 'accepted');

export const codeOf = (name: PrroStatusName): number => PRRO[name];
