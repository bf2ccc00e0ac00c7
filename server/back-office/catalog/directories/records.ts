/** What every directory shares: keys, the save result, and deleting by key. */
import type { Statement } from '../../../../shared-node/sql/db.js';
import type { RawResult } from '../../../upstream/upstream.js';
import { refuse } from '../../../upstream/upstream.js';

/** A key is the decimal row id a save returned; anything else names no record. */
export function keyId(key: string, label: string): number {
  const id = /^[1-9]\d{0,15}$/.test(key) ? Number(key) : Number.NaN;
  if (!Number.isSafeInteger(id)) throw refuse('params.key', 'record.unknown_key', { label, key });
  return id;
}

/** The record a save with a key updates: it must still exist (a stale key is not a create). */
export function mustExist<T>(row: T | undefined, key: string, label: string): T {
  if (row === undefined) throw refuse('params.key', 'record.unknown_key', { label, key });
  return row;
}

export const saved = (catalog: string, affected: number, id: number | bigint): RawResult => ({
  status: { catalog, affected: String(affected), key: String(id) },
});

export function deleteByKey(remove: Statement<[number]>, catalog: string, label: string, key: string): RawResult {
  const id = keyId(key, label);
  let changes: number;
  try {
    changes = remove.run(id).changes;
  } catch (err) {
    // Receipts, invoices or profiles still point at it: refusing keeps their history readable.
    if ((err as { code?: string }).code === 'SQLITE_CONSTRAINT_FOREIGNKEY') {
      throw refuse('params.key', 'record.referenced', { label, key });
    }
    throw err;
  }
  if (changes === 0) throw refuse('params.key', 'record.unknown_key', { label, key });
  return { status: { catalog, affected: String(changes) } };
}
