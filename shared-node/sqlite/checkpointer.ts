/**
 * Moves the WAL checkpoint off the request path. By default SQLite checkpoints inside the commit
 * that takes the WAL past 1,000 pages: a 20-line close writes ~76 pages, so every ~13th close
 * also copied the whole WAL into the database file and fsynced it, which is what its p99 was
 * made of (bench/engine.ts; README "Figures"). Here a worker thread with its own connection runs
 * PASSIVE checkpoints, which never block a writer, a few times a second, on the machine's other
 * core. The writer's own automatic checkpoint stays as a safety net at a much larger WAL, for a
 * worker that falls behind (or died): the WAL never grows without bound.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Db } from './open.js';

/** How often the worker folds the WAL into the database: a close makes ~76 pages, 200 ms of closes a few thousand. */
const INTERVAL_MS = 200;
/** The writer checkpoints itself only past this many WAL pages (~40 MB at 4 KiB): the worker is behind. */
const FALLBACK_PAGES = 10_000;

/**
 * The worker's code, given as text so it runs the same from TypeScript sources, the built
 * service and Electron's bundle: it loads the driver from the path the caller resolved.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const say = (kind, err) => parentPort.postMessage({ [kind]: err instanceof Error ? err.message : String(err) });
let db;
try {
  const Database = require(workerData.driver);
  db = new Database(workerData.file, { fileMustExist: true });
  db.pragma('synchronous = FULL');
} catch (err) {
  say('fatal', err);
  process.exit(1);
}
const step = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (err) {
    say('error', err);
  }
};
const timer = setInterval(step, workerData.intervalMs);
parentPort.on('message', (m) => {
  if (m === 'stop') {
    clearInterval(timer);
    step();
    db.close();
    parentPort.close();
  }
});
`;

export interface Checkpointer {
  /** Folds what is left and stops the worker; the database stays open for its owner to close. */
  stop(): Promise<void>;
}

export function startCheckpointer(db: Db, onError: (message: string) => void = () => {}): Checkpointer {
  // A database in memory has no WAL to fold.
  if (db.memory) return { stop: async () => {} };
  // The worker loads the same driver as this process (Electron's bundle defines import.meta.url too).
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  db.pragma(`wal_autocheckpoint = ${FALLBACK_PAGES}`);
  const worker = new Worker(WORKER, { eval: true, workerData: { driver, file: db.name, intervalMs: INTERVAL_MS } });
  worker.unref();
  let gone = false;
  worker.once('exit', () => {
    gone = true;
  });
  // Without its worker the writer checkpoints as it did before: slower at p99, never unbounded.
  const giveBack = (message: string) => {
    gone = true;
    if (db.open) db.pragma('wal_autocheckpoint = 1000');
    onError(message);
  };
  worker.on('message', (m: { error?: string; fatal?: string }) => {
    if (m.fatal) giveBack(m.fatal);
    else if (m.error) onError(m.error);
  });
  worker.on('error', (err: unknown) => giveBack(err instanceof Error ? err.message : String(err)));
  return {
    async stop() {
      if (gone) return;
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      // Held open again until the worker has folded the rest and closed its connection.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
