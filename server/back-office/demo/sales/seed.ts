/**
 * The sales half of the demo shop "Колосок": the seller and tax letters, discount cards, four
 * days of shifts at three tills (today's still open), receipts sent to the simulated tax server
 * as they are made, an hour two days ago when the tax server could not be reached (the registers
 * worked offline and sent the session when it came back), debt repaid in cash and bonus, a
 * supplier paid from a till's drawer, daily reports, an excise stamp let through twice on
 * purpose, and a PRRO queue with work for the manager: a document the old till program sent with
 * a mistyped register number, rejected and corrected the same evening; a duplicate it sent,
 * withdrawn; one sent yesterday with dates in the wrong form, rejected and still holding till 3's
 * chain (so till 3's shift cannot be closed and the till cannot sell until the manager acts);
 * one retrying; and today's last documents waiting for the tax server.
 */
import { op, PRRO } from '../../../../shared/contract/index.js';
import type { Db } from '../../../../shared-node/sql/db.js';
import { invoke } from '../../operations.js';
import { patchHead } from '../../sales/kernel/register/head.js';
import { prroSql } from '../../sales/kernel/register/statements.js';
import { prng } from '../prng.js';
import { seedCards } from './cards.js';
import { contextAt, DAY, HOUR, MINUTE } from './clock.js';
import { repayDebtsOfDay } from './debts.js';
import { seedFiscalSetup } from './fiscal-setup.js';
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
  const [first, second, third] = tills;
  if (!first || !second || !third) throw new Error('the sales demo needs the three tills of the catalog demo');
  const cashierOf = (r: Register) => sql.cashierOf.get(r.kasm) ?? `касир ${r.kasm}`;
  seedFiscalSetup(db, new Date(now.getTime() - 5 * DAY), manager);
  const till = new DemoTill(db, rnd, seedCards(db, rnd, now, 36));
  const registers = new DemoRegisters(db);

  for (const daysAgo of DAYS) {
    const end = new Date(now.getTime() - daysAgo * DAY - 5 * MINUTE);
    const start = new Date(end.getTime() - 11 * HOUR);
    const offline = daysAgo === 2 ? { from: start.getTime() + 4 * HOUR, to: start.getTime() + 6 * HOUR } : undefined;
    // Till 3 stays in yesterday's shift: its chain is held by a rejected document.
    const working: Register[] = tills.filter((r) => !(daysAgo === 0 && r === third));
    for (const r of working) registers.openShift(r, new Date(start.getTime() - 10 * MINUTE), cashierOf(r));

    const sales = working.flatMap((r) =>
      Array.from({ length: rnd.int(10, 16) }, () => ({ r, at: new Date(start.getTime() + rnd.int(0, 11 * 60 - 1) * MINUTE) })),
    );
    sales.sort((a, b) => a.at.getTime() - b.at.getTime() || a.r.kasm - b.r.kasm);
    let typo: { id: number } | undefined;
    for (const [i, s] of sales.entries()) {
      const t = s.at.getTime();
      registers.server.setReachable(!offline || t < offline.from || t >= offline.to);
      till.sell(s.r.kasm, s.at);
      if (daysAgo === 2 && i === 5) typo = registers.clientReceipt(first, new Date(t + MINUTE), cashierOf(first), 'register');
      if (daysAgo === 1 && i === 7) {
        registers.clientReceipt(second, new Date(t + MINUTE), cashierOf(second));
        const twice = registers.clientReceipt(second, new Date(t + 2 * MINUTE), cashierOf(second));
        registers.withdraw(twice.id, new Date(t + 3 * MINUTE), manager);
      }
      if (daysAgo === 1 && i === 9) registers.clientReceipt(third, new Date(t + MINUTE), cashierOf(third), 'iso-date');
      // The service sends every few seconds; today's last hour is still on its way.
      if (daysAgo > 0 || t < now.getTime() - HOUR) registers.send(new Date(t + 2 * MINUTE));
    }
    registers.server.setReachable(true);
    if (daysAgo === 1) till.sellDuplicateStamp(3, new Date(end.getTime() - 2 * MINUTE));
    // Debt is repaid at till 1 once its receipts are with the tax server (a repayment names the sale's fiscal number).
    if (daysAgo > 0) registers.send(new Date(end.getTime() - MINUTE));
    repayDebtsOfDay(db, rnd, end, first.akas, cashierOf(first), daysAgo === 0 ? 'bonus' : 'cash');
    if (daysAgo === 0) break;

    registers.send(new Date(end.getTime() + 5 * MINUTE));
    if (typo) {
      const fixedAt = new Date(end.getTime() + 6 * MINUTE);
      const held = prroSql(db).doc.get(typo.id);
      if (held) {
        const corrected = patchHead(Buffer.from(held.xml_body_b64, 'base64'), { CASHREGISTERNUM: first.numprro });
        registers.requeue(typo.id, corrected, fixedAt, manager);
      }
      registers.send(new Date(fixedAt.getTime() + MINUTE));
    }
    for (const r of working) {
      if (daysAgo === 1 && r === third) continue;
      registers.closeShift(r, new Date(end.getTime() + 10 * MINUTE), cashierOf(r));
    }
    registers.send(new Date(end.getTime() + 15 * MINUTE));
    invoke(contextAt(db, manager, new Date(end.getTime() + 40 * MINUTE)), op.pos.templateReportGet, { type: 'dayrep' });
  }

  // Today: one document's send failed in transport and waits to be retried.
  const waiting = prroSql(db).pending.all({ kasm: first.kasm, numprro: first.numprro, user: '' });
  const last = waiting[waiting.length - 1];
  if (last) registers.setStatus(last.id, PRRO.retrying, now, manager);
  till.ringUp(second.kasm, now, `${second.kasm}-open`);
  const invoice = sql.incomingInvoices.get();
  if (invoice) {
    // After today's last receipt at till 1: its register refuses a document dated before the last one.
    invoke(contextAt(db, manager, new Date(now.getTime() - 2 * MINUTE)), op.finance.payContragInvoice, {
      nn: invoice,
      fromkas: first.akas,
      sum: '300.00',
      com1: 'часткова оплата готівкою',
    });
  }
}
