/**
 * Two tills of one shop closing at once on PostgreSQL, where every write is SERIALIZABLE and a
 * transaction that loses a race runs again (shared-node/pg/pg-db.ts). Till 1's close is held open
 * (its statements sent, not committed) while till 2 closes in a process of its own
 * (till-process.ts), side by side; then till 1's commits. Till 2 waits for the shop's write turn
 * (core/write.ts) and then runs on what till 1 committed: both commit and neither runs
 * again. Without the turn till 2 ran alongside and committed first, and till 1's close, which had
 * read pages of the shop's indexes that till 2 wrote into, lost the race and ran again.
 * SQLite has one writer at a time: there the case cannot arise.
 */
import { describe, expect, it } from 'vitest';
import type { PgDb } from '../../../../../shared-node/pg/pg-db.js';
import { TEST_ENGINE } from '../../../../testing/back-office-db.js';
import { invariantBreaches, NO_BREACHES } from '../invariants.js';
import { BREAD, MILK } from '../shop.js';
import { type Close, cash, watchedShop, whileCloseHeld } from './held-close.js';

const t = watchedShop();

const receiptsOfTillTwo = (watcher: PgDb) => Number(watcher.query('SELECT count(*) AS n FROM receipts WHERE kasm = 2')[0]?.n);

/** Till 2's close in its own process, while till 1's is held open here. */
async function side(first: Close, second: Close) {
  const before = receiptsOfTillTwo(t.watcher);
  const held = await whileCloseHeld(t.shop, t.watcher, first, {
    script: 'till-process.ts',
    args: [JSON.stringify(second)],
    committed: (w) => receiptsOfTillTwo(w) > before,
  });
  return { ...held, numbers: [held.checkNumber, String(held.line.checkNumber)] };
}

describe.skipIf(TEST_ENGINE !== 'postgres')('two tills of one shop closing at once', () => {
  it('the second waits for the shop’s write turn, then both commit and neither runs again', async () => {
    // A sale at each till first, as in a shop that runs.
    await side(cash(1, BREAD, '25.50'), cash(2, MILK, '42.00'));
    const { seen, runs, retries, numbers } = await side(cash(1, BREAD, '25.50'), cash(2, MILK, '42.00'));
    expect({ seen, runs, retries }).toEqual({ seen: 'waiting', runs: 1, retries: 0 });
    // Till 2 came second: it took the next receipt number after till 1's.
    expect(Number(numbers[1])).toBe(Number(numbers[0]) + 1);
    const receipts = t.shop.db.prepare('SELECT check_number, ndoc FROM receipts').all() as {
      check_number: number;
      ndoc: string;
    }[];
    expect(receipts.map((r) => String(r.check_number))).toEqual(expect.arrayContaining(numbers));
    // A receipt closed without a sale document of its own is its own document.
    for (const r of receipts) expect(r.ndoc).toBe(String(r.check_number));
    expect(invariantBreaches(t.shop.db)).toEqual(NO_BREACHES);
  });
});
