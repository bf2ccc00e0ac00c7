/**
 * SyncPg's client where libpq cannot load (libpq-client.ts): one node-postgres connection held by
 * an I/O thread of its own (io-worker.mjs). `query` posts the statement there and blocks this
 * thread on Atomics.wait until the answer is posted back, then takes it with receiveMessageOnPort.
 * Each round trip costs ~0.18 ms of this process's CPU (node-postgres and two thread hand-overs),
 * ten times libpq's; it needs nothing compiled.
 */
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import { PgError } from './pg-error.js';
import type { PgClient, PgConnection, PipelinedStatement, SyncPgResult } from './sync-pg.js';
import { BRIEF_APPLICATION } from './url.js';

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

export class ThreadClient implements PgClient {
  readonly kind = 'thread' as const;
  private readonly worker: Worker;
  private readonly port;
  private readonly signal = new Int32Array(new SharedArrayBuffer(4));

  constructor(connection: PgConnection) {
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.worker = takeThread();
    // What node-postgres connects with; how PgDb sends its statements is PgDb's.
    // A brief session's statement timeouts are PgDb's SETs; this client's own wait stays 60 s an answer.
    const { prepared: _prepared, pipeline: _pipeline, client: _client, brief, ...settings } = connection;
    const named = brief
      ? { ...settings, application_name: BRIEF_APPLICATION, connectionTimeoutMillis: brief.networkMs }
      : settings;
    this.worker.postMessage({ connection: named, port: port2, signal: this.signal }, [port2]);
    try {
      this.take(); // connected, or why not
    } catch (err) {
      void this.worker.terminate();
      throw err;
    }
  }

  query(sql: string, params: readonly unknown[]): SyncPgResult {
    Atomics.store(this.signal, 0, 0);
    this.port.postMessage({ sql, params });
    const answer = this.take();
    return { rows: answer.rows, rowCount: answer.rowCount };
  }

  pipeline(statements: readonly PipelinedStatement[]): SyncPgResult[] {
    Atomics.store(this.signal, 0, 0);
    this.port.postMessage({ batch: statements });
    return this.take().results ?? [];
  }

  close(): void {
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
    if (!got.ok) throw new PgError(got.code, got.message, got.detail, got.index);
    return got;
  }
}
