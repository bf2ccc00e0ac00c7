/**
 * The RPC service run inside the app when no remote one is configured: the back office on a
 * local SQLite file, on a loopback port, with a key of its own kept in the key ring's embedded slot.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { KeyStore } from '../../server/auth/keys.js';
import { type RunningService, startService } from '../../server/service.js';
import { privateFile } from '../../shared-node/fs/private-files.js';
import { type Logger, silentLogger } from '../../shared-node/log/logger.js';
import { EMBEDDED, type KeyRing } from './secrets/key-ring.js';

export interface EmbeddedService {
  readonly service: RunningService;
  readonly url: string;
}

const backOfficeFile = (dataDir: string) => join(dataDir, 'backoffice.sqlite');

/** Whether the back office in this data folder issued the key: then it is the embedded service's own. */
export function isEmbeddedServiceKey(dataDir: string, key: string): boolean {
  if (!existsSync(backOfficeFile(dataDir))) return false;
  let db: Database.Database | undefined;
  try {
    db = new Database(backOfficeFile(dataDir), { readonly: true, fileMustExist: true });
    return new KeyStore(db).verify(key) !== undefined;
  } catch {
    // No key table yet, or a file that is no back office: not its key.
    return false;
  } finally {
    db?.close();
  }
}

export async function startEmbeddedService(opts: {
  dataDir: string;
  keys: KeyRing;
  demo: boolean;
  logger?: Logger;
}): Promise<EmbeddedService> {
  const service = await startService({
    // Created 0600 first: SQLite gives its -wal and -shm the database file's mode.
    dbFile: privateFile(backOfficeFile(opts.dataDir)),
    host: '127.0.0.1',
    port: 0,
    demo: opts.demo,
    logger: opts.logger ?? silentLogger,
  });
  const stored = opts.keys.get(EMBEDDED);
  if (!stored || !service.keys.verify(stored)) {
    // A fresh install, or a back office file replaced: mint a key for this till's own service.
    const { key } = service.keys.create(`embedded-${Date.now().toString(36)}`, 'all');
    await opts.keys.set(EMBEDDED, key);
  }
  return { service, url: service.url };
}
