/**
 * The bundle a shop's server runs (`npm run build:server`): built, then run with plain node, it
 * makes a key and serves a request on a real SQLite file.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from './bundle.js';
import { bundleServer } from './server-bundle.js';

mkdirSync(join(ROOT, 'dist'), { recursive: true });
const outDir = mkdtempSync(join(ROOT, 'dist', 'test-server-'));
const data = mkdtempSync(join(tmpdir(), 'server-bundle-'));
let server: ChildProcess | undefined;
afterAll(() => {
  server?.kill('SIGKILL');
  rmSync(outDir, { recursive: true, force: true });
  rmSync(data, { recursive: true, force: true });
});

describe('npm run build:server', () => {
  it('bundles the command line, which serves with plain node', async () => {
    const cli = await bundleServer('server/cli.ts', join(relative(ROOT, outDir), 'cli.mjs'));
    expect(existsSync(join(outDir, 'io-worker.mjs'))).toBe(true);
    expect(existsSync(join(outDir, 'pipeline.mjs'))).toBe(true);
    expect(existsSync(join(outDir, 'types.mjs'))).toBe(true);
    expect(existsSync(join(outDir, 'back-office-thread.mjs'))).toBe(true);
    const db = join(data, 'shop.sqlite');
    const made = execFileSync(process.execPath, [cli, 'keys', 'create', '--db', db, '--name', 'till-1', '--scopes', 'all'], {
      encoding: 'utf8',
    });
    const key = made.trim().split('\n').at(-1) as string;
    expect(key).toMatch(/^rk_/);

    server = spawn(process.execPath, [cli, 'serve', '--db', db, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
    const url = await new Promise<string>((resolve, reject) => {
      server?.once('exit', (code) => reject(new Error(`the bundled service exited with ${code}`)));
      createInterface({ input: server?.stdout as NodeJS.ReadableStream }).on('line', (line) => {
        const m = /listening on (\S+)/.exec(line);
        if (m) resolve(m[1] as string);
      });
    });
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ method: 'service.ping', params: {} }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true });
  });
});
