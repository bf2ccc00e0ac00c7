// @ts-check
/**
 * The I/O thread of one SyncPg (sync-pg.ts): one node-postgres connection. Every answer is posted
 * first and then signalled, so the waiting thread always finds it on its port.
 *
 * Plain JavaScript on purpose: a worker thread loads its file with Node's own loader, whatever
 * runs the caller (tsx, vitest, the packaged service), and a worker that cannot load leaves its
 * caller waiting for an answer that never comes.
 */
import { parentPort } from 'node:worker_threads';
import pg from 'pg';
import { Pipeline } from './pipeline.mjs';
import { types } from './types.mjs';

// The thread may be started ahead of need (a spare, sync-pg.ts) with this file and node-postgres
// loaded; the connection it is for comes with the first message.
/** @type {{ connection: import('pg').ClientConfig, port: import('node:worker_threads').MessagePort, signal: Int32Array }} */
const { connection, port, signal } = await new Promise((resolve) => parentPort?.once('message', resolve));

/** @param {unknown} message */
const answer = (message) => {
  port.postMessage(message);
  Atomics.store(signal, 0, 1);
  Atomics.notify(signal, 0);
};
/** The connection broke (the server restarted, or ended this session): every answer after says so. */
/** @type {unknown} */
let broken;
/** @param {any} err */
const failure = (err) => ({
  // Which statement of a pipeline failed (pipeline.mjs): the ones after it did not run.
  ...(typeof err?.index === 'number' ? { index: err.index } : {}),
  ok: false,
  // A query cut by a lost connection has no SQLSTATE: 08006, connection failure.
  code: typeof err?.code === 'string' ? err.code : broken ? '08006' : 'XX000',
  message: String(err?.message ?? err),
  // Which key or row a constraint failed on ("Key (id)=(17) already exists."), when PostgreSQL says.
  ...(typeof err?.detail === 'string' ? { detail: err.detail } : {}),
});

const client = new pg.Client({ ...connection, types });
// Without a listener a lost connection would end this thread, and its caller would wait for an
// answer until its timeout; instead the next statement is told at once.
client.on('error', (err) => {
  broken = err;
});
client.on('end', () => {
  broken ??= new Error('the PostgreSQL connection ended');
});
try {
  await client.connect();
  answer({ ok: true, rows: [], rowCount: 0 });
} catch (err) {
  answer(failure(err));
}

/** @param {import('./pipeline.mjs').Item[]} items */
const pipelined = (items) =>
  new Promise((resolve, reject) => {
    const pipeline = new Pipeline(items, types, (err, results) => (err ? reject(err) : resolve(results)));
    // A submittable: node-postgres queues it as a query and hands it the answer's messages.
    client.query(/** @type {any} */ (pipeline));
  });

port.on(
  'message',
  async (/** @type {{ sql?: string, params?: unknown[], batch?: import('./pipeline.mjs').Item[], end?: boolean }} */ m) => {
    if (m.end) {
      await client.end().catch(() => undefined);
      answer({ ok: true, rows: [], rowCount: 0 });
      port.close();
      return;
    }
    if (broken) {
      answer({ ok: false, code: '08006', message: `the PostgreSQL connection is lost: ${String(broken)}` });
      return;
    }
    try {
      if (m.batch) {
        answer({ ok: true, results: await pipelined(m.batch) });
        return;
      }
      const r = await client.query({ text: m.sql ?? '', values: m.params ?? [] });
      answer({ ok: true, rows: r.rows, rowCount: r.rowCount ?? 0 });
    } catch (err) {
      answer(failure(err));
    }
  },
);
