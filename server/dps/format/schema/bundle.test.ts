import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { buildSync } from 'esbuild';
import { describe, expect, it } from 'vitest';
import type { checkDpsSchema } from './check.js';
import { sample } from './test-support.js';

describe('the schema check', () => {
  // As the Electron main bundle takes it (CommonJS), but for the neutral platform: esbuild then
  // fails on any Node module, and the bare context below has no Node globals either.
  it('bundles to CommonJS with no Node module or file, and validates a sample from the bundle', () => {
    const out = buildSync({
      entryPoints: [fileURLToPath(new URL('./check.ts', import.meta.url))],
      bundle: true,
      format: 'cjs',
      platform: 'neutral',
      target: 'es2022',
      write: false,
      logLevel: 'silent',
    });
    expect(out.warnings).toEqual([]);
    const module = { exports: {} as { checkDpsSchema?: typeof checkDpsSchema } };
    runInNewContext(out.outputFiles[0]?.text ?? '', { module, exports: module.exports });
    const check = module.exports.checkDpsSchema;
    expect(check?.('CHECK', sample('check01(Товар).xml').xml)).toEqual({ ok: true });
    expect(check?.('CHECK', sample('check01(Ломбард).xml').xml)).toMatchObject({
      ok: false,
      path: 'CHECK/CHECKBODY/ROW[1]/UNITCD',
    });
  });
});
