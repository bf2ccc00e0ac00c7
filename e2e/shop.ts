/**
 * A whole cash desk for one end-to-end test: the real core (outbox, cache) on its own data
 * folder, the real RPC service on a real SQLite file with the demo shop, and the browser host
 * serving the built interface. `remote` runs the service separately so a test can stop and
 * start it (the till going offline and coming back).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { type Core, createCore } from '../electron/core/core.js';
import { deskLog } from '../electron/core/logs/desk-logger.js';
import { FileSecretStore } from '../electron/core/secrets/file-secret-store.js';
import { startHost } from '../electron/host/host.js';
import { type RunningService, startService } from '../server/service.js';
import { freePort } from '../server/testing/processes.js';
import type { CashdeskApi } from '../shared/bridge/api.js';
import { silentLogger } from '../shared-node/log/logger.js';

export const RENDERER_DIR = join(import.meta.dirname, '..', 'dist', 'renderer');

export interface Shop {
  /** The address the cashier opens (carries the host's token). */
  readonly url: string;
  readonly dataDir: string;
  readonly core: Core;
  readonly api: CashdeskApi;
  /** The back office's SQLite file, for checking what really happened. */
  readonly backofficeFile: string;
  /** Reads the back office directly (read-only), for assertions. */
  query<T = Record<string, unknown>>(sql: string, ...params: unknown[]): T[];
  /** Remote mode only: a new key of the same shop, as a manager issues one to replace a revoked key. */
  newKey(name: string): string;
  /** Remote mode only: stop and start the service (same file, same port). */
  stopService(): Promise<void>;
  startService(): Promise<void>;
  /** Stops the browser host, as when the cash desk stops; `restartHost` then serves again, on the same port with a new token. */
  stopHost(): Promise<void>;
  restartHost(): Promise<string>;
  close(): Promise<void>;
}

export async function startShop(opts: { mode?: 'embedded' | 'remote' } = {}): Promise<Shop> {
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-shop-'));
  const secrets = new FileSecretStore(join(dataDir, 'api-key'));
  let service: RunningService | undefined;
  let backofficeFile = join(dataDir, 'backoffice.sqlite');
  let port = 0;
  let key = '';

  if (opts.mode === 'remote') {
    backofficeFile = join(dataDir, 'remote-backoffice.sqlite');
    port = await freePort();
    service = await startService({ dbFile: backofficeFile, port, demo: true, logger: silentLogger, simulatorIntervalMs: 1000 });
    key = service.keys.create('till-1', 'all').key;
    await secrets.set(key);
    writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ serviceUrl: service.url, till: { kasm: 1, akas: 'KAS1' } }));
  }

  // As browser mode keeps it: the desk's log in files of the data folder (F10's "save logs" reads them).
  const log = deskLog(dataDir, { stderr: false });
  const core = await createCore({
    dataDir,
    secrets,
    appVersion: 'e2e',
    runtime: `Node ${process.versions.node}`,
    demo: true,
    logger: log.logger,
    logFiles: log.files,
  });
  let host = await startHost({ api: core.api, staticDir: RENDERER_DIR });
  const hostPort = Number(new URL(host.url).port);
  let hostRunning = true;

  return {
    url: host.url,
    dataDir,
    core,
    api: core.api,
    backofficeFile,
    query<T>(sql: string, ...params: unknown[]) {
      const db = new Database(backofficeFile, { readonly: true, fileMustExist: true });
      try {
        return db.prepare(sql).all(...params) as T[];
      } finally {
        db.close();
      }
    },
    newKey(name) {
      if (!service) throw new Error('newKey needs a shop started with mode: remote, its service running');
      return service.keys.create(name, 'all').key;
    },
    async stopService() {
      if (!service) throw new Error('stopService needs a shop started with mode: remote');
      await service.close();
      service = undefined;
    },
    async startService() {
      if (opts.mode !== 'remote') throw new Error('startService needs a shop started with mode: remote');
      service = await startService({ dbFile: backofficeFile, port, demo: true, logger: silentLogger, simulatorIntervalMs: 1000 });
    },
    async stopHost() {
      if (hostRunning) await host.close();
      hostRunning = false;
    },
    async restartHost() {
      if (hostRunning) await host.close();
      host = await startHost({ api: core.api, staticDir: RENDERER_DIR, port: hostPort });
      hostRunning = true;
      return host.url;
    },
    async close() {
      if (hostRunning) await host.close();
      await core.close();
      await service?.close();
    },
  };
}
