/**
 * Sends every register's unsettled documents to the fiscal server in chain order: online ones one
 * by one, an offline session as packages of at most 100. A refused document holds back everything
 * chained after it (blocked) until a manager requeues or withdraws it. An unanswered send takes
 * the register offline in that document's place; an offline register that reaches the server
 * again closes its session (103) and uploads it. Each answer is applied in its own transaction.
 *
 * Where the server needs signatures (the DPS's server and its HTTP simulator), documents are
 * signed with the register's key first (keys/sign.ts), and nothing of a register whose key is
 * locked goes out. Before a register's first send in this process the server is asked what it
 * holds (TransactionsRegistrarState), so answers lost to a crash are not sent twice; and this
 * installation registers as the register's device (DeviceRegister), so one register does not
 * run on two tills.
 *
 * On PostgreSQL every read is a round trip the walk waits for (issue 24), and the walk runs after
 * every close: it knows every register's state from one read, made again only once that may be
 * old (walker.ts), and passes over a register with nothing to send, or holds one, on it alone; a
 * register's chain is read with its signatures and whether each document is a repayment naming
 * its sale; an answer's transaction only writes, so it goes in one round trip. Every write takes
 * the shop's write turn (core/write.ts), as a till's does.
 */
import { PRRO } from '../../../../../shared/contract/index.js';
import { OFFLINE_PACKAGE_SIZE } from '../../../../../shared/fiscal/choices.js';
import type { Db } from '../../../../../shared-node/sql/db.js';
import { readDocument } from '../../../../dps/format/read.js';
import type { FiscalServer, Outgoing, SendOutcome } from '../../../../dps/port.js';
import type { FiscalTill } from '../../kernel/fiscal/identity.js';
import { keyRingOf } from '../../kernel/keys/ring.js';
import { keySql } from '../../kernel/keys/statements.js';
import { momentAt } from '../../kernel/moment.js';
import { replaceTail, sha256Hex } from '../../kernel/register/chain.js';
import { clockBehind } from '../../kernel/register/clock.js';
import { deviceIdOf } from '../../kernel/register/device.js';
import { patchHead } from '../../kernel/register/head.js';
import { goOffline, goOnline } from '../../kernel/register/offline.js';
import { type PrepayState, prepayOf } from '../../kernel/register/prepay.js';
import { type PrroDocRow, prroSql } from '../../kernel/register/statements.js';
import { shiftSql } from '../../kernel/shifts/statements.js';
import { fillPrepays } from '../register/prepay-fill.js';
import { dispatchSql, type SendableRow } from './statements.js';
import { type Call, type Walker, walkerOf } from './walker.js';
import { WORDS } from './words.js';

export interface DispatchResult {
  accepted: number;
  rejected: number;
  /** Registers that went offline / came back online in this step. */
  wentOffline: string[];
  cameOnline: string[];
}

type Walk = Generator<Call<unknown>, DispatchResult, unknown>;

/** Not a repayment linked to its sale: it goes as it reads (prepayOf answers so without a read). */
const READY: PrepayState = { kind: 'ready' };
const prepayOfRow = (db: Db, d: SendableRow): PrepayState => (d.linked ? prepayOf(db, d) : READY);

/** Runs the walk against a fiscal server that may answer asynchronously. */
export async function dispatchFiscal(db: Db, server: FiscalServer, now: () => Date, timeZone: string): Promise<DispatchResult> {
  const walk = dispatchWalk(db, server, now, timeZone);
  let step = walk.next();
  while (!step.done) step = walk.next(await step.value.call());
  return step.value;
}

/** Runs the walk against a server that answers at once (the in-process simulator): for the demo seed and tests. */
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

/** A document's UID, as its head says: what tells it from another the server may hold at its number. */
const uidOf = (d: PrroDocRow): string => readDocument(Buffer.from(d.xml_body_b64, 'base64')).head.UID ?? '';

/** Registers whose state this process has compared with the server's since it started (or since a doubt). */
const synced = new WeakMap<Db, Set<string>>();
const syncedOf = (db: Db): Set<string> => {
  let s = synced.get(db);
  if (!s) {
    s = new Set();
    synced.set(db, s);
  }
  return s;
};

