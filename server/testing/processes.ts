/**
 * Child processes of the crash test and the benches: TypeScript scripts run by `node --import tsx`
 * directly, or a bundle by plain node (no npm or tsx wrapper in between, so SIGKILL reaches the
 * process that holds the files), read line by line, and tracked so none outlives the test.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';

export const ROOT = resolve(import.meta.dirname, '../..');

export interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

export interface Child {
  readonly name: string;
  /** The process id (for its CPU time in /proc). */
  readonly pid: number | undefined;
  /** Every stdout line so far. */
  readonly lines: readonly string[];
  /** The stderr lines of the service's JSON log at level warn or error so far (the first 100). */
  readonly logged: readonly string[];
  /** Resolves once the process has exited and its output has been read to the end. */
  readonly closed: Promise<Exit>;
  readonly running: boolean;
  /** The first stdout line (so far or to come) that matches; rejects if the process ends first or time runs out. */
  waitForLine(match: (line: string) => boolean, timeoutMs: number): Promise<string>;
  /** SIGKILL, then waits until the process is gone and its output read. */
  kill(): Promise<Exit>;
  /** The last lines it wrote on stderr, for a failure message. */
  stderrTail(): string;
}

const live = new Set<Child>();

export function spawnScript(name: string, script: string, args: readonly string[]): Child {
  return spawnNode(name, ['--import', 'tsx', script, ...args]);
}

/** A bundled script (`npm run build:server`'s dist/server/cli.mjs) run by plain node, as a server runs the service. */
export function spawnBundle(name: string, bundle: string, args: readonly string[]): Child {
  return spawnNode(name, [bundle, ...args]);
}

function spawnNode(name: string, nodeArgs: readonly string[]): Child {
  const proc: ChildProcess = spawn(process.execPath, nodeArgs, {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const stderr: string[] = [];
  const logged: string[] = [];
  const listeners = new Set<(line: string) => void>();
  let running = true;
  const stderrTail = () => stderr.join('\n');

  createInterface({ input: proc.stdout! }).on('line', (line) => {
    lines.push(line);
    for (const l of [...listeners]) l(line);
  });
  // Read to the end whatever it says, or a chatty child blocks on a full pipe.
  createInterface({ input: proc.stderr! }).on('line', (line) => {
    if (logged.length < 100 && /"level":"(warn|error)"/.test(line)) logged.push(line);
    stderr.push(line);
    if (stderr.length > 40) stderr.shift();
  });
  const closed = new Promise<Exit>((done) => {
    proc.once('close', (code, signal) => {
      running = false;
      live.delete(child);
      done({ code, signal });
    });
    proc.once('error', () => {
      running = false;
      live.delete(child);
      done({ code: null, signal: null });
    });
  });

  const child: Child = {
    name,
    pid: proc.pid,
    lines,
    logged,
    closed,
    get running() {
      return running;
    },
    stderrTail,
    waitForLine(match, timeoutMs) {
      const seen = lines.find(match);
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise((resolveLine, reject) => {
        const finish = (err: Error | undefined, line?: string) => {
          clearTimeout(timer);
          listeners.delete(onLine);
          if (err) reject(err);
          else resolveLine(line as string);
        };
        const onLine = (line: string) => {
          if (match(line)) finish(undefined, line);
        };
        const timer = setTimeout(
          () => finish(new Error(`${name}: no awaited line within ${timeoutMs} ms\n${stderrTail()}`)),
          timeoutMs,
        );
        listeners.add(onLine);
        closed.then((exit) => {
          const line = lines.find(match);
          if (line !== undefined) finish(undefined, line);
          else finish(new Error(`${name} ended (${JSON.stringify(exit)}) before the awaited line\n${stderrTail()}`));
        });
      });
    },
    async kill() {
      if (running) proc.kill('SIGKILL');
      return closed;
    },
  };
  live.add(child);
  return child;
}

/** Kills every child still running: for afterAll, so a failed test leaves no process behind. */
export async function killAll(): Promise<void> {
  await Promise.all([...live].map((c) => c.kill()));
}

export const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

export { freePort } from '../../shared-node/net/free-port.js';
