import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RpcResult } from '../../../shared/contract/index.js';
import { openDatabase } from '../../../shared-node/sqlite/open.js';
import { ReadCache } from './read-cache.js';

const card = (name: string): RpcResult => ({
  upstream: { name: 'test', version: '0.4.0', resource: 'goods' },
  status: { code: 'OK', operation: 'card_open' },
  rows: [{ tag: 'MAIN', code: '4820000000017', name }],
});
const at = (s: number) => new Date(Date.UTC(2026, 2, 1, 9, 0, s));

describe('ReadCache', () => {
  it('gives back the last result of a read with the time it was fetched', () => {
    const cache = new ReadCache(openDatabase(':memory:'));
    expect(cache.get('goods.card_open', { code: '1' })).toBeUndefined();
    cache.put('goods.card_open', { code: '1' }, card('Milk'), at(0));
    cache.put('goods.card_open', { code: '1' }, card('Milk 2.5%'), at(5));
    expect(cache.get('goods.card_open', { code: '1' })).toEqual({
      result: card('Milk 2.5%'),
      fetchedAt: '2026-03-01T09:00:05.000Z',
    });
  });

  it('does not care about member order or defaults written out', () => {
    const cache = new ReadCache(openDatabase(':memory:'));
    cache.put('pos.overdue_debts', { only_user: true, max_date: '2026-01-01' }, card('debts'), at(0));
    expect(cache.get('pos.overdue_debts', { max_date: '2026-01-01', only_user: true })?.result).toEqual(card('debts'));
    cache.put('goods.card_open', { code: '7' }, card('Bread'), at(0));
    expect(cache.get('goods.card_open', { sk: 0, code: '7' })?.result).toEqual(card('Bread'));
  });

  it('keeps different params and different methods apart', () => {
    const cache = new ReadCache(openDatabase(':memory:'));
    cache.put('goods.card_open', { code: '1' }, card('Milk'), at(0));
    expect(cache.get('goods.card_open', { code: '2' })).toBeUndefined();
    expect(cache.get('goods.card_open', { code: '1', sk: 1 })).toBeUndefined();
    expect(cache.get('goods.fifo_rows', { code: '1' })).toBeUndefined();
  });

  it('forgets the least recently fetched entries beyond its bound', () => {
    const db = openDatabase(':memory:');
    const cache = new ReadCache(db, 3);
    for (let i = 0; i < 5; i++) cache.put('goods.card_open', { code: String(i) }, card(`g${i}`), at(i));
    // Fetching 2 again makes it recent; 0, 1 and then 3 are the oldest.
    cache.put('goods.card_open', { code: '2' }, card('g2'), at(10));
    cache.put('goods.card_open', { code: '5' }, card('g5'), at(11));
    const kept = ['0', '1', '2', '3', '4', '5'].filter((code) => cache.get('goods.card_open', { code }));
    expect(kept).toEqual(['2', '4', '5']);
    expect(db.prepare('SELECT count(*) FROM read_cache').pluck().get()).toBe(3);
  });

  it('keeps its entries and its bound across a reopen', () => {
    const dir = mkdtempSync(join(tmpdir(), 'read-cache-'));
    try {
      const file = join(dir, 'cache.sqlite');
      const first = openDatabase(file);
      const before = new ReadCache(first, 2);
      before.put('goods.card_open', { code: '1' }, card('Milk'), at(0));
      before.put('goods.card_open', { code: '2' }, card('Bread'), at(1));
      first.close();
      const db = openDatabase(file);
      const after = new ReadCache(db, 2);
      expect(after.get('goods.card_open', { code: '1' })?.result).toEqual(card('Milk'));
      after.put('goods.card_open', { code: '3' }, card('Salt'), at(2));
      expect(after.get('goods.card_open', { code: '1' })).toBeUndefined();
      expect(db.prepare('SELECT count(*) FROM read_cache').pluck().get()).toBe(2);
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers false, not a fault, for an answer the full disk cannot take, and keeps serving what it has', () => {
    const dir = mkdtempSync(join(tmpdir(), 'read-cache-'));
    try {
      const db = openDatabase(join(dir, 'cache.sqlite'));
      const cache = new ReadCache(db);
      expect(cache.put('goods.card_open', { code: '1' }, card('Milk'), at(0))).toBe(true);
      // The file may not grow from here, as on a full disk (SQLITE_FULL).
      db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true })}`);
      const big = card('x'.repeat(8000));
      expect(cache.put('goods.card_open', { code: '2' }, big, at(1))).toBe(false);
      expect(cache.get('goods.card_open', { code: '1' })?.result).toEqual(card('Milk'));
      expect(cache.get('goods.card_open', { code: '2' })).toBeUndefined();
      db.pragma('max_page_count = 1073741823');
      expect(cache.put('goods.card_open', { code: '2' }, big, at(2))).toBe(true);
      expect(cache.get('goods.card_open', { code: '2' })?.result).toEqual(big);
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
