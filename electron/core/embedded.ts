/**
 * The RPC service run inside the app when no remote one is configured: the back office on a
 * local SQLite file, on a loopback port, with a key of its own kept in the SecretStore.
 */
import { join } from 'node:path';
import { type Logger, silentLogger } from '../../server/log/logger.js';
import { type RunningService, startService } from '../../server/service.js';
import type { SecretStore } from './secrets/secret-store.js';

export interface EmbeddedService {
  readonly service: RunningService;
  readonly url: string;
}

export async function startEmbeddedService(opts: {
  dataDir: string;
  secrets: SecretStore;
  demo: boolean;
  logger?: Logger;
}): Promise<EmbeddedService> {
  const service = await startService({
    dbFile: join(opts.dataDir, 'backoffice.sqlite'),
    host: '127.0.0.1',
    port: 0,
    demo: opts.demo,
    logger: opts.logger ?? silentLogger,
  });
  const stored = await opts.secrets.get();
  if (!stored || !service.keys.verify(stored)) {
    // A fresh install, or a key meant for a remote service: mint one for this till's own service.
    const { key } = service.keys.create(`embedded-${Date.now().toString(36)}`, 'all');
    await opts.secrets.set(key);
  }
  return { service, url: service.url };
}
