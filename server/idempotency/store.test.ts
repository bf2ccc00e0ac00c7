import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../shared-node/canonical-json.js';
import { migrate } from '../../shared-node/sqlite/migrate.js';
import { openDatabase } from '../../shared-node/sqlite/open.js';
import { gatewayMigrations } from '../gateway/schema.js';
import { fingerprint, isValidIdempotencyKey } from './fingerprint.js';
import { IdempotencyStore } from './store.js';

describe('fingerprints', () => {
  it('do not depend on member order, at any depth', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: null } })).toBe('{"a":{"c":null,"d":[1,{"x":1,"y":2}]},"b":1}');
    expect(fingerprint('m', { a: 1, b: 2 })).toBe(fingerprint('m', { b: 2, a: 1 }));
    expect(fingerprint('m', { a: 1 })).not.toBe(fingerprint('n', { a: 1 }));
    expect(fingerprint('m', [1, 2])).not.toBe(fingerprint('m', [2, 1]));
  });

  it('accept keys of 1 to 255 printable ASCII characters only', () => {
    expect(isValidIdempotencyKey('a')).toBe(true);
    expect(isValidIdempotencyKey('~'.repeat(255))).toBe(true);
    expect(isValidIdempotencyKey('')).toBe(false);
    expect(isValidIdempotencyKey('a'.repeat(256))).toBe(false);
    expect(isValidIdempotencyKey('with space')).toBe(false);
    expect(isValidIdempotencyKey('ключ')).toBe(false);
  });
});

describe('the idempotency store', () => {
  it('keeps records for the retention time and then purges them', () => {
    const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'idem-')), 'x.sqlite'));
    migrate(db, gatewayMigrations);
    let now = 1_000_000;
    const store = new IdempotencyStore(db, 7 * 86400_000, () => now);
    const result = {
      upstream: { name: 'u', version: '1', resource: 'pos' },
      status: { code: 'OK' as const, operation: 'x' },
      rows: [],
    };
    store.saveDone('k1', 'a', 'fp', 'pos.x', result);
    now += 6 * 86400_000;
    expect(store.purgeExpired()).toBe(0);
    expect(store.get('k1', 'a')?.result).toEqual(result);
    now += 2 * 86400_000;
    expect(store.purgeExpired()).toBe(1);
    expect(store.get('k1', 'a')).toBeUndefined();
    db.close();
  });
});
