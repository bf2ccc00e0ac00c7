/**
 * The desk of the crash test, a process of its own so the test can SIGKILL it at any instant.
 *
 *   ring-sales.ts --data DIR --start N --products JSON [--wait-ms MS]
 *     rings up sales crash-N, crash-N+1, ... one after another until it is killed: each ONE
 *     pos.checkout_close_sale write through the core, and once the write returned done or
 *     queued (the cashier was told "saved") it prints `ACK <ndoc> <status>`.
 *   ring-sales.ts --data DIR --drain
 *     sends what is left and prints `DRAINED <json>` with anything set aside and what is left
 *     unsent (behind a set-aside item, or stuck), then exits.
 *
 * DIR holds settings.json (the service URL) and the key file, which the test prepared.
 */

import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { cashSale, type Product } from '../../../server/testing/demo-sales.js';
import type { CashdeskApi, QueueItem } from '../../../shared/bridge/api.js';
import { op } from '../../../shared/contract/op.js';
import { createCore } from '../core.js';
import { FileSecretStore } from '../secrets/file-secret-store.js';

/** A reconcile item is sent again under its key this many times: the service's stored answer decides. */
const RECONCILE_RETRIES = 3;
/** The drain gives up when its queue has not moved for this long. */
const STUCK_MS = 30_000;

const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    start: { type: 'string', default: '0' },
    products: { type: 'string', default: '[]' },
    'wait-ms': { type: 'string', default: '250' },
    drain: { type: 'boolean', default: false },
  },
  strict: true,
});
if (!values.data) throw new Error('--data is required');
const dataDir = values.data;

// Synchronous on a pipe: once this returns, the line survives a SIGKILL of this process.
const say = (line: string) => process.stdout.write(`${line}\n`);

const core = await createCore({
  dataDir,
  secrets: new FileSecretStore(join(dataDir, 'api-key')),
  appVersion: 'crash-test',
  runtime: `Node ${process.versions.node}`,
});
say('READY');

if (values.drain) {
  const report = await drain(core.api);
  say(`DRAINED ${JSON.stringify(report)}`);
  await core.close();
  process.exit(0);
} else {
  await ring(core.api, Number(values.start), JSON.parse(values.products) as Product[], Number(values['wait-ms']));
}

async function ring(api: CashdeskApi, start: number, products: readonly Product[], waitMs: number): Promise<never> {
  if (products.length === 0) throw new Error('--products lists no product');
  for (let n = start; ; n++) {
    const ndoc = `crash-${n}`;
    const outcome = await api.write(op.pos.checkoutCloseSale, cashSale(ndoc, products[n % products.length]!), { waitMs });
    if (outcome.status === 'done' || outcome.status === 'queued') say(`ACK ${ndoc} ${outcome.status}`);
    else say(`SETASIDE ${ndoc} ${outcome.status} ${JSON.stringify(outcome.error)}`);
  }
}

async function drain(api: CashdeskApi) {
  const retries = new Map<number, number>();
  let left = -1;
  let progressAt = Date.now();
  for (;;) {
    for (const item of await api.queueList({ states: ['reconcile'] })) {
      const n = retries.get(item.id) ?? 0;
      if (n >= RECONCILE_RETRIES) continue;
      retries.set(item.id, n + 1);
      await api.queueRetry(item.id);
    }
    // Done when nothing is left that could still be sent: what waits behind a refused item never will be.
    const pending = await api.queueList({ states: ['queued', 'sending'], limit: 1_000_000 });
    if (pending.every((i) => i.waitingFor !== null)) break;
    // A queue that stops moving is the failure to report, rather than a test that times out.
    if (pending.length !== left) [left, progressAt] = [pending.length, Date.now()];
    else if (Date.now() - progressAt > STUCK_MS) break;
    // A kick, as the settings screen gives one: the test need not wait out a backoff grown during outages.
    await api.settingsUpdate({});
    await new Promise((done) => setTimeout(done, 200));
  }
  const brief = (i: QueueItem) => ({ id: i.id, summary: i.summary, error: i.lastError });
  return {
    refused: (await api.queueList({ states: ['refused'] })).map(brief),
    reconcile: (await api.queueList({ states: ['reconcile'] })).map(brief),
    reconcileRetried: retries.size,
    left: (await api.queueList({ states: ['queued', 'sending'], limit: 1_000_000 })).length,
  };
}
