/**
 * This back office's device id for the DPS's DeviceRegister: 64 hexadecimal characters (the API
 * description suggests a SHA-256), made once and kept with its settings, so a register another
 * back office also runs (a second till given the same register) is told apart. Its documents' UIDs
 * are made with it too: two sets of books never write the same UID for their documents.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../../../../shared-node/sql/db.js';
import { fiscalSql } from '../fiscal/statements.js';

const KEY = 'fiscal_device_id';

/** Read once per database: every document's UID is made with it (a read a close need not pay each time). */
const known = new WeakMap<Db, string>();

export function deviceIdOf(db: Db): string {
  const cached = known.get(db);
  if (cached) return cached;
  const sql = fiscalSql(db);
  const stored = sql.setting.get(KEY);
  if (stored) {
    known.set(db, stored);
    return stored;
  }
  // One statement: atomic alone, and part of the caller's transaction where there is one. Kept in
  // memory only once read back: a transaction that rolls back takes the new id with it.
  const id = createHash('sha256').update(randomBytes(32)).digest('hex');
  sql.saveSetting.run(KEY, id);
  return id;
}

/** Sets the id, once, before any document (the demo's fixed one). */
export function setDeviceId(db: Db, id: string): void {
  if (!fiscalSql(db).setting.get(KEY)) fiscalSql(db).saveSetting.run(KEY, id);
}
