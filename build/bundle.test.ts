import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { MAIN_BUNDLE, PRELOAD_BUNDLE } from './bundle.js';

/** The modules a CommonJS bundle still requires at run time. */
const requiresOf = (code: string) => [...new Set([...code.matchAll(/\brequire\(["']([^"']+)["']\)/g)].map((m) => m[1]))].sort();

describe('the preload bundle', () => {
  it("requires only 'electron', as a sandboxed preload must", async () => {
    const out = await build({ ...PRELOAD_BUNDLE, write: false, sourcemap: false });
    const code = out.outputFiles[0]?.text ?? '';
    expect(requiresOf(code)).toEqual(['electron']);
    expect(code).toContain('exposeInMainWorld("cashdesk"');
  });

  it('stays small: the contract registry and validators live in the main process', async () => {
    const out = await build({ ...PRELOAD_BUNDLE, write: false, sourcemap: false, minify: true });
    expect(out.outputFiles[0]?.text.length ?? 0).toBeLessThan(4000);
  });
});

describe('the main bundle', () => {
  it('leaves the native modules (better-sqlite3, serialport) to their packages and bundles the rest', async () => {
    const out = await build({ ...MAIN_BUNDLE, write: false, sourcemap: false, logLevel: 'silent' });
    const requires = requiresOf(out.outputFiles[0]?.text ?? '');
    expect(requires).toEqual(expect.arrayContaining(['better-sqlite3', 'electron', 'serialport']));
    // Nothing of serialport's own code is inside: its binding would look for its binary beside the bundle.
    expect(out.outputFiles[0]?.text).not.toContain('node-gyp-build');
    // The encoder is plain JavaScript and goes into the bundle.
    expect(requires.filter((r) => r?.startsWith('@point-of-sale'))).toEqual([]);
  }, 60_000);

  it("loads serialport's native binding from its package on this machine (a prebuild inside it; nothing downloaded)", async () => {
    const { SerialPort } = await import('serialport');
    expect(Array.isArray(await SerialPort.list())).toBe(true);
  });
});
