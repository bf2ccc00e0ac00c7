/** The statuses of listed documents, as the service reports them (shared/contract/prro-status.ts). */
import { PRRO, PRRO_STATUSES, type PrroStatusName, prroStatusName } from '../../../shared/contract/index.js';

/** A row's status by name; undefined for a code outside 0..9, which the screen shows as it came. */
export const statusOf = (row: { readonly status: string }): PrroStatusName | undefined =>
  /^\d$/.test(row.status) ? prroStatusName(Number(row.status)) : undefined;

/** The statuses some of the rows are in, in the order of their codes. */
export function statusesIn(rows: readonly { readonly status: string }[]): PrroStatusName[] {
  const present = new Set(rows.map(statusOf));
  return PRRO_STATUSES.map((s) => s.name).filter((name) => present.has(name));
}

/**
 * The id of the rejected document a blocked one waits for. The rows do not name it; the back
 * office writes it into the blocked document's error ("очікує на документ №N (id X), …").
 */
export function blockedBy(lastError: string): string | undefined {
  return /^очікує на документ №\d+ \(id (\d+)\)/.exec(lastError)?.[1];
}

/**
 * Statuses a manager may set. Not `accepted`: only the tax server fiscalizes a document, and the
 * back office refuses it (a manager records `already_registered` when the server already has it).
 */
export const SETTABLE_STATUSES: readonly PrroStatusName[] = PRRO_STATUSES.map((s) => s.name).filter((n) => n !== 'accepted');

export const codeOf = (name: PrroStatusName): number => PRRO[name];
