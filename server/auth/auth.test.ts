import { afterEach, describe, expect, it } from 'vitest';
import { gatewayMigrations } from '../gateway/schema.js';
import { type BackOfficeDb, openBackOfficeDb } from '../testing/back-office-db.js';
import { hasScope, KeyStore, parseScopes } from './keys.js';
import { RateLimiter } from './rate-limit.js';

const opened: BackOfficeDb[] = [];
afterEach(() => {
  for (const e of opened.splice(0)) e.close();
});

/** A key store on the test run's engine (a back office file's keys, or a schema's). */
const freshStore = () => {
  const e = openBackOfficeDb(gatewayMigrations, 'keys');
  opened.push(e);
  return { db: e.db, store: new KeyStore(e.db) };
};

describe('API keys', () => {
  it('are stored only as hashes and verify to their name and scopes', () => {
    const { db, store } = freshStore();
    const { key } = store.create('till-1', ['pos.read', 'pos.write']);
    const dump = JSON.stringify(db.prepare('SELECT * FROM api_keys').all());
    // The secret is everything after `rk_<id>_`; base64url may itself contain '_', so a split
    // would test a fragment short enough to appear in the dump by chance.
    const secret = key.slice('rk_'.length + 16 + 1);
    expect(secret).toHaveLength(43);
    expect(dump).not.toContain(secret);
    expect(store.verify(key)).toMatchObject({ name: 'till-1', scopes: ['pos.read', 'pos.write'] });
  });

  it('refuse malformed, unknown and revoked keys', () => {
    const { store } = freshStore();
    const { key } = store.create('a', 'all');
    expect(store.verify('')).toBeUndefined();
    // Another last character (a fixed one would equal it one time in 64).
    expect(store.verify(`${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`)).toBeUndefined();
    expect(store.verify(key.replace(/^rk_[0-9a-f]{16}/, 'rk_0000000000000000'))).toBeUndefined();
    expect(store.revoke('a')).toBe(true);
    expect(store.verify(key)).toBeUndefined();
    expect(store.revoke('a')).toBe(false);
  });

  it('have unique names', () => {
    const { store } = freshStore();
    store.create('a', 'all');
    expect(() => store.create('a', 'all')).toThrow(/exists already/);
    expect(() => store.create('bad name', 'all')).toThrow();
  });

  it('take scopes from a comma list or all, refusing unknown scopes', () => {
    expect(parseScopes('all')).toBe('all');
    expect(parseScopes('pos.read, finance.read')).toEqual(['pos.read', 'finance.read']);
    expect(() => parseScopes('pos.read,root')).toThrow(/unknown scope root/);
    expect(hasScope({ id: '', name: '', scopes: 'all', client: '' }, 'finance.write')).toBe(true);
    expect(hasScope({ id: '', name: '', scopes: ['pos.read'], client: '' }, 'pos.write')).toBe(false);
  });
});

describe('the rate limiter', () => {
  it('allows the burst, then the steady rate, per key', () => {
    let now = 0;
    const rl = new RateLimiter({ perSecond: 2, burst: 2 }, () => now);
    expect([rl.take('a'), rl.take('a'), rl.take('a')]).toEqual([0, 0, 1]);
    expect(rl.take('b')).toBe(0);
    now += 500;
    expect(rl.take('a')).toBe(0);
    expect(rl.take('a')).toBeGreaterThan(0);
  });
});
