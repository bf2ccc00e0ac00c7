// The first step alone, with a key store and a rate limiter doubled: which header is a key, and
// that a known key over its limit is refused with the seconds to wait, and nothing is asked of the
// limiter before the key is known.
import { describe, expect, it } from 'vitest';
import type { ApiKey, KeyStore } from '../auth/keys.js';
import { admitter } from './admit.js';
import { RpcError } from './rpc-error.js';
import type { RequestFacts } from './types.js';

const KEY: ApiKey = { id: 'k1', name: 'till-1', scopes: 'all', client: '' };
const keys = { verify: (secret: string) => (secret === 'good' ? KEY : null) } as unknown as KeyStore;

function refusal(f: () => unknown): RpcError {
  try {
    f();
  } catch (err) {
    if (err instanceof RpcError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('admit', () => {
  it('takes a known bearer key, whatever the scheme case, and notes its name for the log', () => {
    const facts: RequestFacts = {};
    expect(admitter(keys, undefined)('bearer  good ', facts)).toBe(KEY);
    expect(facts.key).toBe('till-1');
  });

  it('refuses a missing or malformed header, and an unknown key, as UNAUTHORIZED with a challenge', () => {
    const admit = admitter(keys, undefined);
    for (const header of [undefined, '', 'Basic good', 'Bearer', 'Bearer a b']) {
      const e = refusal(() => admit(header, {}));
      expect(e.code).toBe('UNAUTHORIZED');
      expect(e.headers['WWW-Authenticate']).toBe('Bearer realm="retail-rpc"');
    }
    const unknown = refusal(() => admit('Bearer bad', {}));
    expect(unknown.code).toBe('UNAUTHORIZED');
    expect(unknown.headers['WWW-Authenticate']).toContain('error="invalid_token"');
  });

  it('asks the rate limit by the key id, after the key, and refuses with Retry-After', () => {
    const asked: string[] = [];
    const limiter = {
      take(id: string) {
        asked.push(id);
        return asked.length > 1 ? 7 : 0;
      },
    };
    const admit = admitter(keys, limiter);
    refusal(() => admit('Bearer bad', {}));
    expect(asked).toEqual([]);
    expect(admit('Bearer good', {})).toBe(KEY);
    const e = refusal(() => admit('Bearer good', {}));
    expect(e.code).toBe('RATE_LIMITED');
    expect(e.headers['Retry-After']).toBe('7');
    expect(asked).toEqual(['k1', 'k1']);
  });
});
