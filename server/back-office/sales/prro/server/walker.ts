/**
 * One walk of the fiscal dispatch (dispatch.ts): its ways to the tax server and to the database,
 * and what it knows of every register. The registers' state is read at once, for all of them
 * (statements.ts), and read again only once it may be old: after the walk asked the server
 * something (time passed, tills wrote meanwhile) or wrote something itself. Until then a register
 * with nothing to send, or one held back, costs the walk no read of its own.
 */
import type { Db } from '../../../../../shared-node/sql/db.js';
import type { FiscalServer } from '../../../../dps/port.js';
import { inWriteTransaction } from '../../../core/write.js';
import { type FiscalTill, toFiscalTill } from '../../kernel/fiscal/identity.js';
import { signWaiting } from '../../kernel/keys/sign.js';
import { registerOf } from '../../kernel/register/chain.js';
import type { RegisterRow } from '../../kernel/register/statements.js';
import { dispatchSql, type RegisterState } from './statements.js';

/** A call to the fiscal server the walk waits on: answered in place (simulator) or awaited (a real adapter). */
export type Call<T> = { readonly call: () => T | Promise<T> };

function* ask<T>(call: () => T | Promise<T>): Generator<Call<unknown>, T, unknown> {
  return (yield { call }) as T;
}

/** One walk's ways to the server and the database, and what it knows of the registers. */
export interface Walker {
  readonly db: Db;
  readonly server: FiscalServer;
  /** The tills with a register, in till order, read with every register's state. */
  tills(): FiscalTill[];
  /** Asks the server: what the walk read before is old once it has. */
  ask<T>(call: () => T | Promise<T>): Generator<Call<unknown>, T, unknown>;
  /** Writes in one write transaction of the shop (likewise). */
  write<T>(work: () => T): T;
  /** Signs what the register has waiting (keys/sign.ts), a write too: whether nothing waits any more. */
  sign(numprro: string, at: Date): boolean;
  /** The till's register's state, from the walk's read of every register, read again (all of them) once it is old. */
  state(till: FiscalTill): RegisterState | undefined;
  /** The same while the walk's read is not old; undefined once it is. */
  known(till: FiscalTill): RegisterState | undefined;
  /** The register's row as it stands (made if it has none yet: registerOf). */
  register(till: FiscalTill): RegisterRow;
}

export function walkerOf(db: Db, server: FiscalServer): Walker {
  const sql = dispatchSql(db);
  /** The walk's questions and writes so far: a read of the registers made before the last one is old. */
  let moves = 0;
  let readAt = -1;
  let byTill = new Map<number, RegisterState>();
  const read = () => {
    const rows = sql.registers.all();
    byTill = new Map(rows.map((r) => [r.kasm, r]));
    readAt = moves;
    return rows;
  };
  // A till given another register since is not this register's.
  const ofTill = (till: FiscalTill) => {
    const s = byTill.get(till.kasm);
    return s?.numprro === till.numprro ? s : undefined;
  };
  const state = (till: FiscalTill) => {
    if (readAt !== moves) read();
    return ofTill(till);
  };
  return {
    db,
    server,
    tills: () => read().map(toFiscalTill),
    *ask(call) {
      moves++;
      return yield* ask(call);
    },
    write(work) {
      moves++;
      return inWriteTransaction(db, work);
    },
    sign(numprro, at) {
      moves++;
      return signWaiting(db, numprro, at).waiting === 0;
    },
    state,
    known: (till) => (readAt === moves ? ofTill(till) : undefined),
    register(till) {
      const s = state(till);
      return s && s.known !== null ? registerRowOf(s) : registerOf(db, till.numprro);
    },
  };
}

/** The register's own row, from a state whose register has one. */
const registerRowOf = (s: RegisterState): RegisterRow => ({
  numprro: s.numprro,
  offline_session_id: s.offline_session_id ?? 0,
  offline_seed: s.offline_seed ?? '',
  session_doc_count: s.session_doc_count ?? 0,
  last_local_num: s.last_local_num ?? 0,
  mode: s.mode ?? 'online',
  revoke_check: s.revoke_check ?? 0,
  device: s.device ?? '',
});