function* dispatchWalk(db: Db, server: FiscalServer, now: () => Date, timeZone: string): Walk {
  const result: DispatchResult = { accepted: 0, rejected: 0, wentOffline: [], cameOnline: [] };
  const sql = prroSql(db);
  const chains = dispatchSql(db);
  const w = walkerOf(db, server);
  const tx = w.write;
  const at = () => momentAt(now(), timeZone);
  const cashierOf = (kasm: number) => shiftSql(db).open.get(kasm)?.cashier ?? '';
  const body = (d: SendableRow): Buffer => Buffer.from(server.requiresSignature ? d.signed_b64 : d.xml_body_b64, 'base64');
  const outgoing = (d: SendableRow): Outgoing => ({
    id: d.id,
    numprro: d.numprro,
    docType: d.doc_type,
    localNum: d.local_num,
    body: body(d),
  });
  /** Says on the first waiting document why nothing of its register goes out. */
  const hold = (till: FiscalTill, error: string) => {
    const s = w.state(till);
    if (!s || s.first_id === null || s.first_status === null) return;
    const doc = { id: s.first_id, status: s.first_status, last_error: s.first_error ?? '', fiscal: s.first_fiscal ?? '' };
    if (doc.last_error !== error && doc.status !== PRRO.rejected && doc.status !== PRRO.blocked) {
      tx(() => sql.setStatus.run({ id: doc.id, status: doc.status, error, fiscal: doc.fiscal, at: at().iso }));
    }
  };
  const accept = (doc: PrroDocRow, outcome: Extract<SendOutcome, { kind: 'accepted' }>) => {
    sql.setStatus.run({ id: doc.id, status: PRRO.accepted, error: '', fiscal: outcome.fiscalNumber, at: at().iso });
    if (outcome.serverDate && outcome.serverTime) sql.setRegisteredAt.run(`${outcome.serverDate} ${outcome.serverTime}`, doc.id);
    if (outcome.next) sql.setCredentials.run(outcome.next.id, outcome.next.seed, doc.numprro);
    result.accepted++;
  };

  for (const till of w.tills()) {
    const state = w.state(till);
    // A register its till no longer has (given up since the walk began): no walk after this one would see it either.
    if (!state) continue;
    if (state.any_unsent === 0 && w.register(till).mode === 'online') {
      lockWhenDone(w, till, at().iso);
      continue;
    }

    if (server.requiresSignature) {
      if (!keyRingOf(db).signerFor(till.numprro)) {
        hold(till, state.unattended !== null ? WORDS.keyLocked : WORDS.noKey);
        continue;
      }
      const device = yield* deviceStep(w, till);
      if (device !== 'go') {
        hold(till, device);
        continue;
      }
      yield* syncStep(w, till, at);
    }

    const reg = w.register(till);
    if (reg.mode === 'offline') {
      if (!(yield* w.ask(() => server.reachable(till.numprro)))) continue;
      // The session's end is a document too: with the clock gone back it would be dated before the
      // session's last receipt, so the register stays offline until the clock is right again.
      if (clockBehind(db, till, at())) continue;
      tx(() => goOnline(db, till, at(), cashierOf(till.kasm)));
      result.cameOnline.push(till.numprro);
    }

    // Repayments whose sales got their fiscal numbers since are written with them before signing
    // (a register with none has nothing to write: no transaction).
    if (w.state(till)?.any_repayments !== 0) tx(() => fillPrepays(db, till, at()));
    // Signed now, outside any transaction, in chain order: what goes out is what was signed.
    if (server.requiresSignature && w.known(till)?.any_unsigned !== 0 && !w.sign(till.numprro, now())) continue;

    const sendable = (d: SendableRow) => d.status !== PRRO.accepted && d.status !== PRRO.already_registered;
    let chain = chains.openChain.all({ numprro: till.numprro }).filter(sendable);
    const from = chain[0]?.local_num;
    if (from === undefined) continue;
    const unsettled = () => chains.chainFrom.all({ numprro: till.numprro, from }).filter(sendable);
    /**
     * A repayment goes only once it names its sale's fiscal number (register/prepay.ts): a sale
     * accepted earlier in this walk has it now, and the repayment (with an offline tail after it)
     * is written and signed again before it goes; one whose sale has none yet holds its chain.
     */
    const refilled = new Set<number>();
    const namesItsSale = (doc: SendableRow): 'go' | 'again' | 'wait' => {
      const state = prepayOfRow(db, doc);
      // Once written, it goes as it reads (a body a manager corrected is the tax server's to judge).
      if (state.kind === 'ready' || (state.kind === 'changed' && refilled.has(doc.id))) return 'go';
      if (state.kind === 'waiting') {
        const error = WORDS.waitsForSale(state.checkNumber);
        if (doc.last_error !== error) {
          tx(() => sql.setStatus.run({ id: doc.id, status: doc.status, error, fiscal: doc.fiscal_number, at: at().iso }));
        }
        return 'wait';
      }
      refilled.add(doc.id);
      tx(() => fillPrepays(db, till, at()));
      if (server.requiresSignature && !w.sign(till.numprro, now())) return 'wait';
      chain = unsettled();
      return 'again';
    };
    let i = 0;
    let blocker: PrroDocRow | undefined;
    while (i < chain.length) {
      const doc = chain[i] as SendableRow;
      if (!blocker && doc.status !== PRRO.rejected) {
        const named = namesItsSale(doc);
        if (named === 'wait') break;
        if (named === 'again') {
          i = chain.findIndex((d) => d.id === doc.id);
          if (i < 0) break;
          continue;
        }
      }
      if (blocker || doc.status === PRRO.rejected) {
        blocker ??= doc;
        if (doc !== blocker) {
          const error = WORDS.blockedBy(blocker);
          if (doc.status !== PRRO.blocked || doc.last_error !== error) {
            tx(() => sql.setStatus.run({ id: doc.id, status: PRRO.blocked, error, fiscal: doc.fiscal_number, at: at().iso }));
          }
        }
        i++;
        continue;
      }
      if (doc.offline_session_id !== '') {
        const pack: SendableRow[] = [];
        while (pack.length < OFFLINE_PACKAGE_SIZE && i + pack.length < chain.length) {
          const next = chain[i + pack.length] as SendableRow;
          if (next.offline_session_id === '' || next.status === PRRO.rejected) break;
          // A repayment not yet naming its sale starts the next package, once it does.
          if (pack.length > 0 && prepayOfRow(db, next).kind !== 'ready') break;
          pack.push(next);
        }
        // An open session is uploaded only once it has ended (its 103 is made when the server answers).
        if (w.register(till).mode === 'offline') break;
        const first = yield* revokeStep(w, till, pack[0] as SendableRow, now);
        if (!first) break;
        pack[0] = first;
        const outcome = yield* w.ask(() => server.sendPackage(pack.map(outgoing)));
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
          chain[i] = { ...(chain[i] as SendableRow), status: PRRO.rejected };
          continue;
        }
        i += pack.length;
        continue;
      }
      const outcome = yield* w.ask(() => server.sendDocument(outgoing(doc)));
      if (outcome.kind === 'unreachable' || outcome.kind === 'uncertain') {
        const doubtful = outcome.kind === 'uncertain';
        if (doubtful) syncedOf(db).delete(till.numprro);
        const offline = tx(() => goOffline(db, till, doc, at(), cashierOf(till.kasm), outcome.reason, doubtful));
        if (offline) result.wentOffline.push(till.numprro);
        break;
      }
      if (outcome.kind === 'rejected' && outcome.code === 7 && outcome.expected !== undefined) {
        // Our chain and the server's disagree on the next number: ask what it holds at ours, then
        // take its number (a document it registered is ours; else the unsent ones move up to its number).
        syncedOf(db).delete(till.numprro);
        if (server.registeredAs) {
          const held = yield* w.ask(() => server.registeredAs?.(till.numprro, doc.local_num, uidOf(doc)));
          if (held) {
            tx(() => accept(doc, { kind: 'accepted', ...held }));
            i++;
            continue;
          }
          // Not known yet: asked again at the next round.
          if (held === undefined) break;
          const expected = outcome.expected;
          if (expected > doc.local_num) {
            const moved = {
              numprro: till.numprro,
              localNumber: till.localNumber,
              from: doc.local_num,
              number: expected,
              at: at(),
            };
            tx(() => replaceTail(db, moved));
            break;
          }
        }
      }
      tx(() => {
        if (outcome.kind === 'accepted') {
          accept(doc, outcome);
        } else {
          sql.setStatus.run({ id: doc.id, status: PRRO.rejected, error: outcome.text, fiscal: '', at: at().iso });
          result.rejected++;
        }
      });
      if (outcome.kind === 'rejected') blocker = doc;
      i++;
    }
    lockWhenDone(w, till, at().iso);
  }
  return result;
}

