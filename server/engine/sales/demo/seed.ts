/**
 * The sales half of the demo shop "Колосок": discount cards, four days of receipts at three
 * tills (today's up to now), debt repaid in cash and bonus, a supplier paid from a till, daily
 * reports, an excise stamp let through twice on purpose, and a PRRO queue with real work for the manager: documents fiscalized, one rejected
 * and corrected the same evening, one rejected yesterday that still holds its register's chain,
 * a withdrawn duplicate, one retrying, and today's documents waiting for the simulator.
 */
import { PRRO } from '../../../../shared/contract/index.js';
import type { Db } from '../../../db/open.js';
import { prng } from '../../demo/prng.js';
import { invoke } from '../../operations.js';
import { runFiscalSimulatorStep } from '../prro/simulator.js';
import { prroSql } from '../prro/statements.js';
import { seedCards } from './cards.js';
import { contextAt, DAY, HOUR, MINUTE } from './clock.js';
import { repayDebtsOfDay } from './debts.js';
import { DemoTill } from './receipts.js';
import { DemoRegisters, type Register } from './registers.js';
import { demoSql } from './statements.js';

const SEED = 20_250_315;
const DAYS = [3, 2, 1, 0] as const;

export function seedSalesDemo(db: Db, now: Date): void {
  const rnd = prng(SEED);
  const sql = demoSql(db);
  const manager = sql.manager.get() ?? 'manager';
  const tills: Register[] = sql.tills.all();
  const [first, second] = tills;
  if (!first || !second) throw new Error('the sales demo needs the tills of the catalog demo');
  const cashierOf = (r: Register) => sql.cashierOf.get(r.kasm) ?? `касир ${r.kasm}`;
  const till = new DemoTill(db, rnd, seedCards(db, rnd, now, 36));
  const registers = new DemoRegisters(db);
  let rejectedOpen: { id: number; at: Date; xml: string; typo: string } | undefined;

  for (const daysAgo of DAYS) {
    const end = new Date(now.getTime() - daysAgo * DAY - 5 * MINUTE);
    const start = new Date(end.getTime() - 11 * HOUR);
    for (const r of tills) {
      const at = new Date(start.getTime() - 10 * MINUTE);
      // Two days ago the first till's client sent its morning document with a mistyped register number.
      const typo = daysAgo === 2 && r === first ? `${r.numprro.slice(0, -1)}9` : undefined;
      const { id, xml } = registers.openShift(r, at, cashierOf(r), typo);
      if (typo) rejectedOpen = { id, at, xml, typo };
      if (daysAgo === 1 && r.kasm === 3) registers.cancelledDuplicate(r, new Date(at.getTime() + MINUTE), cashierOf(r), manager);
    }

    const sales = tills.flatMap((r) =>
      Array.from({ length: rnd.int(10, 16) }, () => ({ r, at: new Date(start.getTime() + rnd.int(0, 11 * 60 - 1) * MINUTE) })),
    );
    sales.sort((a, b) => a.at.getTime() - b.at.getTime() || a.r.kasm - b.r.kasm);
    for (const s of sales) {
      const sale = till.sell(s.r.kasm, s.at);
      if (sale) registers.recordSale(s.r, sale.total);
    }
    if (daysAgo === 1) till.sellDuplicateStamp(3, new Date(end.getTime() - 2 * MINUTE));
    repayDebtsOfDay(db, rnd, end, first.akas, cashierOf(first), daysAgo === 0 ? 'bonus' : 'cash');
    if (daysAgo === 0) break;

    // Yesterday the second till's Z-report went out with ISO dates: rejected, and it still holds the chain.
    for (const r of tills)
      registers.closeShift(r, new Date(end.getTime() + 10 * MINUTE), cashierOf(r), daysAgo === 1 && r === second);
    runFiscalSimulatorStep(db, new Date(end.getTime() + 20 * MINUTE));
    if (daysAgo === 2 && rejectedOpen) {
      const fixedAt = new Date(end.getTime() + 30 * MINUTE);
      const corrected = rejectedOpen.xml.replace(rejectedOpen.typo, first.numprro);
      registers.requeue(rejectedOpen.id, rejectedOpen.at, corrected, fixedAt, manager);
      runFiscalSimulatorStep(db, new Date(fixedAt.getTime() + 5 * MINUTE));
    }
    invoke(contextAt(db, manager, new Date(end.getTime() + 40 * MINUTE)), 'pos.template_report_get', { type: 'dayrep' });
  }

  // Today: one document's send failed in transport and waits to be retried.
  const waiting = prroSql(db).pending.all({ kasm: first.kasm, numprro: first.numprro, user: '' });
  const last = waiting[waiting.length - 1];
  if (last) registers.setStatus(last.id, PRRO.retrying, now, manager);
  till.ringUp(second.kasm, now, `${second.kasm}-open`);
  const invoice = sql.incomingInvoices.get();
  if (invoice) {
    invoke(contextAt(db, manager, new Date(now.getTime() - HOUR)), 'finance.pay_contrag_invoice', {
      nn: invoice,
      fromkas: first.akas,
      sum: '300.00',
      com1: 'часткова оплата готівкою',
    });
  }
}
