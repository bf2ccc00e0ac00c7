import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { idleCheckpoint } from './idle-checkpoint.js';
import { type Db, openDatabase } from './open.js';

let dir: string;
let db: Db;
beforeEach(() => {
  vi.useFakeTimers();
  dir = mkdtempSync(join(tmpdir(), 'idle-cp-'));
  db = openDatabase(join(dir, 'shop.sqlite'));
  // No autocheckpoint: what keeps the WAL short here is the idle checkpoint alone.
  db.pragma('wal_autocheckpoint = 0');
  db.exec('CREATE TABLE sales (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
});
afterEach(() => {
  vi.useRealTimers();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const insert = () => db.prepare('INSERT INTO sales (body) VALUES (?)').run('x'.repeat(20_000));
const walBytes = () => statSync(join(dir, 'shop.sqlite-wal')).size;

describe('idle checkpoint', () => {
  it('keeps the WAL one burst long when writes come a pause apart', () => {
    const cp = idleCheckpoint(db, 20);
    insert();
    cp.wrote();
    vi.advanceTimersByTime(25);
    const afterOne = walBytes();
    for (let i = 0; i < 30; i++) {
      insert();
      cp.wrote();
      vi.advanceTimersByTime(25);
    }
    // A checkpoint that copied everything lets the next write start the WAL over: it never grows.
    expect(walBytes()).toBe(afterOne);
    cp.stop();
  });

  it('waits for the pause: writes closer together than quietMs are not checkpointed between them', () => {
    const cp = idleCheckpoint(db, 20);
    const start = walBytes();
    for (let i = 0; i < 30; i++) {
      insert();
      cp.wrote();
      vi.advanceTimersByTime(5);
    }
    expect(walBytes()).toBeGreaterThan(start + 30 * 20_000);
    // Then the pause comes, and one checkpoint copies the burst.
    vi.advanceTimersByTime(20);
    const copiedAlready = walBytes();
    insert();
    expect(walBytes()).toBe(copiedAlready);
    cp.stop();
  });

  it('does nothing after stop, nor on a closed database', () => {
    const cp = idleCheckpoint(db, 20);
    insert();
    cp.wrote();
    const before = walBytes();
    cp.stop();
    vi.advanceTimersByTime(100);
    insert();
    // Not checkpointed, so the WAL was not started over: the second write was appended.
    expect(walBytes()).toBeGreaterThan(before);
    const other = openDatabase(join(dir, 'other.sqlite'));
    const errors: unknown[] = [];
    const late = idleCheckpoint(other, 20, (e) => errors.push(e));
    late.wrote();
    other.close();
    vi.advanceTimersByTime(100);
    expect(errors).toEqual([]);
  });
});
