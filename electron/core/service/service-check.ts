/**
 * Whether an address and a key work together, asked with service.ping before anything is saved.
 * A key is only ever sent to the address it came with: the caller passes the pair, never "the
 * stored key" for a new address.
 */

import type { ConnectionTest } from '../../../shared/bridge/api.js';
import { op } from '../../../shared/contract/op.js';
import { RpcClient } from '../rpc/client.js';

export async function checkService(baseUrl: string, key: string | undefined): Promise<ConnectionTest> {
  const client = new RpcClient({ baseUrl: () => baseUrl, apiKey: () => key });
  const t0 = performance.now();
  const outcome = await client.call(op.service.ping, {});
  if (outcome.kind === 'ok') {
    const { name, version } = outcome.result.upstream;
    return { ok: true, latencyMs: Math.round(performance.now() - t0), error: null, upstream: { name, version } };
  }
  return { ok: false, latencyMs: null, error: outcome.error, upstream: null };
}
