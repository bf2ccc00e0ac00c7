/**
 * Sends every register's unsettled documents to the fiscal server in chain order: online ones one
 * by one, an offline session as packages of at most 100. A refused document holds back everything
 * chained after it (blocked) until a manager requeues or withdraws it. An unanswered send takes
 * the register offline in that document's place; an offline register that reaches the server
 * again closes its session (103) and uploads it. Each answer is applied in its own transaction.
 */
import { PRRO } from '../../../../../shared/contract/index.js';
import { OFFLINE_PACKAGE_SIZE } from '../../../../../shared/fiscal/choices.js';
import type { Db } from '../../../../../shared-node/sql/db.js';
import type { FiscalServer, Outgoing } from '../../../../dps/port.js';
import { momentAt } from '../../common/moment.js';
import { fiscalTills } from '../../fiscal/identity.js';
import { shiftSql } from '../../shifts/statements.js';
import { registerOf } from '../register/chain.js';
import { clockBehind } from '../register/clock.js';
import { goOffline, goOnline } from '../register/offline.js';
import { type PrroDocRow, prroSql } from '../statements.js';

export interface DispatchResult {
  accepted: number;
  rejected: number;
  /** Registers that went offline / came back online in this step. */
  wentOffline: string[];
  cameOnline: string[];
}

const outgoing = (d: PrroDocRow): Outgoing => ({
  id: d.id,
  numprro: d.numprro,
  docType: d.doc_type,
  localNum: d.local_num,
  body: Buffer.from(d.xml_body_b64, 'base64'),
});

const blockedBy = (b: PrroDocRow) => `очікує на документ №${b.local_num} (id ${b.id}), відхилений податковим сервером`;

/** A call to the fiscal server the walk waits on: answered in place (simulator) or awaited (a real adapter). */
type Call<T> = { readonly call: () => T | Promise<T> };
type Walk = Generator<Call<unknown>, DispatchResult, unknown>;

function* ask<T>(call: () => T | Promise<T>): Generator<Call<unknown>, T, unknown> {
  return (yield { call }) as T;
}

/** Runs the walk against a fiscal server that may answer asynchronously. */
export async function dispatchFiscal(db: Db, server: FiscalServer, now: () => Date, timeZone: string): Promise<DispatchResult> {
  const walk = dispatchWalk(db, server, now, timeZone);
  let step = walk.next();
  while (!step.done) step = walk.next(await step.value.call());
  return step.value;
}

/** Runs the walk against a server that answers at once (the simulator): for the demo seed and tests. */
export function dispatchFiscalNow(db: Db, server: FiscalServer, now: () => Date, timeZone: string): DispatchResult {
  const walk = dispatchWalk(db, server, now, timeZone);
  let step = walk.next();
  while (!step.done) {
    const answer = step.value.call();
    if (answer instanceof Promise) throw new Error('dispatchFiscalNow needs a fiscal server that answers at once');
    step = walk.next(answer);
  }
  return step.value;
}

function* dispatchWalk(db: Db, server: FiscalServer, now: () => Date, timeZone: string): Walk {
  const result: DispatchResult = { accepted: 0, rejected: 0, wentOffline: [], cameOnline: [] };
  const sql = prroSql(db);
  const tx = <T>(f: () => T): T => db.transaction(f).immediate();
  const at = () => momentAt(now(), timeZone);
  const cashierOf = (kasm: number) => shiftSql(db).open.get(kasm)?.cashier ?? '';

  for (const till of fiscalTills(db)) {
    const reg = registerOf(db, till.numprro);
    if (reg.mode === 'offline') {
      if (!(yield* ask(() => server.reachable(till.numprro)))) continue;
      // The session's end is a document too: with the clock gone back it would be dated before the
      // session's last receipt, so the register stays offline until the clock is right again.
      if (clockBehind(db, till, at())) continue;
      tx(() => goOnline(db, till, at(), cashierOf(till.kasm)));
      result.cameOnline.push(till.numprro);
    }

    const from = sql.firstOpen.get(till.numprro);
    if (from === null || from === undefined) continue;
    const chain = sql.chainFrom
      .all(till.numprro, from)
      .filter((d) => d.status !== PRRO.accepted && d.status !== PRRO.already_registered);
    let i = 0;
    let blocker: PrroDocRow | undefined;
    while (i < chain.length) {
      const doc = chain[i] as PrroDocRow;
      if (blocker || doc.status === PRRO.rejected) {
        blocker ??= doc;
        if (doc !== blocker) {
          const error = blockedBy(blocker);
          if (doc.status !== PRRO.blocked || doc.last_error !== error) {
            tx(() => sql.setStatus.run({ id: doc.id, status: PRRO.blocked, error, fiscal: doc.fiscal_number, at: at().iso }));
          }
        }
        i++;
        continue;
      }
      if (doc.offline_session_id !== '') {
        const pack: PrroDocRow[] = [];
        while (pack.length < OFFLINE_PACKAGE_SIZE && i + pack.length < chain.length) {
          const next = chain[i + pack.length] as PrroDocRow;
          if (next.offline_session_id === '' || next.status === PRRO.rejected) break;
          pack.push(next);
        }
        // An open session is uploaded only once it has ended (its 103 is made when the server answers).
        if (registerOf(db, till.numprro).mode === 'offline') break;
        const outcome = yield* ask(() => server.sendPackage(pack.map(outgoing)));
        if (outcome.kind === 'unreachable') break;
        tx(() => {
          const upTo = outcome.kind === 'accepted' ? pack.length : outcome.index;
          for (const d of pack.slice(0, upTo)) {
            sql.setStatus.run({ id: d.id, status: PRRO.accepted, error: '', fiscal: d.fiscal_number, at: at().iso });
          }
          result.accepted += upTo;
          if (outcome.kind === 'accepted' && outcome.next) {
            sql.setCredentials.run(outcome.next.id, outcome.next.seed, till.numprro);
          }
          if (outcome.kind === 'rejected') {
            const bad = pack[outcome.index] as PrroDocRow;
            sql.setStatus.run({
              id: bad.id,
              status: PRRO.rejected,
              error: outcome.text,
              fiscal: bad.fiscal_number,
              at: at().iso,
            });
            result.rejected++;
          }
        });
        if (outcome.kind === 'rejected') {
          i += outcome.index;
          chain[i] = { ...(chain[i] as PrroDocRow), status: PRRO.rejected };
          continue;
        }
        i += pack.length;
        continue;
      }
      const outcome = yield* ask(() => server.sendDocument(outgoing(doc)));
      if (outcome.kind === 'unreachable' || outcome.kind === 'uncertain') {
        const offline = tx(() => goOffline(db, till, doc, at(), cashierOf(till.kasm), outcome.reason));
        if (offline) result.wentOffline.push(till.numprro);
        break;
      }
      tx(() => {
        if (outcome.kind === 'accepted') {
          sql.setStatus.run({ id: doc.id, status: PRRO.accepted, error: '', fiscal: outcome.fiscalNumber, at: at().iso });
          if (outcome.next) sql.setCredentials.run(outcome.next.id, outcome.next.seed, till.numprro);
          result.accepted++;
        } else {
          sql.setStatus.run({ id: doc.id, status: PRRO.rejected, error: outcome.text, fiscal: '', at: at().iso });
          result.rejected++;
        }
      });
      if (outcome.kind === 'rejected') blocker = doc;
      i++;
    }
  }
  return result;
}
