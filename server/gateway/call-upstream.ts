/**
 * One call to a back office. An in-process (transactional) one runs synchronously, so no timer
 * could interrupt it; a remote one is given up after the gateway's timeout, its signal aborted.
 */
import type { OperationSpec } from '../../shared/contract/index.js';
import type { ApiKey } from '../auth/keys.js';
import { type CommitHook, type Upstream, UpstreamError } from '../upstream/upstream.js';
import type { People } from './types.js';

const neverAborted = new AbortController().signal;

export interface UpstreamCall {
  readonly op: OperationSpec;
  readonly params: Record<string, unknown>;
  readonly key: ApiKey;
  readonly requestId: string;
  readonly people: People;
}

export async function callUpstream(upstream: Upstream, c: UpstreamCall, timeoutMs: number, commit?: CommitHook) {
  const ctx = { requestId: c.requestId, user: c.key.name, ...c.people };
  if (upstream.transactional) return upstream.call({ op: c.op, params: c.params, ctx: { ...ctx, signal: neverAborted } }, commit);
  const ac = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      ac.abort();
      reject(new UpstreamError(`the back office did not answer in ${timeoutMs} ms`, true));
    }, timeoutMs);
  });
  try {
    return await Promise.race([
      upstream.call({ op: c.op, params: c.params, ctx: { ...ctx, signal: ac.signal } }, commit),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
