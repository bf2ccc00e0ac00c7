/**
 * The PRRO side of the demo's days: each register opens its shift in the morning and closes it
 * with a Z-report at night, all through the queue, so the chain holds service documents between
 * the receipts as a real register's does.
 */
import { PRRO } from '../../../../shared/contract/index.js';
import type { Db } from '../../../db/open.js';
import { D } from '../../decimal.js';
import { invoke } from '../../operations.js';
import { momentAt } from '../common/moment.js';
import { firstRow } from '../first-row.js';
import type { DocType } from '../prro/doc-types.js';
import { contextAt, DEMO_TIME_ZONE } from './clock.js';
import { shiftXml, zReportXml } from './fiscal-docs.js';

export interface Register {
  readonly kasm: number;
  readonly akas: string;
  readonly numprro: string;
}

export class DemoRegisters {
  private readonly orderNums = new Map<number, number>();
  /** What each till sold since its shift opened, for the Z-report. */
  private readonly sold = new Map<number, { total: D; receipts: number }>();

  constructor(private readonly db: Db) {}

  private head(r: Register, at: Date, cashier: string, numprro = r.numprro) {
    const orderNum = (this.orderNums.get(r.kasm) ?? 0) + 1;
    this.orderNums.set(r.kasm, orderNum);
    return { numprro, kasm: r.kasm, orderNum, cashier, moment: momentAt(at, DEMO_TIME_ZONE) };
  }

  enqueue(r: Register, at: Date, user: string, docType: DocType, xml: string): number {
    const ctx = contextAt(this.db, user, at);
    const b64 = Buffer.from(xml, 'utf8').toString('base64');
    const answer = invoke(ctx, 'pos.prro_inline_enqueue', {
      kasm: String(r.kasm),
      numprro: r.numprro,
      xml_body_b64: b64,
      doc_type: docType,
    });
    return Number(firstRow<{ id: string }>(answer).id);
  }

  /** `typo` writes a mistyped register number into the document, as a misconfigured till once did. */
  openShift(r: Register, at: Date, cashier: string, typo?: string): { id: number; xml: string } {
    this.sold.set(r.kasm, { total: new D(0), receipts: 0 });
    const xml = shiftXml('shift_open', this.head(r, at, cashier, typo));
    return { id: this.enqueue(r, at, cashier, 'shift_open', xml), xml };
  }

  recordSale(r: Register, total: D): void {
    const s = this.sold.get(r.kasm) ?? { total: new D(0), receipts: 0 };
    this.sold.set(r.kasm, { total: s.total.plus(total), receipts: s.receipts + 1 });
  }

  /** `isoDates` writes the Z-report date as YYYY-MM-DD instead of ddMMyyyy: a client bug the tax server rejects. */
  closeShift(r: Register, at: Date, cashier: string, isoDates = false): void {
    const s = this.sold.get(r.kasm) ?? { total: new D(0), receipts: 0 };
    let z = zReportXml(this.head(r, at, cashier), s.total, s.receipts);
    if (isoDates) z = z.replace(/<ORDERDATE>(\d{2})(\d{2})(\d{4})<\/ORDERDATE>/, '<ORDERDATE>$3-$2-$1</ORDERDATE>');
    this.enqueue(r, at, cashier, 'z_report', z);
    this.enqueue(r, new Date(at.getTime() + 60_000), cashier, 'shift_close', shiftXml('shift_close', this.head(r, at, cashier)));
  }

  /** A manager corrects a rejected document and sends it again in its place in the chain. */
  requeue(id: number, createdAt: Date, xml: string, at: Date, manager: string): void {
    invoke(contextAt(this.db, manager, at), 'pos.prro_inline_requeue', {
      id,
      created_at: createdAt.toISOString(),
      fiscal_number: '',
      xml_body_b64: Buffer.from(xml, 'utf8').toString('base64'),
    });
  }

  setStatus(id: number, status: number, at: Date, manager: string): void {
    invoke(contextAt(this.db, manager, at), 'pos.prro_inline_set_status', { id, status });
  }

  /** A document sent twice by mistake and withdrawn at once, before anything chained to it. */
  cancelledDuplicate(r: Register, at: Date, cashier: string, manager: string): void {
    const { id } = this.openShift(r, at, cashier);
    this.setStatus(id, PRRO.cancelled, new Date(at.getTime() + 60_000), manager);
  }
}
