/**
 * The RPC service run inside the app when no remote one is configured: the back office on a
 * local SQLite file, on a loopback port, with a key of its own kept in the key ring's embedded slot.
 */
import { join } from 'node:path';
import { type Logger, silentLogger } from '../../server/log/logger.js';
import { type RunningService, startService } from '../../server/service.js';
import { EMBEDDED, type KeyRing } from './secrets/key-ring.js';

export interface EmbeddedService {
  readonly service: RunningService;
  readonly url: string;
}

export async function startEmbeddedService(opts: {
  dataDir: string;
  keys: KeyRing;
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
  const stored = opts.keys.get(EMBEDDED);
  if (!stored || !service.keys.verify(stored)) {
    // A fresh install, or a back office file replaced: mint a key for this till's own service.
    const { key } = service.keys.create(`embedded-${Date.now().toString(36)}`, 'all');
    await opts.keys.set(EMBEDDED, key);
  }
  return { service, url: service.url };
}
