/**
 * A back office thread (threads.ts starts it): it holds back offices of its own, and so their
 * PostgreSQL connections, within its share of the process's budget (a BackOfficePool bound to
 * `most`), and performs whole calls on them exactly as the main thread does on SQLite
 * (gateway/perform-call.ts): the idempotency record and the write share their transaction, a
 * SERIALIZABLE conflict runs the write again, a key performed meanwhile by another thread or
 * process is answered from its record. Each back office's fiscal dispatcher and hourly purge run
 * here, in the thread that holds it, on its own connection.
 *
 * The back office's code is synchronous and each statement waits for PostgreSQL on Atomics.wait,
 * so while this thread waits, others take the process's other calls: a lookup no longer waits
 * behind another client's close.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Level, Logger } from '../../../shared-node/log/logger.js';
import { localCalls } from '../../gateway/perform-call.js';
import { toRpcError } from '../../gateway/to-rpc-error.js';
import type { RequestFacts } from '../../gateway/types.js';
import { type BackOffice, type BackOfficeOptions, openBackOffice } from '../back-office.js';
import { BackOfficePool } from '../pool.js';
import { openStore } from '../store.js';
import { type FromThread, gatewayCallOf, type Outcome, type ThreadFacts, type ToThread, toThreadOf } from './protocol.js';

/** What a thread is started with (workerData): plain data, as everything that crosses. */
export interface ThreadSetup {
  /** The PostgreSQL address the service was given (`?pool_mode=transaction` included). */
  readonly location: string;
  /** The back offices (connections) this thread may hold open at once. */
  readonly most: number;
  readonly waitMs: number;
  readonly idleMs: number;
  readonly upstreamTimeoutMs: number;
  /** The levels the service's logger writes: lines of others are not even sent. */
  readonly levels: readonly Level[];
  readonly options: Omit<BackOfficeOptions, 'dbFile' | 'db' | 'logger' | 'now' | 'upstream'>;
}

const port = parentPort;
if (!port) throw new Error('a back office thread runs as a worker thread');
const setup = workerData as ThreadSetup;
const post = (m: FromThread) => port.postMessage(m);

const writes = new Set<Level>(setup.levels);
const logger: Logger = {
  enabled: (level) => writes.has(level),
  log(level, msg, fields) {
    if (!writes.has(level)) return;
    try {
      post({ kind: 'log', level, msg, ...(fields ? { fields } : {}) });
    } catch {
      // A field that cannot be cloned (a function, a socket): the line without its fields.
      post({ kind: 'log', level, msg });
    }
  },
};

const store = openStore(setup.location);
const pool = new BackOfficePool({
  open: (id) => openBackOffice({ ...setup.options, logger, db: store.openClient(id) }),
  idleMs: setup.idleMs,
  maxOpen: setup.most,
  logger,
  bound: { most: setup.most, waitMs: setup.waitMs },
  // Before the answer of the call that opened one: the main thread routes the next call by it.
  changed: (open) => post({ kind: 'open', open }),
});
const calls = localCalls({ acquire: (c) => pool.acquireWithin(c), release: (c) => pool.release(c) }, setup.upstreamTimeoutMs);

const threadFacts = (f: RequestFacts): ThreadFacts => ({
  ...(f.replayed ? { replayed: true } : {}),
  ...(f.cause === undefined ? {} : { cause: f.cause }),
});

async function perform(m: Extract<ToThread, { kind: 'call' }>): Promise<Outcome> {
  const facts: RequestFacts = {};
  try {
    const result = await calls.perform(gatewayCallOf(m.call), facts);
    return { ok: true, result, facts: threadFacts(facts) };
  } catch (err) {
    const e = toRpcError(err, facts);
    return {
      ok: false,
      error: { code: e.code, message: e.message, details: e.details, headers: e.headers },
      facts: threadFacts(facts),
    };
  }
}

function health(client: string): Outcome {
  let office: BackOffice;
  try {
    office = pool.acquire(client);
  } catch {
    return { ok: true, health: { ok: false } };
  }
  try {
    return { ok: true, health: { ok: office.healthy(), upstream: office.upstream.name, version: office.upstream.version } };
  } finally {
    pool.release(client);
  }
}

function answer(n: number, outcome: Outcome): void {
  try {
    post({ kind: 'answer', n, outcome });
  } catch (err) {
    // A result that cannot cross (never expected: results are JSON) is the service's fault.
    const cause = `the answer could not cross to the main thread: ${String(err)}`;
    const error = { code: 'INTERNAL', message: 'an unexpected fault; it has been logged with this request id' };
    post({ kind: 'answer', n, outcome: { ok: false, error: { ...error, details: [], headers: {} }, facts: { cause } } });
  }
}

port.on('message', async (raw: unknown) => {
  let m: ToThread;
  try {
    m = toThreadOf(raw);
  } catch (err) {
    logger.log('error', 'back office thread: a message out of protocol', { error: String(err) });
    return;
  }
  if (m.kind === 'close') {
    await pool.closeAll();
    post({ kind: 'closed' });
    port.close();
    return;
  }
  answer(m.n, m.kind === 'health' ? health(m.client) : await perform(m));
});

post({ kind: 'ready' });
