import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../shared-node/canonical-json.js';
import { gatewayMigrations } from '../gateway/schema.js';
import { migrateBackOfficeDb, openBackOfficeDb } from '../testing/back-office-db.js';
import { fingerprint, isValidIdempotencyKey, sameRequest } from './fingerprint.js';
import { IdempotencyStore } from './store.js';

describe('fingerprints', () => {
  it('do not depend on member order, at any depth', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: null } })).toBe('{"a":{"c":null,"d":[1,{"x":1,"y":2}]},"b":1}');
    expect(fingerprint('m', { a: 1, b: 2 }, {})).toBe(fingerprint('m', { b: 2, a: 1 }, {}));
    expect(fingerprint('m', { a: 1 }, {})).not.toBe(fingerprint('n', { a: 1 }, {}));
    expect(fingerprint('m', [1, 2], {})).not.toBe(fingerprint('m', [2, 1], {}));
    expect(fingerprint('m', {}, { cashier: 3 })).not.toBe(fingerprint('m', {}, { cashier: 4 }));
    expect(fingerprint('m', {}, { cashier: 3 })).not.toBe(fingerprint('m', {}, {}));
  });

  it('leave out a PIN and a key password, at any depth: a kept fingerprint must not check a guess of them', () => {
    const signIn = (pin: string) => fingerprint('pos.cashier_sign_in', { kasm: 1, card: '1003', pin }, {});
    expect(signIn('3003')).toBe(signIn('0000'));
    expect(signIn('3003')).not.toBe(fingerprint('pos.cashier_sign_in', { kasm: 2, card: '1003', pin: '3003' }, {}));
    const load = (password: string) => fingerprint('m', { kasm: 1, container: 'AAAA', nested: [{ password }] }, {});
    expect(load('таємне')).toBe(load('інше'));
    expect(load('таємне').startsWith('v3:')).toBe(true);
  });

  it('judge a record of before by what it carried: the params whole (v2), with a PIN in', () => {
    const v2 = `v2:${createHash('sha256')
      .update('m\n')
      .update(canonicalJson({ pin: '1234' }))
      .update('\n')
      .update(canonicalJson({}))
      .digest('hex')}`;
    expect(sameRequest(v2, 'm', { pin: '1234' }, {})).toBe(true);
    expect(sameRequest(v2, 'm', { pin: '9999' }, {})).toBe(false);
  });

  it('accept keys of 1 to 255 printable ASCII characters only, space included', () => {
    expect(isValidIdempotencyKey('a')).toBe(true);
    expect(isValidIdempotencyKey('~'.repeat(255))).toBe(true);
    expect(isValidIdempotencyKey('with space')).toBe(true);
    expect(isValidIdempotencyKey(' ')).toBe(true);
    expect(isValidIdempotencyKey('')).toBe(false);
    expect(isValidIdempotencyKey('a'.repeat(256))).toBe(false);
    expect(isValidIdempotencyKey('tab\there')).toBe(false);
    expect(isValidIdempotencyKey('del\x7f')).toBe(false);
    expect(isValidIdempotencyKey('ключ')).toBe(false);
  });
});

describe('the idempotency store', () => {
  const result = {
    upstream: { name: 'u', version: '1', resource: 'pos' },
    status: { code: 'OK' as const, operation: 'x' },
    rows: [],
  };

  it('keeps records for the retention time and then purges them', () => {
    const { db, close } = openBackOfficeDb(gatewayMigrations, 'idem');
    let now = 1_000_000;
    const store = new IdempotencyStore(db, 7 * 86400_000, () => now);
    store.saveDone('a', 'k1', 'fp', 'pos.x', result);
    now += 6 * 86400_000;
    expect(store.purgeExpired()).toBe(0);
    expect(store.get('a', 'k1')?.result).toEqual(result);
    now += 2 * 86400_000;
    expect(store.purgeExpired()).toBe(1);
    expect(store.get('a', 'k1')).toBeUndefined();
    close();
  });

  it('finishes a record begun before the upstream was called: done with its result, its fingerprint and time kept', () => {
    const { db, close } = openBackOfficeDb(gatewayMigrations, 'idem');
    let now = 1_000_000;
    const store = new IdempotencyStore(db, 7 * 86400_000, () => now);
    store.begin('a', 'k1', 'fp-begun', 'pos.x');
    now += 86400_000;
    store.saveDone('a', 'k2', 'fp-other', 'pos.y', result);
    expect(store.get('a', 'k1')).toEqual({ fingerprint: 'fp-begun', method: 'pos.x', state: 'done', result, owner: '' });
    // Its age is the begin's: purged a week after it, not after saveDone.
    now += 6 * 86400_000 + 1;
    expect(store.purgeExpired()).toBe(1);
    close();
  });

  it('keeps records made per API key before the upgrade: each earlier answer still replays to whoever got it', () => {
    const [first, ...rest] = gatewayMigrations;
    const { db, close } = openBackOfficeDb([first as (typeof gatewayMigrations)[number]], 'idem');
    const insert = db.prepare(
      'INSERT INTO idempotency_records (key_id, idem_key, fingerprint, method, state, result, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    const result = (op: string) =>
      JSON.stringify({ upstream: { name: 'u', version: '1', resource: 'pos' }, status: { code: 'OK', operation: op }, rows: [] });
    // Two tills that used the same Idempotency-Key for different writes, and one key used once.
    insert.run('tillA', 'shared', 'fpA', 'pos.a', 'done', result('a'), 1000);
    insert.run('tillB', 'shared', 'fpB', 'pos.b', 'done', result('b'), 2000);
    insert.run('tillA', 'alone', 'fpC', 'pos.c', 'unknown', null, 3000);
    expect(migrateBackOfficeDb(db, rest)).toEqual(['0002_idempotency_per_back_office', '0003_api_key_client']);
    const store = new IdempotencyStore(db);
    expect(store.get('shared', 'tillA')).toMatchObject({ fingerprint: 'fpA', owner: '' });
    expect(store.get('shared', 'tillB')).toMatchObject({ fingerprint: 'fpB', owner: 'tillB' });
    // Any other API key sees the back office's record: the first use of the key.
    expect(store.get('shared', 'tillC')).toMatchObject({ fingerprint: 'fpA', owner: '' });
    expect(store.get('alone', 'tillC')).toMatchObject({ fingerprint: 'fpC', state: 'unknown', owner: '' });
    // An older record of one API key is updated as that key's, leaving the back office's alone.
    store.markUnknown('shared', 'tillB');
    expect(store.get('shared', 'tillB')?.state).toBe('unknown');
    expect(store.get('shared', 'tillA')?.state).toBe('done');
    close();
  });
});
