/**
 * `serve --workers N`: N processes on one port, each serving any request; a worker that dies is
 * replaced, and stopping the service stops them all.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { nextRestartDelay } from './workers.js';

const data = mkdtempSync(join(tmpdir(), 'workers-'));
let primary: ChildProcess | undefined;
afterAll(() => {
  primary?.kill('SIGKILL');
  rmSync(data, { recursive: true, force: true });
});

/** The primary's worker processes now (not its other children, such as tsx's esbuild). */
const workersOf = (pid: number): number[] => {
  try {
    return execFileSync('pgrep', ['-P', String(pid), '-f', 'server/cli.ts'], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return []; // pgrep exits 1 when there are none
  }
};

async function until<T>(get: () => T, ok: (v: T) => boolean, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = get();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('serve --workers', () => {
  it('serves from N processes on one port, replaces one that dies, and stops them all', async () => {
    primary = spawn(
      process.execPath,
      ['--import', 'tsx', 'server/cli.ts', 'serve', '--data', data, '--port', '0', '--workers', '2'],
      {
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    );
    const pid = primary.pid as number;
    const lines = createInterface({ input: primary.stdout as NodeJS.ReadableStream });
    const line = await new Promise<string>((resolve) => lines.on('line', (l) => l.includes('listening') && resolve(l)));
    expect(line).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+\/v1\/rpc \(2 processes\)$/);
    const url = /(http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1];
    const healthy = async () =>
      (await Promise.all(Array.from({ length: 20 }, () => fetch(`${url}/healthz`)))).map((r) => r.status);

    expect(await healthy()).toEqual(Array(20).fill(200));
    const before = workersOf(pid);
    expect(before).toHaveLength(2);

    process.kill(before[0] as number, 'SIGKILL');
    const after = await until(
      () => workersOf(pid),
      (w) => w.length === 2 && !w.includes(before[0] as number),
    );
    expect(after).toHaveLength(2);
    expect(after).not.toContain(before[0]);
    expect(await healthy()).toEqual(Array(20).fill(200));

    const exited = new Promise<number | null>((resolve) => primary?.once('exit', resolve));
    primary.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const w of after) expect(() => process.kill(w, 0)).toThrow();
  });
});

describe('replacing workers that die', () => {
  it('waits longer while they keep dying young, and starts over once one lived', () => {
    const young = 2_000;
    const delays: number[] = [];
    let d: number | undefined;
    for (let i = 0; i < 9; i++) {
      d = nextRestartDelay(d, young);
      delays.push(d);
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000]);
    expect(nextRestartDelay(60_000, 10 * 60_000)).toBe(1000);
  });
});
