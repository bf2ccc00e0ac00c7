/**
 * This back office's device id for the DPS's DeviceRegister: 64 hexadecimal characters (the API
 * description suggests a SHA-256), made once and kept with its settings, so a register another
 * back office also runs (a second till given the same register) is told apart.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../../../../shared-node/sql/db.js';
import { fiscalSql } from '../../fiscal/statements.js';

const KEY = 'fiscal_device_id';

export function deviceIdOf(db: Db): string {
  const sql = fiscalSql(db);
  const known = sql.setting.get(KEY);
  if (known) return known;
  const id = createHash('sha256').update(randomBytes(32)).digest('hex');
  db.transaction(() => sql.saveSetting.run(KEY, id)).immediate();
  return id;
}
