/**
 * `npm start`: the desktop app, or browser mode where Electron cannot run.
 *
 *   npm start                  Electron when its binary is present, otherwise browser mode
 *   npm start -- --browser     browser mode even where Electron could run
 *
 * Browser mode runs the same core in this Node process and serves the interface and the bridge
 * on 127.0.0.1 (electron/host); it prints the address to open, which carries a per-run token.
 *
 *   CASHDESK_DATA_DIR   browser mode's data folder (default .data): settings, outbox, the
 *                       embedded service's database and the API key file (readable only by you)
 *   CASHDESK_PORT       browser mode's port (default: any free one)
 *
 * The Electron binary is not in node_modules after `npm install`: Electron >= 42 fetches it on
 * first launch. `require('electron')` would start that download, so this looks for the file
 * the way the electron package does (its path.txt) without running the package.
 * Electron runs its own Node, so better-sqlite3 must be built for it first
 * (`npx electron-builder install-app-deps`; `npm rebuild better-sqlite3` returns it to Node).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { bundleElectron, ROOT } from '../build/bundle.js';
import { startHost } from './host/host.js';

const RENDERER_DIR = join(ROOT, 'dist', 'renderer');

function electronBinary(): string | undefined {
  let dir: string;
  try {
    dir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return undefined;
  }
  const pathFile = join(dir, 'path.txt');
  const name = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : undefined;
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const exe = override ? join(override, name ?? 'electron') : name ? join(dir, 'dist', name) : undefined;
  return exe && existsSync(exe) ? exe : undefined;
}

function buildRenderer(): void {
  const configs = ['vite.config.ts', 'vite.config.mts', 'vite.config.js', 'vite.config.mjs'];
  if (!configs.some((c) => existsSync(join(ROOT, 'renderer', c)))) {
    console.log('renderer/ has no Vite config yet: skipping the interface build (only the bridge will be served)');
    return;
  }
  const run = spawnSync('npm', ['run', '-s', 'build:renderer'], {
    cwd: ROOT,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

async function runElectron(exe: string): Promise<void> {
  await bundleElectron();
  // --demo: a new embedded back office starts with the demo shop, as in browser mode.
  const child = spawn(exe, [join(ROOT, 'dist', 'electron', 'main.cjs'), '--demo'], { cwd: ROOT, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 1));
}

async function runBrowserMode(): Promise<void> {
  const { createCore } = await import('./core/core.js');
  const { FileSecretStore } = await import('./core/secrets/file-secret-store.js');
  const { deskLog } = await import('./core/logs/desk-logger.js');
  const dataDir = resolve(ROOT, process.env.CASHDESK_DATA_DIR ?? '.data');
  const port = Number(process.env.CASHDESK_PORT ?? 0);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`CASHDESK_PORT must be a port number, not ${process.env.CASHDESK_PORT}`);
  const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };

  // Whatever this process creates from now on (the data folder, SQLite's -wal and -shm files, logs)
  // is its user's alone; the core sets the data folder's modes itself too (shared-node/fs/private-files.ts).
  process.umask(0o077);
  const log = deskLog(dataDir, { stderr: true });
  const core = await createCore({
    dataDir,
    secrets: new FileSecretStore(join(dataDir, 'api-key')),
    appVersion: version,
    runtime: `Node ${process.versions.node} (browser mode)`,
    // Used only by the embedded service, which runs only when no remote service is configured.
    demo: true,
    // The desk's faults, a card payment's steps and the interface's screen errors: files in the data folder, and stderr.
    logger: log.logger,
    logFiles: log.files,
  });
  const host = await startHost({ api: core.api, port, ...(existsSync(RENDERER_DIR) ? { staticDir: RENDERER_DIR } : {}) });
  console.log(`Cashdesk in browser mode (data in ${dataDir}). Open:\n  ${host.url}`);

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    // The core's close lets a write being sent finish, as the desktop app's quit does.
    host
      .close()
      .then(() => core.close())
      .then(
        () => process.exit(0),
        (err: unknown) => {
          console.error('closing failed:', err);
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

buildRenderer();
const exe = process.argv.includes('--browser') ? undefined : electronBinary();
if (exe) {
  await runElectron(exe);
} else {
  if (!process.argv.includes('--browser'))
    console.log(
      'The Electron binary is not available (Electron fetches it on first launch and this machine cannot download it): starting browser mode.',
    );
  await runBrowserMode();
}