/**
 * The key stays unlocked for the shift: once a shift closed after it was unlocked, and every
 * document of the register is with the tax server, it is locked again (unless the shop chose
 * unattended work). A key unlocked between shifts waits for the next shift's close.
 */
function lockWhenDone(w: Walker, till: FiscalTill, at: string): void {
  const ring = keyRingOf(w.db);
  const since = ring.unlockedSince(till.numprro);
  if (!since) return;
  const s = w.state(till);
  if (!s || s.shift_open > 0) return;
  if (!s.last_closed_at || Date.parse(s.last_closed_at) < since.getTime()) return;
  if (s.any_unsent > 0) return;
  if (s.unattended !== null && s.unattended !== '') return;
  ring.lock(till.numprro);
  keySql(w.db).event.run({
    numprro: till.numprro,
    at,
    user: 'service',
    action: 'locked',
    note: 'зміну закрито, документи в податковій',
  });
}

/** DeviceRegister, once: 'go' when this installation runs the register, else why its documents wait. */
function* deviceStep(w: Walker, till: FiscalTill): Generator<Call<unknown>, string, unknown> {
  const { db, server } = w;
  const reg = w.register(till);
  if (!server.registerDevice || reg.device === 'ours') return 'go';
  const forced = reg.device === 'take-over';
  if (reg.device !== '' && !forced) return WORDS.otherDevice(reg.device);
  const outcome = yield* w.ask(() => server.registerDevice?.(till.numprro, deviceIdOf(db), forced));
  if (!outcome || outcome.kind === 'unreachable') return 'go';
  if (outcome.kind === 'rejected') return WORDS.deviceRefused(outcome.text);
  const device = outcome.kind === 'ours' ? 'ours' : outcome.deviceId;
  w.write(() => prroSql(db).setDevice.run(device, till.numprro));
  return outcome.kind === 'ours' ? 'go' : WORDS.otherDevice(device);
}

