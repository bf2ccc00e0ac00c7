/**
 * The desk's tables derived from the registry are the tables the desk wrote by hand before
 * (the CACHED_READS and DRAFT_WRITES electron/core kept, the outbox's free params), so the
 * hand-written copies can go.
 */
import { describe, expect, it } from 'vitest';
import { CACHED_READS, DRAFT_WRITES, freeOfOrder, isCachedRead, isDraftWrite, secretParam } from './desk-rules.js';
import { OPERATIONS } from './registry.js';

/** core.ts's tables as they were written by hand. */
const HAND_CACHED_READS = new Set<string>([
  'pos.find_code',
  'goods.card_main',
  'goods.card_open',
  'pos.is_etax',
  'pos.checkout_uktzed_rows',
  'checks.discount_debt',
  'pos.debt_open_rows',
]);
const HAND_DRAFT_WRITES = /^pos\.(checkout_apply_sale_line|checkout_store_mixed_payment|excise_|prro_)/;

describe('desk rules derived from the registry', () => {
  it('caches offline exactly the reads core.ts listed', () => {
    expect([...CACHED_READS].sort()).toEqual([...HAND_CACHED_READS].sort());
    for (const op of OPERATIONS) expect(isCachedRead(op.name), op.name).toBe(HAND_CACHED_READS.has(op.name));
  });

  it('takes as drafts exactly the writes core.ts matched', () => {
    const writes = OPERATIONS.filter((op) => op.kind === 'write');
    expect([...DRAFT_WRITES].sort()).toEqual(
      writes
        .map((op) => op.name)
        .filter((n) => HAND_DRAFT_WRITES.test(n))
        .sort(),
    );
    for (const op of writes) expect(isDraftWrite(op.name), op.name).toBe(HAND_DRAFT_WRITES.test(op.name));
  });

  it('leaves free of order only the three steps of a plain sale, with params of their contract', () => {
    const free = OPERATIONS.filter((op) => freeOfOrder(op.name));
    expect(free.map((op) => op.name).sort()).toEqual([
      'pos.checkout_apply_sale_line',
      'pos.checkout_close_sale',
      'pos.checkout_store_mixed_payment',
    ]);
    for (const op of free) {
      const rules = freeOfOrder(op.name);
      for (const name of [...(rules?.params ?? []), ...Object.keys(rules?.lists ?? {})])
        expect(Object.keys(op.params), `${op.name}.${name}`).toContain(name);
    }
  });

  it('says which param carries a secret', () => {
    expect(secretParam('pos.cashier_sign_in')).toBe('pin');
    expect(secretParam('settings.prro_key_load')).toBe('password');
    expect(secretParam('pos.find_code')).toBeUndefined();
  });
});
