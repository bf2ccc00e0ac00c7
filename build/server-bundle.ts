/**
 * `npm run build:server`: the service's command line as one ES module, dist/server/cli.mjs, run
 * with plain node (`node dist/server/cli.mjs serve …`): what a shop's server or a hosted service
 * runs. `npm run server` runs the same code through tsx, which is for development: it compiles
 * at every start and, to keep function names, adds work to every closure a request makes.
 *
 * better-sqlite3 and libpq-sync (native) and pg (loaded by the PostgreSQL I/O thread, which is a file of
 * its own, copied beside the bundle) stay in node_modules. The back office thread of a service on
 * PostgreSQL (server/clients/threads/) is a second bundle beside the first, under the name its
 * sources give their tsx bootstrap, so the code that starts it finds it by the same name.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BuildOptions, build } from 'esbuild';
import { ROOT } from './bundle.js';

const SERVER_OUTFILE = 'dist/server/cli.mjs';

/** The I/O thread of shared-node/pg/thread-client.ts, found beside the module that starts it, and what it imports. */
const PG_IO_WORKER = ['shared-node/pg/io-worker.mjs', 'shared-node/pg/pipeline.mjs', 'shared-node/pg/types.mjs'];

/** The back office thread's entry, and the file threads.ts starts (back-office-thread.mjs beside it). */
const BACK_OFFICE_THREAD = { entry: 'server/clients/threads/thread.ts', file: 'back-office-thread.mjs' };

const serverBundle = (entry: string, outfile: string): BuildOptions => ({
  absWorkingDir: ROOT,
  entryPoints: [entry],
  outfile,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  external: ['better-sqlite3', 'pg', 'libpq-sync'],
  // Bundled CommonJS dependencies call require(); an ES module has none of its own.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});

/** Bundles `entry` (the command line unless told) to `outfile`, with the back office thread and the PostgreSQL I/O thread beside it. */
export async function bundleServer(entry = 'server/cli.ts', outfile = SERVER_OUTFILE): Promise<string> {
  const out = join(ROOT, outfile);
  mkdirSync(dirname(out), { recursive: true });
  await build(serverBundle(entry, outfile));
  await build(serverBundle(BACK_OFFICE_THREAD.entry, join(dirname(outfile), BACK_OFFICE_THREAD.file)));
  for (const file of PG_IO_WORKER) copyFileSync(join(ROOT, file), join(dirname(out), basename(file)));
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(`bundled ${await bundleServer()}`);
}
