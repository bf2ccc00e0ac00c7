/**
 * The fiscal dispatch and a close of one shop writing at once on PostgreSQL. A close at till 1 is
 * held open while the dispatch, in a process of its own (dispatch-process.ts), sends the shop's
 * queue and records the tax server's answers. Each answer's transaction takes the shop's write
 * turn (core/write.ts), as the close's does: it waits for the close, then runs on what the close
 * committed, and nothing runs again. Without the turn the answer's transaction went ahead, waited
 * behind the close for a row the close had written, and once the close committed lost the race
 * (SERIALIZABLE) and ran again.
 */
import { describe, expect, it } from 'vitest';
import { PRRO } from '../../../../../shared/contract/index.js';
import type { PgDb } from '../../../../../shared-node/pg/pg-db.js';
import { TEST_ENGINE } from '../../../../testing/back-office-db.js';
import { invariantBreaches, NO_BREACHES } from '../invariants.js';
import { BREAD, MILK } from '../shop.js';
import { cash, watchedShop, whileCloseHeld } from './held-close.js';

const t = watchedShop();

const accepted = (db: PgDb) => Number(db.query(`SELECT count(*) AS n FROM prro_docs WHERE status = ${PRRO.accepted}`)[0]?.n);

describe.skipIf(TEST_ENGINE !== 'postgres')('the fiscal dispatch and a close of one shop at once', () => {
  it('the dispatch’s answers wait for the shop’s write turn, then both commit and neither runs again', async () => {
    // Documents waiting for the tax server: the shifts' openings and a sale at till 2.
    t.shop.call('pos.checkout_close_sale', cash(2, MILK, '42.00'));
    const before = accepted(t.watcher);
    const { seen, runs, retries, line } = await whileCloseHeld(t.shop, t.watcher, cash(1, BREAD, '25.50'), {
      script: 'dispatch-process.ts',
      args: [],
      committed: (w) => accepted(w) > before,
    });
    expect({ seen, runs, retries }).toEqual({ seen: 'waiting', runs: 1, retries: 0 });
    // It sent what waited before the close — both shifts' openings and till 2's sale — and the
    // close's own document too if it read till 1's chain once the close had committed.
    expect(line.accepted).toBeGreaterThanOrEqual(3);
    expect(accepted(t.watcher)).toBe(before + Number(line.accepted));
    expect(invariantBreaches(t.shop.db)).toEqual(NO_BREACHES);
  });
});
