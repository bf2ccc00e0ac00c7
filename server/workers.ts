/**
 * `serve --workers N`: N service processes on one port (node:cluster shares the listening
 * socket). A process performs one back-office transaction at a time — the back office is synchronous,
 * and on PostgreSQL it waits for each statement's answer — so a hosted service runs several to
 * keep PostgreSQL busy. Nothing a process keeps in memory is needed for correctness (docs/operations.md,
 * "More than one process"), so any process may take any request.
 *
 * The first worker starts alone (it creates or migrates the databases and seeds a demo), the rest
 * after it listens. A worker that dies is started again, after a pause that doubles while workers
 * keep dying young (a full disk or a database that is down must not become a fork loop);
 * SIGINT/SIGTERM stop them all.
 */
import cluster, { type Worker } from 'node:cluster';

interface Listening {
  readonly listening: string;
}

const isListening = (m: unknown): m is Listening => typeof (m as Listening)?.listening === 'string';

/** In a worker: tells the primary the service is up. */
export function reportListening(url: string): void {
  process.send?.({ listening: url } satisfies Listening);
}

export const isWorker = (): boolean => cluster.isWorker;

const FIRST_RESTART_MS = 1000;
const MAX_RESTART_MS = 60_000;
/** A worker that lived this long died of something passing: the next one starts after the first pause again. */
const STABLE_MS = 60_000;

/** The pause before replacing a worker that lived `livedMs`, given the pause before it. */
export function nextRestartDelay(lastDelayMs: number | undefined, livedMs: number): number {
  if (lastDelayMs === undefined || livedMs >= STABLE_MS) return FIRST_RESTART_MS;
  return Math.min(MAX_RESTART_MS, lastDelayMs * 2);
}

/** In the primary: runs `count` workers with the same arguments; resolves with the service's URL. */
export function runWorkers(count: number, onLine: (line: string) => void): Promise<string> {
  let stopping = false;
  let url: string | undefined;
  let restartDelay: number | undefined;
  const start = (): Promise<string> =>
    new Promise((resolve, reject) => {
      const worker: Worker = cluster.fork();
      const born = Date.now();
      worker.on('message', (m: unknown) => {
        if (isListening(m)) resolve(m.listening);
      });
      worker.once('exit', (code, signal) => {
        if (stopping) return;
        if (url === undefined) {
          reject(new Error(`a service worker exited before it listened (${signal ?? code})`));
          return;
        }
        restartDelay = nextRestartDelay(restartDelay, Date.now() - born);
        onLine(`a service worker exited (${signal ?? code}); starting another in ${restartDelay / 1000} s`);
        setTimeout(() => {
          if (!stopping) void start().catch(() => undefined);
        }, restartDelay);
      });
    });
  const stop = () => {
    stopping = true;
    // Each worker finishes the requests it has, then exits; the service is down when all have.
    const running = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && !w.isDead());
    let left = running.length;
    if (left === 0) process.exit(0);
    for (const w of running) {
      w.once('exit', () => {
        if (--left === 0) process.exit(0);
      });
      w.process.kill('SIGTERM');
    }
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return (async () => {
    url = await start();
    await Promise.all(Array.from({ length: count - 1 }, start));
    return url;
  })();
}
