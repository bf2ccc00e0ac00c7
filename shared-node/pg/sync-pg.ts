/**
 * PostgreSQL for code written against a synchronous database (the back office's code calls
 * SQLite synchronously inside one transaction). Each SyncPg is one connection, held by an I/O
 * thread of its own (io-worker.mjs) that runs node-postgres; `query` posts the statement there and
 * blocks this thread on Atomics.wait until the answer is posted back, then takes it with
 * receiveMessageOnPort. Measured: the bridge adds ~20 µs to a statement's ~270 µs round trip.
 *
 * So this thread waits while PostgreSQL works: concurrency comes from several such threads,
 * each with its own connection and transaction, never from a lock in the process.
 */
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';

export interface PgConnection {
  readonly host: string;
  readonly port: number;
  readonly user: string;
  readonly database: string;
  readonly password?: string;
  /** Statements the code prepares are named, parsed once per connection (PgDb); false: never. */
  readonly prepared?: boolean;
  /** Writes in a transaction wait and go with the next read or the COMMIT (PgDb); false: each at once. */
  readonly pipeline?: boolean;
}

export interface SyncPgResult {
  readonly rows: Record<string, unknown>[];
  readonly rowCount: number;
}

/** A statement of a pipeline; a named one is parsed once per connection (pipeline.mjs). */
export interface PipelinedStatement {
  readonly sql: string;
  readonly params: readonly unknown[];
  readonly name?: string;
}

/** An error PostgreSQL answered, with its SQLSTATE (`40001`: a serialization failure, to retry). */
export class PgError extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** PostgreSQL's DETAIL, where it gives one: the key or row a constraint failed on. */
    readonly detail?: string,
    /** In a pipeline (SyncPg.pipeline), which statement failed: none after it ran. */
    readonly index?: number,
  ) {
    super(message);
    this.name = 'PgError';
  }
}

/** Connection exceptions (08…) and the server ending the session (57P01 admin, 57P02 crash, 57P03 cannot connect now). */
const LOST = /^(08|57P0[123])/;

/** The longest a statement may take before the caller is told it did not answer. */
const ANSWER_MS = 60_000;

const IO_WORKER = new URL('./io-worker.mjs', import.meta.url);

/**
 * One I/O thread started ahead, for the next connection. Starting a thread and loading
 * node-postgres in it is most of opening a connection (about 60 ms with the bundle, 120 through
 * tsx, against a few for the connection itself), and this thread waits through all of it: a
 * client's first request, and every other request of the process meanwhile. The spare loads while
 * the process does other work, so the next open only connects.
 */
let spare: Worker | undefined;

function startThread(): Worker {
  const worker = new Worker(IO_WORKER);
  // Neither a spare nor a connection's thread keeps the process alive.
  worker.unref();
  worker.once('exit', () => {
    if (spare === worker) spare = undefined;
  });
  return worker;
}

function takeThread(): Worker {
  const worker = spare ?? startThread();
  spare = startThread();
  return worker;
}

type Answer =
  | { ok: true; rows: Record<string, unknown>[]; rowCount: number; results?: SyncPgResult[] }
  | { ok: false; code: string; message: string; detail?: string; index?: number };

export class SyncPg {
  private readonly worker: Worker;
  private readonly port;
  private readonly signal = new Int32Array(new SharedArrayBuffer(4));
  private closed = false;
  /** The connection was lost (SQLSTATE class 08, or the server ended the session): open another. */
  broken = false;

  constructor(connection: PgConnection) {
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.worker = takeThread();
    // What node-postgres connects with; how PgDb sends its statements is PgDb's.
    const { prepared: _prepared, pipeline: _pipeline, ...settings } = connection;
    this.worker.postMessage({ connection: settings, port: port2, signal: this.signal }, [port2]);
    try {
      this.take(); // connected, or why not
    } catch (err) {
      this.closed = true;
      void this.worker.terminate();
      throw err;
    }
  }

  query(sql: string, params: readonly unknown[] = []): SyncPgResult {
    if (this.closed) throw new Error('the PostgreSQL connection is closed');
    Atomics.store(this.signal, 0, 0);
    this.port.postMessage({ sql, params });
    const answer = this.take();
    return { rows: answer.rows, rowCount: answer.rowCount };
  }

  /**
   * Several statements in one round trip, in order, each with its own parameters (pipeline.mjs):
   * their answers, or the first one's error (a PgError whose `index` says which; none after it ran).
   */
  pipeline(statements: readonly PipelinedStatement[]): SyncPgResult[] {
    if (this.closed) throw new Error('the PostgreSQL connection is closed');
    Atomics.store(this.signal, 0, 0);
    this.port.postMessage({ batch: statements });
    return this.take().results ?? [];
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    Atomics.store(this.signal, 0, 0);
    this.port.postMessage({ end: true });
    this.answered();
    this.port.close();
    void this.worker.terminate();
  }

  /**
   * Waits until the I/O thread has posted its answer (the signal is 1), or ANSWER_MS passed.
   * A wake-up alone is not an answer: the thread signals 1 and then notifies, so the notify of the
   * previous answer, late when the thread was descheduled in between, can wake this wait first.
   */
  private answered(): boolean {
    const deadline = Date.now() + ANSWER_MS;
    while (Atomics.load(this.signal, 0) === 0) {
      const left = deadline - Date.now();
      if (left <= 0) return false;
      Atomics.wait(this.signal, 0, 0, left);
    }
    return true;
  }

  private take(): Extract<Answer, { ok: true }> {
    if (!this.answered()) throw new PgError('57014', `PostgreSQL did not answer within ${ANSWER_MS} ms`);
    const got = receiveMessageOnPort(this.port)?.message as Answer | undefined;
    if (!got) throw new Error('the PostgreSQL thread ended without an answer');
    if (!got.ok) {
      if (LOST.test(got.code)) this.broken = true;
      throw new PgError(got.code, got.message, got.detail, got.index);
    }
    return got;
  }
}