/**
 * Compares the register with the server's state (TransactionsRegistrarState), once a process and
 * after any doubt: documents it registered whose answers never came are recorded with their fiscal
 * numbers, and offline credentials it holds for us are kept.
 */
function* syncStep(w: Walker, till: FiscalTill, at: () => ReturnType<typeof momentAt>): Generator<Call<unknown>, void, unknown> {
  const { db, server } = w;
  const done = syncedOf(db);
  if (!server.registrarState || done.has(till.numprro)) return;
  const sql = prroSql(db);
  const reg = w.register(till);
  const session =
    reg.mode === 'offline' && reg.offline_session_id > 0 ? { id: reg.offline_session_id, seed: reg.offline_seed } : undefined;
  const state = yield* w.ask(() => server.registrarState?.(till.numprro, session));
  // Not answered: the documents still go (a send the server cannot take takes the register
  // offline, and one it already holds is recognised by its UID); the state is asked next time.
  if (!state) return;
  if (reg.mode === 'online') {
    const unsent = dispatchSql(db).openChain.all({ numprro: till.numprro });
    for (const doc of unsent) {
      if (doc.local_num >= state.nextLocalNum || doc.offline_session_id !== '' || !server.registeredAs) break;
      // The server went on past this document: it is ours only if the server holds it under our UID.
      const held = yield* w.ask(() => server.registeredAs?.(till.numprro, doc.local_num, uidOf(doc)));
      if (!held) break;
      w.write(() => sql.setStatus.run({ id: doc.id, status: PRRO.accepted, error: '', fiscal: held.fiscalNumber, at: at().iso }));
    }
  }
  if (state.offline && reg.offline_session_id === 0 && reg.mode === 'online') {
    const offline = state.offline;
    w.write(() => sql.setCredentials.run(offline.id, offline.seed, till.numprro));
  }
  done.add(till.numprro);
}

/**
 * Before a session goes up whose 102 took the place of a document sent without an answer: asks
 * whether the server registered that document, and if it did, the 102 says REVOKELASTONLINEDOC
 * (DPS API description, "Відкликання останнього онлайн чека"). Answers the 102 as it goes now, or
 * undefined while the server cannot be asked (or the changed 102 cannot be signed again).
 */
function* revokeStep(
  w: Walker,
  till: FiscalTill,
  first: SendableRow,
  now: () => Date,
): Generator<Call<unknown>, SendableRow | undefined, unknown> {
  const { db, server } = w;
  const sql = prroSql(db);
  const reg = w.register(till);
  if (reg.revoke_check === 0 || first.doc_type !== 'offline_begin' || first.local_num !== reg.revoke_check) return first;
  // The document sent without an answer is the one right after the 102 now, under the same UID.
  const doubtful = sql.docFrom.get(till.numprro, first.local_num + 1);
  const held =
    server.registeredAs && doubtful
      ? yield* w.ask(() => server.registeredAs?.(till.numprro, reg.revoke_check, uidOf(doubtful)))
      : null;
  if (held === undefined) return undefined;
  w.write(() => {
    if (held) {
      const body = patchHead(Buffer.from(first.xml_body_b64, 'base64'), { REVOKELASTONLINEDOC: 'true' });
      const hash = sha256Hex(body);
      sql.replaceBody.run({ id: first.id, body: body.toString('base64'), hash, status: first.status, at: now().toISOString() });
    }
    sql.setRevokeCheck.run(0, till.numprro);
  });
  if (!held) return first;
  // The 102 changed: it is signed again before the package goes (the 102 is outside the hash chain).
  if (server.requiresSignature && !w.sign(till.numprro, now())) return undefined;
  return dispatchSql(db).doc.get({ numprro: till.numprro, id: first.id });
}
