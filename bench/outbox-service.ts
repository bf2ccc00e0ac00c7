/**
 * The service of `npm run bench:outbox`, in a process of its own so the drainer's concurrency can
 * overlap the desk's work with the service's, as with a remote back office or the till's embedded
 * service on its own thread. The demo shop on a small catalogue (its fiscal-server simulator runs,
 * as in the till), request logs off. Prints one JSON line: url, key and the products to sell; ends
 * on SIGTERM.
 */

import { startService } from '../server/service.js';
import { demoProducts } from '../server/testing/demo-sales.js';
import { silentLogger } from '../shared-node/log/logger.js';

const dbFile = process.argv[2];
if (!dbFile) throw new Error('usage: outbox-service.ts DB_FILE');
const service = await startService({ dbFile, port: 0, rateLimit: false, logger: silentLogger, demo: { goods: 500 } });
const { key } = service.keys.create('bench', 'all');
process.stdout.write(`${JSON.stringify({ url: service.url, key, products: demoProducts(service.db, 4) })}\n`);
process.once('SIGTERM', () => {
  void service.close().then(() => process.exit(0));
});
