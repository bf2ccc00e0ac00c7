import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { PRELOAD_BUNDLE } from './bundle.js';

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
