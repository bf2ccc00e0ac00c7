/** A till (kasm) and what hangs on it: its cash box, its PRRO, its bank destinations. */
import type { Db } from '../../../../../shared-node/sql/db.js';
import { refuse } from '../../../../upstream/upstream.js';
import { cashSql, type TillRow } from './statements.js';

export function findTill(db: Db, kasm: number, path: string): TillRow {
  const till = cashSql(db).till.get(kasm);
  if (!till) throw refuse(path, 'till.unknown', { kasm });
  return till;
}

/**
 * A till's bank destinations (accounts or terminals its cashless payments go to), one per line
 * or separated by semicolons; commas stay inside a name ("ФОП Коваль, ПриватБанк").
 */
const bankDestinations = (till: TillRow): string[] =>
  till.bank_destination
    .split(/[;\n]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');

/**
 * Where the till's next cashless payment goes: shops spread card payments over several
 * individual-entrepreneur (FOP) accounts to keep each under its yearly turnover limit, so the
 * destinations take turns.
 */
export function nextBankDestination(db: Db, till: TillRow): { index: number; destination: string } | undefined {
  const all = bankDestinations(till);
  if (all.length === 0) return undefined;
  const last = cashSql(db).lastDestination.get(till.kasm);
  const index = last === undefined ? 0 : (all.indexOf(last) + 1) % all.length;
  return { index, destination: all[index] as string };
}

/** Records that a cashless payment went to the destination, so the next one moves on. */
export function recordBankDestination(db: Db, till: TillRow, destination: string): void {
  cashSql(db).setLastDestination.run(till.kasm, destination);
}
