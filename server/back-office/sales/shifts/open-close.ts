/**
 * Opening a shift (the shift-open document, and the opening float as a service deposit) and
 * closing it (the cash collected as a service withdrawal, the Z-report from the shift's documents,
 * then the shift-close document). A shift is closed only when the tax server has every document
 * it made before the close, so its Z-report is final; the collection is the close's own document,
 * chained right before the Z-report, which counts it and reaches the tax server after it.
 */
import { COLLECTION_REASON } from '../../../../shared/fiscal/choices.js';
import type { Db } from '../../../../shared-node/sql/db.js';
import type { FiscalContent } from '../../../dps/format/content.js';
import { refuse } from '../../../upstream/upstream.js';
import { type D, fmt, fromDb, toDb } from '../../decimal.js';
import { cashSql } from '../kernel/cash/statements.js';
import { fiscalTillOf, requireSeller } from '../kernel/fiscal/identity.js';
import { type Moment, shownAt } from '../kernel/moment.js';
import { kopecksOrZero } from '../kernel/money.js';
import { issueDocument } from '../kernel/register/chain.js';
import { checkClock } from '../kernel/register/clock.js';
import { offlineClock } from '../kernel/register/offline.js';
import { prroSql } from '../kernel/register/statements.js';
import { depositCash, withdrawCash } from '../kernel/shifts/service-cash.js';
import { type ShiftRow, shiftSql } from '../kernel/shifts/statements.js';
import { shiftTotals } from '../kernel/shifts/totals.js';

export interface Opened {
  readonly shift: ShiftRow;
  readonly openDocId: number;
  readonly depositDocId: number | undefined;
  readonly offline: boolean;
}

export function openShift(db: Db, a: { kasm: number; cashierId: number; float: D; user: string; moment: Moment }): Opened {
  const sql = shiftSql(db);
  const till = fiscalTillOf(db, a.kasm);
  if (!till) throw refuse('params.kasm', 'shift.no_register', { kasm: a.kasm });
  const seller = requireSeller(db, 'params.kasm');
  const open = sql.open.get(a.kasm);
  if (open) {
    throw refuse('params.kasm', 'shift.already_open', {
      kasm: a.kasm,
      cashier: open.cashier,
      opened_at: shownAt(open.opened_at, a.moment.timeZone),
    });
  }
  const cashier = sql.user.get(a.cashierId);
  if (!cashier) throw refuse('params.cashier', 'shift.cashier_unknown', { cashier: a.cashierId });
  checkClock(db, till, a.moment, 'params.kasm');
  const box = cashSql(db).box.get(till.akas);
  const id = Number(
    sql.insert.run({
      kasm: a.kasm,
      numprro: till.numprro,
      cashier_id: cashier.id,
      cashier: cashier.name,
      opened_at: a.moment.iso,
      opened_by: a.user,
      opening_cash: box?.balance ?? 0,
    }).lastInsertRowid,
  );
  const doc = issueDocument(db, {
    till,
    seller,
    cashier: cashier.name,
    user: a.user,
    moment: a.moment,
    docType: 'shift_open',
    content: { doc: 'head', DOCTYPE: '100' },
    shiftId: id,
    ref: `shift:${id}`,
  });
  sql.setOpenDoc.run(doc.id, id);
  const shift = sql.byId.get(id) as ShiftRow;
  const deposit = a.float.gt(0)
    ? depositCash(db, {
        work: { till, seller, shift, cashier: cashier.name, clock: offlineClock(db, till.numprro, a.moment) },
        amount: a.float,
        comment: 'Розмінна монета на початок зміни',
        user: a.user,
        moment: a.moment,
      })
    : undefined;
  return { shift, openDocId: doc.id, depositDocId: deposit?.docId, offline: doc.offline };
}

export interface Closed {
  readonly shift: ShiftRow;
  readonly zDocId: number;
  readonly closeDocId: number;
  readonly z: FiscalContent;
  /** The collection's service withdrawal, if cash was collected. */
  readonly collectionDocId: number | undefined;
  readonly collected: D;
  /** What the drawer keeps for the next shift. */
  readonly cashLeft: D;
}

export function closeShift(db: Db, a: { kasm: number; collection: string; user: string; moment: Moment }): Closed {
  const sql = shiftSql(db);
  const till = fiscalTillOf(db, a.kasm);
  if (!till) throw refuse('params.kasm', 'shift.no_register', { kasm: a.kasm });
  const seller = requireSeller(db, 'params.kasm');
  const shift = sql.open.get(a.kasm);
  if (!shift) throw refuse('params.kasm', 'shift.not_open_to_close', { kasm: a.kasm });
  const prro = prroSql(db);
  const unsent = prro.unsentOfShift.get(shift.id) ?? 0;
  if (unsent > 0) throw refuse('params.kasm', 'shift.unsent_documents', { kasm: a.kasm, count: unsent });
  checkClock(db, till, a.moment, 'params.kasm');
  const collected = kopecksOrZero(a.collection, 'params.collection');
  const drawer = fromDb(cashSql(db).box.get(till.akas)?.balance ?? 0, 'cur');
  // The till asks first, but the money is booked here: the drawer cannot hand over what it lacks.
  if (collected.gt(drawer)) {
    throw refuse('params.collection', 'shift.collection_over_drawer', {
      kasm: a.kasm,
      cash: fmt(drawer),
      collection: fmt(collected),
    });
  }
  // Before the Z-report, as PRRO vendors do: the Z counts it among the shift's service withdrawals.
  const collection = collected.gt(0)
    ? withdrawCash(db, {
        work: { till, seller, shift, cashier: shift.cashier, clock: offlineClock(db, till.numprro, a.moment) },
        amount: collected,
        comment: COLLECTION_REASON,
        user: a.user,
        moment: a.moment,
        ref: `collection:${shift.id}`,
        path: 'params.collection',
      })
    : undefined;
  const cashLeft = collection ? collection.balance : drawer;
  const z = shiftTotals(
    prro.shiftDocs
      .all(shift.id)
      .filter((d) => d.content_json !== '')
      .map((d) => JSON.parse(d.content_json) as FiscalContent),
  );
  const common = {
    till,
    seller,
    cashier: shift.cashier,
    user: a.user,
    moment: a.moment,
    shiftId: shift.id,
    ref: `shift:${shift.id}`,
  };
  const zDoc = issueDocument(db, { ...common, docType: 'z_report', content: z });
  const closeDoc = issueDocument(db, { ...common, docType: 'shift_close', content: { doc: 'head', DOCTYPE: '101' } });
  sql.close.run({
    id: shift.id,
    at: a.moment.iso,
    by: a.user,
    z: zDoc.id,
    doc: closeDoc.id,
    collected: toDb(collected, 'cur'),
    collection: collection?.docId ?? null,
    cash: toDb(cashLeft, 'cur'),
  });
  return {
    shift: sql.byId.get(shift.id) as ShiftRow,
    zDocId: zDoc.id,
    closeDocId: closeDoc.id,
    z,
    collectionDocId: collection?.docId,
    collected,
    cashLeft,
  };
}
