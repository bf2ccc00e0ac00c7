/**
 * The process boundaries of the design, held by a test instead of a lint rule: outside Electron
 * `require('electron')` starts a download and fails, so only the thin shell may load it, and
 * the renderer may reach the main process only through the bridge.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../build/bundle.js';

/** This file quotes the forbidden forms in its own checks. */
const SELF = 'electron/main/boundaries.test.ts';
const MAY_LOAD_ELECTRON = ['electron/main/main.ts', 'electron/main/protocol.ts', 'electron/preload/preload.ts'];

function sources(dir: string): string[] {
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(join(ROOT, dir), { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : sources(path);
    return /\.(ts|tsx|mts|cts)$/.test(e.name) && !e.name.endsWith('.d.ts') ? [relative(ROOT, join(ROOT, path))] : [];
  });
}

const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
/**
 * Value imports only: `import type` is erased, but `import { type X }` still loads the module.
 * A require() counts outside comments and strings (launch.ts explains why it avoids one).
 */
const loadsElectron = (code: string) =>
  /^\s*import\s+(?!type\s)[^;]*?from\s+['"]electron['"]|^[^*/'"`]*\brequire\(\s*['"]electron['"]\s*\)/m.test(code);

describe('process boundaries', () => {
  it('load electron at run time only in the Electron shell and the preload', () => {
    const offenders = ['shared', 'shared-node', 'server', 'electron', 'renderer', 'build', 'bench', 'e2e']
      .flatMap(sources)
      .filter((f) => !MAY_LOAD_ELECTRON.includes(f) && f !== SELF && loadsElectron(read(f)));
    expect(offenders).toEqual([]);
  });

  it('keep the renderer to shared/ and itself', () => {
    const offenders = sources('renderer').filter(
      (f) => !f.endsWith('.test.ts') && /from\s+['"](\.\.\/)+(electron|server)\//.test(read(f)),
    );
    expect(offenders).toEqual([]);
  });

  it('let the Electron shell and the browser host share code only through electron/transport', () => {
    const borrows = (from: string, other: string) =>
      sources(from).filter((f) => new RegExp(`from\\s+['"]\\.\\./${other}/`).test(read(f)));
    expect([...borrows('electron/host', 'main'), ...borrows('electron/main', 'host')]).toEqual([]);
  });

  it('open SQLite and make canonical JSON from shared-node, not from the service, on the desk', () => {
    const offenders = sources('electron').filter((f) => /from\s+['"](\.\.\/)+server\/(db|idempotency)\//.test(read(f)));
    expect(offenders).toEqual([]);
  });

  it('borrow from the service only the service itself, which the desk runs embedded, outside tests and the crash test', () => {
    const testing = (f: string) => f.endsWith('.test.ts') || f.includes('/testing/') || f.includes('electron/core/crash/');
    const offenders = sources('electron')
      .filter((f) => !testing(f))
      .flatMap((f) => [...read(f).matchAll(/from\s+['"](?:\.\.\/)+(server\/[^'"]+)['"]/g)].map((m) => `${f}: ${m[1]}`))
      .filter((use) => !/: server\/(service|auth\/keys)\.js$/.test(use));
    expect(offenders).toEqual([]);
  });

  it('keep shared-node to Node and shared/: it is below both the service and the desk', () => {
    const offenders = sources('shared-node').filter((f) => /from\s+['"](\.\.\/)+(server|electron|renderer)\//.test(read(f)));
    expect(offenders).toEqual([]);
  });

  it("keep the tax server's exchange, signer and simulator (server/dps) out of the service's areas: the areas use it, never the other way", () => {
    const offenders = sources('server/dps')
      .flatMap((f) =>
        [...read(f).matchAll(/from\s+['"]((?:\.\.\/)+[^'"]+)['"]/g)].map((m) => ({ f, path: join(f, '..', m[1] as string) })),
      )
      .filter(({ path }) => !/^(server\/dps|shared|shared-node)\//.test(path))
      .map(({ f, path }) => `${f}: ${path}`);
    expect(offenders).toEqual([]);
  });

  it('recognise the import forms they forbid', () => {
    expect(loadsElectron("import { app } from 'electron';")).toBe(true);
    expect(loadsElectron("import { type App } from 'electron';")).toBe(true);
    expect(loadsElectron("const e = require('electron');")).toBe(true);
    expect(loadsElectron("import type { App } from 'electron';")).toBe(false);
    expect(loadsElectron(" * `require('electron')` would start a download")).toBe(false);
    expect(loadsElectron("import { x } from 'electron-builder';")).toBe(false);
  });
});
