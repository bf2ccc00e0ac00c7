/**
 * The till's disk fills up as a write is stored. A real outbox file; PRAGMA max_page_count gives
 * the same SQLITE_FULL a full disk does, without root.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openDatabase } from '../../../shared-node/sqlite/open.js';
import { NotStoredError } from './errors.js';
import { OutboxStore } from './store.js';
import { CLOSE_SALE, closeParams } from './testing/scripted-client.js';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

it('a write the full disk cannot take is NotStoredError and leaves nothing; once space is back the same store takes the next', () => {
  dir = mkdtempSync(join(tmpdir(), 'outbox-full-'));
  const db = openDatabase(join(dir, 'outbox.sqlite'));
  const store = new OutboxStore(db);
  const close = (ndoc: string) =>
    store.enqueue({
      method: CLOSE_SALE,
      params: { ...closeParams(ndoc), note: 'x'.repeat(1500) },
      group: `sale-${ndoc}`,
      summary: ndoc,
    });
  close('before');
  db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true })}`);
  let error: unknown;
  let stored = 1;
  for (let i = 0; i < 100 && error === undefined; i += 1) {
    try {
      close(`s${i}`);
      stored += 1;
    } catch (err) {
      error = err;
    }
  }
  expect(error).toBeInstanceOf(NotStoredError);
  expect(((error as NotStoredError).reason as { code: string }).code).toBe('SQLITE_FULL');
  const rows = () => db.prepare('SELECT summary, idempotency_key AS key, params FROM outbox').all() as Array<{ key: string }>;
  // Nothing of the refused write: no row, so no key without its write nor a write without its key.
  expect(rows()).toHaveLength(stored);
  expect(store.counts().queued).toBe(stored);

  db.pragma('max_page_count = 1073741823');
  const after = close('after');
  expect(after.state).toBe('queued');
  expect(rows()).toHaveLength(stored + 1);
  expect(new Set(rows().map((r) => r.key)).size).toBe(stored + 1);
  db.close();
});
