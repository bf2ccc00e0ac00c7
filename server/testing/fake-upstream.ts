/**
 * A test double for the far side of the upstream port, for gateway tests: it answers what the
 * test says and counts what reached it.
 */
import type { CommitHook, RawResult, Upstream, UpstreamCall } from '../upstream/upstream.js';

export interface FakeUpstream extends Upstream {
  readonly calls: UpstreamCall[];
  countOf(method: string): number;
}

export function fakeUpstream(
  respond: (call: UpstreamCall) => RawResult | Promise<RawResult>,
  opts: { transactional?: boolean } = {},
): FakeUpstream {
  const calls: UpstreamCall[] = [];
  return {
    name: 'fake-backoffice',
    version: '0.4.0',
    transactional: opts.transactional ?? false,
    calls,
    countOf: (method) => calls.filter((c) => c.op.name === method).length,
    async call(call: UpstreamCall, commit?: CommitHook) {
      commit?.before?.();
      calls.push(call);
      const raw = await respond(call);
      commit?.commit(raw);
      return raw;
    },
    async close() {},
  };
}
