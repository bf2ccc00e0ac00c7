import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_QUIET_MS } from '../../shared-node/sqlite/idle-checkpoint.js';
import { TEST_SELLER } from '../back-office/sales/testing/shop.js';
import { startTestService, type TestService } from '../testing/harness.js';

let svc: TestService | undefined;
afterEach(async () => {
  await svc?.close();
  svc = undefined;
});

/** The WAL header's two salts: SQLite writes new ones whenever it starts the WAL over after a checkpoint. */
function walSalts(dbFile: string): string {
  const fd = openSync(`${dbFile}-wal`, 'r');
  try {
    const header = Buffer.alloc(32);
    readSync(fd, header, 0, 32, 0);
    return header.subarray(16, 24).toString('hex');
  } finally {
    closeSync(fd);
  }
}

describe('the back office checkpoints its WAL once writes pause', () => {
  it('a write after a pause starts the WAL over (the pause folded the last write into the main file)', async () => {
    svc = await startTestService();
    const dbFile = svc.dbFile as string;
    const mainFileWritten = () => statSync(dbFile).mtimeMs;
    const untouched = mainFileWritten();
    await svc.ok('settings.fiscal_identity_save', { ...TEST_SELLER });
    // In WAL mode only a checkpoint writes the main file: wait for it (on a loaded machine the
    // timer may fire late), then past the quiet time once more. A broken checkpointer fails below.
    for (let waited = 0; mainFileWritten() === untouched && waited < 5000; waited += DEFAULT_QUIET_MS) {
      await sleep(DEFAULT_QUIET_MS);
    }
    await sleep(DEFAULT_QUIET_MS * 2);
    const before = walSalts(dbFile);
    await svc.ok('settings.fiscal_identity_save', { ...TEST_SELLER, point_name: 'Магазин "Інший"' });
    // Without the idle checkpoint the second write is appended to the same WAL, salts unchanged.
    expect(walSalts(dbFile)).not.toBe(before);
  });
});
