import { expect, it } from 'vitest';
import type { Level } from '../../shared-node/log/logger.js';
import { StorageHealth } from './storage-health.js';

it('says a store failing once however often it fails, and once when it writes again', () => {
  const lines: Array<[Level, string, Record<string, unknown> | undefined]> = [];
  let now = Date.parse('2026-03-01T09:00:00.000Z');
  const health = new StorageHealth({ log: (level, msg, fields) => lines.push([level, msg, fields]) }, () => now);
  expect(health.since()).toBeNull();
  const full = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
  health.failed('outbox', full);
  now += 5000;
  health.failed('outbox', full);
  health.failed('cache', full);
  expect(health.since()).toBe('2026-03-01T09:00:00.000Z');
  health.wrote('outbox');
  health.wrote('outbox');
  expect(health.since()).toBe('2026-03-01T09:00:05.000Z');
  health.wrote('cache');
  expect(health.since()).toBeNull();
  expect(lines.map(([level, msg, fields]) => [level, msg, fields?.store])).toEqual([
    ['error', 'the disk refuses to store', 'outbox'],
    ['error', 'the disk refuses to store', 'cache'],
    ['info', 'the disk stores again', 'outbox'],
    ['info', 'the disk stores again', 'cache'],
  ]);
  expect(lines[0]?.[2]?.error).toBe('SQLITE_FULL: database or disk is full');
});
