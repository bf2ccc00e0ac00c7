/**
 * PostgreSQL for code written against a synchronous database (the back office's engine calls
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
}

export interface SyncPgResult {
  readonly rows: Record<string, unknown>[];
  readonly rowCount: number;
}

/** An error PostgreSQL answered, with its SQLSTATE (`40001`: a serialization failure, to retry). */
export class PgError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'PgError';
  }
}

/** The longest a statement may take before the caller is told it did not answer. */
const ANSWER_MS = 60_000;

type Answer = { ok: true; rows: Record<string, unknown>[]; rowCount: number } | { ok: false; code: string; message: string };

export class SyncPg {
  private readonly worker: Worker;
  private readonly port;
  private readonly signal = new Int32Array(new SharedArrayBuffer(4));
  private closed = false;

  constructor(connection: PgConnection) {
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.worker = new Worker(new URL('./io-worker.mjs', import.meta.url), {
      workerData: { connection, port: port2, signal: this.signal },
      transferList: [port2],
    });
    this.worker.unref();
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

  close(): void {
    if (this.closed) return;
    this.closed = true;
    Atomics.store(this.signal, 0, 0);
    this.port.postMessage({ end: true });
    Atomics.wait(this.signal, 0, 0, ANSWER_MS);
    this.port.close();
    void this.worker.terminate();
  }

  private take(): Extract<Answer, { ok: true }> {
    // A wake-up is not an answer: the I/O thread stores 1 and then notifies, and when it is
    // preempted in between, this thread sees the 1, takes that answer, sends the next statement
    // and is woken by the late notify. Taking "no answer" for an error then would leave the real
    // answer queued and every later statement reading its predecessor's: wait on until it is there.
    const deadline = performance.now() + ANSWER_MS;
    for (;;) {
      const got = receiveMessageOnPort(this.port)?.message as Answer | undefined;
      if (got) {
        if (!got.ok) throw new PgError(got.code, got.message);
        return got;
      }
      const left = deadline - performance.now();
      if (left <= 0 || Atomics.wait(this.signal, 0, 0, left) === 'timed-out') {
        throw new PgError('57014', `PostgreSQL did not answer within ${ANSWER_MS} ms`);
      }
    }
  }
}
