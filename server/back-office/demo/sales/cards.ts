/**
 * Discount cards of the demo shop: holders with phones and birthdays, discount tiers, some
 * allowed to buy on credit up to a limit, a welcome bonus, and an extra value or two.
 */

import { withCheckDigit } from '../../../../shared/barcodes/ean.js';
import { op } from '../../../../shared/contract/index.js';
import type { Db } from '../../../../shared-node/sql/db.js';
import { dec, toDb } from '../../decimal.js';
import { invoke } from '../../operations.js';
import { moveBonus } from '../../sales/cards/bonus-ledger.js';
import { cardSql } from '../../sales/cards/statements.js';
import { momentAt } from '../../sales/kernel/moment.js';
import type { Prng } from '../prng.js';
import { contextAt, DAY, DEMO_TIME_ZONE } from './clock.js';
import { FIRST_NAMES, LAST_NAMES, PATRONYMICS, STREETS } from './holders.js';
import { demoSql } from './statements.js';

const TIERS = [
  { disc: '0', bonus: 1 },
  { disc: '3', bonus: 1 },
  { disc: '5', bonus: 2 },
  { disc: '7', bonus: 3 },
] as const;

export interface DemoCards {
  readonly all: readonly string[];
  /** Regulars allowed to buy on credit. */
  readonly onCredit: readonly string[];
}

export function seedCards(db: Db, rnd: Prng, now: Date, count: number): DemoCards {
  const manager = demoSql(db).manager.get() ?? 'manager';
  const opened = new Date(now.getTime() - 90 * DAY);
  const ctx = contextAt(db, manager, opened);
  const all: string[] = [];
  const onCredit: string[] = [];
  for (let i = 0; i < count; i++) {
    const card = withCheckDigit(`2299${String(100001 + i * 37).padStart(8, '0')}`);
    const [first, sex] = rnd.pick(FIRST_NAMES);
    const tier = rnd.pick(TIERS);
    const credit = i % 4 === 0;
    invoke(ctx, op.discounts.importCardIgnore, {
      code: card,
      df: rnd.pick(LAST_NAMES),
      di: first,
      do: rnd.pick(PATRONYMICS[sex]),
      tel: `+380 ${rnd.pick(['50', '63', '67', '68', '73', '93', '97'])} ${rnd.int(100, 999)} ${rnd.int(10, 99)} ${rnd.int(10, 99)}`,
      birth_date: `${rnd.int(1950, 2004)}-${String(rnd.int(1, 12)).padStart(2, '0')}-${String(rnd.int(1, 28)).padStart(2, '0')}`,
      dopinf: `${rnd.pick(STREETS)}, ${rnd.int(1, 120)}`,
      disc: tier.disc,
      isdolg: credit ? 1 : 0,
      maxdolg: credit ? rnd.pick(['2000', '3000', '5000']) : '0',
      sumpok: String(rnd.int(0, 40) * 250),
    });
    demoSql(db).setCardBonusPercent.run(toDb(String(tier.bonus), 'pct'), card);
    moveBonus(db, {
      card,
      amount: dec(rnd.pick([20, 50, 100])),
      comment: 'Вітальний бонус',
      checkNumber: null,
      user: manager,
      moment: momentAt(opened, DEMO_TIME_ZONE),
      path: 'demo',
    });
    if (rnd.chance(40))
      cardSql(db).setExtraValue.run(card, 'Улюблений відділ', rnd.pick(['Молочка', 'Випічка', 'Напої', 'Фрукти']));
    if (rnd.chance(30)) cardSql(db).setExtraValue.run(card, 'Розсилка', rnd.pick(['SMS', 'Viber', 'немає']));
    all.push(card);
    if (credit) onCredit.push(card);
  }
  return { all, onCredit };
}
