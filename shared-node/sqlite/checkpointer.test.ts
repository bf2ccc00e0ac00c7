import { mkdtempSync, statSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startCheckpointer } from './checkpointer.js';
import { type Db, openDatabase } from './open.js';

const opened: Db[] = [];
function fresh(): Db {
  const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'ckpt-')), 'shop.sqlite'));
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)');
  db.pragma('wal_checkpoint(TRUNCATE)');
  opened.push(db);
  return db;
}
afterEach(() => {
  for (const db of opened.splice(0)) if (db.open) db.close();
});

/** 200 commits of ~1 KB each: about 50 pages, far below the writer's own threshold. */
function write(db: Db): void {
  const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
  for (let i = 0; i < 200; i++) insert.run('x'.repeat(1000));
}

const fileSize = (db: Db) => statSync(db.name).size;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the WAL checkpointer', () => {
  it('folds committed pages into the database file on its own thread, while the writer only appends', async () => {
    const db = fresh();
    const cp = startCheckpointer(db);
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(10_000);
    const before = fileSize(db);
    write(db);
    // The writer did not checkpoint (50 pages < 10,000): only the worker can make the file grow.
    for (let i = 0; i < 100 && fileSize(db) === before; i++) await sleep(50);
    expect(fileSize(db)).toBeGreaterThan(before + 150_000);
    await cp.stop();
    expect(db.prepare('SELECT count(*) FROM t').pluck().get()).toBe(200);
  });

  it('folds what is left when stopped, so a closed shop leaves no work in its WAL', async () => {
    const db = fresh();
    const cp = startCheckpointer(db);
    write(db);
    await cp.stop();
    const [state] = db.pragma('wal_checkpoint(PASSIVE)') as { log: number; checkpointed: number }[];
    expect(state?.log).toBe(state?.checkpointed);
    expect(fileSize(db)).toBeGreaterThan(200_000);
  });

  it('a worker that cannot start gives the checkpoint back to the writer and says why', async () => {
    const db = fresh();
    // The worker opens the file by its name, which no longer leads to it.
    unlinkSync(db.name);
    const errors: string[] = [];
    const cp = startCheckpointer(db, (e) => errors.push(e));
    for (let i = 0; i < 100 && errors.length === 0; i++) await sleep(50);
    expect(errors.join(' ')).toMatch(/unable to open|does not exist|SQLITE_CANTOPEN/i);
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    await cp.stop();
  });

  it('a database in memory has nothing to fold and starts no worker', async () => {
    const db = openDatabase(':memory:');
    opened.push(db);
    const cp = startCheckpointer(db);
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    await cp.stop();
  });
});
