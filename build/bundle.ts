/**
 * `npm run build:electron`: bundles the Electron main process and the preload with esbuild into
 * dist/electron/{main,preload}.cjs. CommonJS because that is what a sandboxed preload can load;
 * 'electron' is provided by the runtime; better-sqlite3 and serialport (the receipt printer's and the
 * card terminal's serial links) are native modules that electron-builder rebuilds and unpacks, so none
 * of them is bundled: a bundled serialport would look for its binary beside the bundle, not in its package.
 */
import { fileURLToPath } from 'node:url';
import { type BuildOptions, build } from 'esbuild';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Electron 45 ships Node 22 and Chromium 140-something: both run ES2023. */
const common: BuildOptions = {
  absWorkingDir: ROOT,
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node22',
  sourcemap: true,
  logLevel: 'warning',
};

export const MAIN_BUNDLE: BuildOptions = {
  ...common,
  entryPoints: ['electron/main/main.ts'],
  outfile: 'dist/electron/main.cjs',
  external: ['electron', 'better-sqlite3', 'serialport'],
};

/** The sandboxed preload may require 'electron' and nothing else, so nothing else is left external. */
export const PRELOAD_BUNDLE: BuildOptions = {
  ...common,
  entryPoints: ['electron/preload/preload.ts'],
  outfile: 'dist/electron/preload.cjs',
  external: ['electron'],
};

export async function bundleElectron(): Promise<void> {
  await Promise.all([build(MAIN_BUNDLE), build(PRELOAD_BUNDLE)]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await bundleElectron();
  console.log('bundled dist/electron/main.cjs and dist/electron/preload.cjs');
}
