/** What the till and the manager's screen are shown of each register's key: never the key itself. */
import type { Db } from '../../../../../shared-node/sql/db.js';
import { fiscalTills } from '../../kernel/fiscal/identity.js';
import { keyRingOf } from '../../kernel/keys/ring.js';
import { keySql } from '../../kernel/keys/statements.js';
import type { Moment } from '../../kernel/moment.js';
import { registerOf } from '../../kernel/register/chain.js';
import { prroSql } from '../../kernel/register/statements.js';

/** Days before its certificate's end from which a key is shown as expiring. */
export const EXPIRY_WARNING_DAYS = 30;
const DAY = 86_400_000;

const flag = (b: boolean) => (b ? '1' : '0');

/** The register's device as the till shows it. */
const deviceOf = (device: string): string =>
  device === 'ours' ? 'ours' : device === '' || device === 'take-over' ? '' : 'other';

/**
 * One row per till with a register (or the one till `kasm` names). `assume.unlocked` names a
 * register a write is unlocking: its answer is made inside the transaction, before the key joins
 * the service's memory at the commit.
 */
export function keyStateRows(db: Db, moment: Moment, kasm: number, assume: { unlocked?: string } = {}): Record<string, string>[] {
  const ring = keyRingOf(db);
  const sql = keySql(db);
  return fiscalTills(db)
    .filter((t) => kasm === 0 || t.kasm === kasm)
    .map((t) => {
      const key = sql.key.get(t.numprro);
      const validTo = key ? Date.parse(`${key.valid_to}T00:00:00Z`) : Number.NaN;
      const daysLeft = key ? Math.floor((validTo - moment.at.getTime()) / DAY) : 0;
      return {
        kasm: String(t.kasm),
        numprro: t.numprro,
        loaded: flag(key !== undefined),
        owner: key?.owner ?? '',
        drfo: key?.drfo ?? '',
        edrpou: key?.edrpou ?? '',
        issuer: key?.issuer ?? '',
        valid_from: key?.valid_from ?? '',
        valid_to: key?.valid_to ?? '',
        days_left: String(daysLeft),
        expiry_warning: flag(key !== undefined && daysLeft < EXPIRY_WARNING_DAYS),
        unlocked: flag(key !== undefined && (ring.isUnlocked(t.numprro) || assume.unlocked === t.numprro)),
        unattended: flag(key !== undefined && key.unattended_b64 !== ''),
        unattended_available: flag(ring.settings.secret !== undefined),
        unsigned: String(prroSql(db).unsignedWaiting.get(t.numprro) ?? 0),
        device: deviceOf(registerOf(db, t.numprro).device),
        server: ring.settings.server,
      };
    });
}
