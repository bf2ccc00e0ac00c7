/**
 * The PRRO side of the demo's days: each register opens its shift in the morning with a float,
 * its receipts go to the simulated tax server as they are made, and at night the shift closes
 * with its Z-report once everything is sent. An old till program sends a few documents of its
 * own through the queue, with the mistakes such programs make, so the manager has real work.
 */
import { op, PRRO } from '../../../../shared/contract/index.js';
import type { Db } from '../../../../shared-node/sql/db.js';
import { renderDocument } from '../../../dps/format/render.js';
import { type Simulator, simulatedFiscalServer } from '../../../dps/simulator/simulator.js';
import { dec } from '../../decimal.js';
import { invoke } from '../../operations.js';
import { checkContent } from '../../sales/kernel/fiscal/check-content.js';
import { requireSeller } from '../../sales/kernel/fiscal/identity.js';
import { taxTable } from '../../sales/kernel/fiscal/tax.js';
import { momentAt } from '../../sales/kernel/moment.js';
import { registerOf } from '../../sales/kernel/register/chain.js';
import { headOf } from '../../sales/kernel/register/head.js';
import { dispatchFiscalNow } from '../../sales/prro/server/dispatch.js';
import { contextAt, DEMO_TIME_ZONE } from './clock.js';
import { firstRow } from './first-row.js';
import { FIRST_AID_PLASTER } from './fiscal-setup.js';
import { demoSql } from './statements.js';

export interface Register {
  readonly kasm: number;
  readonly akas: string;
  readonly numprro: string;
}

export class DemoRegisters {
  readonly server: Simulator;

  constructor(private readonly db: Db) {
    this.server = simulatedFiscalServer(db);
  }

  private cashierId(r: Register): number {
    return demoSql(this.db).cashierIdOf.get(r.kasm) as number;
  }

  /** The simulated tax server takes what is waiting, as the service does every few seconds. */
  send(at: Date): void {
    dispatchFiscalNow(this.db, this.server, () => at, DEMO_TIME_ZONE);
  }

  openShift(r: Register, at: Date, user: string): void {
    invoke(contextAt(this.db, user, at), op.pos.shiftOpen, { kasm: r.kasm, cashier: this.cashierId(r), float: '500.00' });
  }

  closeShift(r: Register, at: Date, user: string): void {
    invoke(contextAt(this.db, user, at), op.pos.shiftClose, { kasm: r.kasm });
  }

  /**
   * A card receipt the old till program built itself and sent through the queue: `mistake`
   * writes what such programs get wrong (a register number typed by hand, dates in ISO form).
   */
  clientReceipt(r: Register, at: Date, user: string, mistake?: 'register' | 'iso-date'): { id: number; xml: Buffer } {
    const seller = requireSeller(this.db, 'params.kasm');
    const content = checkContent({
      subtype: '0',
      lines: [
        {
          code: FIRST_AID_PLASTER,
          name: 'Пластир бактерицидний 10 шт',
          unit: 'шт',
          uktzed: '3005109900',
          quantity: dec(1),
          price: dec('34.50'),
          discount: dec(0),
          sum: dec('34.50'),
          letters: 'Б',
          marks: [],
        },
      ],
      money: [{ form: 'bn', amount: dec('34.50') }],
      rounding: dec(0),
      tax: taxTable(this.db, seller.vatPayer),
    });
    const moment = momentAt(at, DEMO_TIME_ZONE);
    const orderNum = registerOf(this.db, r.numprro).last_local_num + 1;
    const numprro = mistake === 'register' ? `${r.numprro.slice(0, -1)}9` : r.numprro;
    const head = headOf(
      { numprro, localNumber: r.kasm, orderNum, moment, cashier: 'Стара каса', seller, uidSeed: `client:${at.toISOString()}` },
      undefined,
    );
    let xml = renderDocument(head, content);
    if (mistake === 'iso-date') {
      const text = xml
        .toString('latin1')
        .replace(/<ORDERDATE>(\d{2})(\d{2})(\d{4})<\/ORDERDATE>/, '<ORDERDATE>$3-$2-$1</ORDERDATE>');
      xml = Buffer.from(text, 'latin1');
    }
    const answer = invoke(contextAt(this.db, user, at), op.pos.prroInlineEnqueue, {
      kasm: String(r.kasm),
      numprro: r.numprro,
      xml_body_b64: xml.toString('base64'),
      doc_type: 'receipt',
    });
    return { id: Number(firstRow<{ id: string }>(answer).id), xml };
  }

  /** A manager corrects a rejected document and sends it again in its place in the chain. */
  requeue(id: number, xml: Buffer, at: Date, manager: string): void {
    invoke(contextAt(this.db, manager, at), op.pos.prroInlineRequeue, {
      id,
      created_at: at.toISOString(),
      fiscal_number: '',
      xml_body_b64: xml.toString('base64'),
    });
  }

  setStatus(id: number, status: number, at: Date, manager: string): void {
    invoke(contextAt(this.db, manager, at), op.pos.prroInlineSetStatus, { id, status });
  }

  withdraw(id: number, at: Date, manager: string): void {
    this.setStatus(id, PRRO.cancelled, at, manager);
  }
}
