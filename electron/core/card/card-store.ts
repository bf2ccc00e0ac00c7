/**
 * The durable record of card payments (schema.ts). Each change is one guarded UPDATE, so a
 * payment moves only along: sending → approved | declined | unknown; unknown → approved |
 * declined. An approval is stored together with the write it completes, in one transaction.
 */
import type { CardApprovalParams, CardPending, WriteLabel } from '../../../shared/bridge/api.js';
import type { WriteName } from '../../../shared/contract/index.js';
import { migrate } from '../../../shared-node/sqlite/migrate.js';
import type { Db } from '../../../shared-node/sqlite/open.js';
import { isStorageFailure } from '../../../shared-node/storage-failure.js';
import { NotStoredError } from '../outbox/errors.js';
import type { OutboxStore } from '../outbox/store.js';
import { cardMigrations } from './schema.js';

export interface CardWriteOptions {
  readonly group: string;
  readonly summary: string;
  readonly label?: WriteLabel;
  readonly confirmation?: number;
}

export interface NewCardPayment {
  readonly kind: 'sale' | 'refund';
  readonly amount: string;
  readonly ndoc: string;
  readonly method: WriteName;
  readonly params: Record<string, unknown>;
  readonly options: CardWriteOptions;
  readonly service: string;
  readonly cashier: { readonly id: number; readonly name: string } | null;
  readonly rrn: string;
  readonly baseline: string | null;
}

export interface CardPaymentRow extends NewCardPayment {
  readonly id: number;
  readonly state: 'sending' | 'approved' | 'declined' | 'unknown';
  readonly createdAt: number;
}

interface Raw {
  id: number;
  kind: 'sale' | 'refund';
  amount: string;
  ndoc: string;
  method: string;
  params: string;
  options: string;
  service: string;
  cashier_id: number | null;
  cashier: string | null;
  rrn: string;
  baseline: string | null;
  state: CardPaymentRow['state'];
  created_at: number;
}

const toRow = (r: Raw): CardPaymentRow => ({
  id: r.id,
  kind: r.kind,
  amount: r.amount,
  ndoc: r.ndoc,
  method: r.method as WriteName,
  params: JSON.parse(r.params) as Record<string, unknown>,
  options: JSON.parse(r.options) as CardWriteOptions,
  service: r.service,
  cashier: r.cashier_id === null ? null : { id: r.cashier_id, name: r.cashier ?? '' },
  rrn: r.rrn,
  baseline: r.baseline,
  state: r.state,
  createdAt: r.created_at,
});

/** Another payment is still open: the terminal is asked how it went before a new one. */
export class CardPendingError extends Error {
  constructor(readonly pending: CardPaymentRow) {
    super(`card payment ${pending.id} of ${pending.amount} is not settled yet`);
    this.name = 'CardPendingError';
  }
}

export class CardStore {
  private readonly stmt;

  constructor(
    private readonly db: Db,
    private readonly outbox: OutboxStore,
    private readonly clock: () => number = Date.now,
  ) {
    migrate(db, cardMigrations);
    this.stmt = {
      insert: db.prepare(
        `INSERT INTO card_payments (kind, amount, ndoc, method, params, options, service, cashier_id, cashier, rrn, baseline,
           state, created_at, updated_at)
         VALUES (@kind, @amount, @ndoc, @method, @params, @options, @service, @cashier_id, @cashier, @rrn, @baseline,
           'sending', @now, @now)`,
      ),
      open: db.prepare<[], Raw>(`SELECT * FROM card_payments WHERE state IN ('sending', 'unknown') ORDER BY id LIMIT 1`),
      get: db.prepare<[number], Raw>('SELECT * FROM card_payments WHERE id = ?'),
      approve: db.prepare<[string, number, number, number]>(
        `UPDATE card_payments SET state = 'approved', approval = ?, outbox_id = ?, updated_at = ?
         WHERE id = ? AND state IN ('sending', 'unknown')`,
      ),
      decline: db.prepare<[string, number, number]>(
        `UPDATE card_payments SET state = 'declined', reason = ?, updated_at = ? WHERE id = ? AND state IN ('sending', 'unknown')`,
      ),
      unknown: db.prepare<[string, number, number]>(
        `UPDATE card_payments SET state = 'unknown', reason = ?, updated_at = ? WHERE id = ? AND state = 'sending'`,
      ),
    };
  }

  /** The payment whose outcome is not known yet, if any. */
  open(): CardPaymentRow | undefined {
    const r = this.stmt.open.get();
    return r && toRow(r);
  }

  get(id: number): CardPaymentRow | undefined {
    const r = this.stmt.get.get(id);
    return r && toRow(r);
  }

  /**
   * Stores a payment before its request is sent. Refused while another is open (CardPendingError),
   * and NotStoredError when the disk cannot take it: then nothing may be sent.
   */
  begin(p: NewCardPayment): CardPaymentRow {
    const open = this.open();
    if (open) throw new CardPendingError(open);
    let id: number;
    try {
      const info = this.stmt.insert.run({
        kind: p.kind,
        amount: p.amount,
        ndoc: p.ndoc,
        method: p.method,
        params: JSON.stringify(p.params),
        options: JSON.stringify(p.options),
        service: p.service,
        cashier_id: p.cashier?.id ?? null,
        cashier: p.cashier?.name ?? null,
        rrn: p.rrn,
        baseline: p.baseline,
        now: this.clock(),
      });
      id = Number(info.lastInsertRowid);
    } catch (err) {
      throw isStorageFailure(err) ? new NotStoredError(err) : err;
    }
    return this.get(id) as CardPaymentRow;
  }

  /**
   * The terminal approved: the write the payment completes goes into the outbox with the approval,
   * in the same commit as the payment's new state. A payment already settled stores nothing
   * (undefined): its write, if any, exists already.
   */
  approve(id: number, approval: CardApprovalParams): number | undefined {
    return this.db.transaction(() => {
      const p = this.get(id);
      if (!p || (p.state !== 'sending' && p.state !== 'unknown')) return undefined;
      const item = this.outbox.enqueue({
        method: p.method,
        params: { ...p.params, card_payment: approval },
        group: p.options.group,
        summary: p.options.summary,
        ...(p.options.label ? { label: p.options.label } : {}),
        service: p.service,
        cashier: p.cashier,
        ...(p.options.confirmation === undefined ? {} : { confirmation: p.options.confirmation }),
      });
      this.stmt.approve.run(JSON.stringify(approval), item.id, this.clock(), id);
      return item.id;
    })();
  }

  decline(id: number, reason: string): void {
    this.stmt.decline.run(reason, this.clock(), id);
  }

  /** The terminal could not be asked: the payment stays open until it can. */
  unknown(id: number, reason: string): void {
    this.stmt.unknown.run(reason, this.clock(), id);
  }
}

export const pendingOf = (p: CardPaymentRow): CardPending => ({
  id: p.id,
  kind: p.kind,
  amount: p.amount,
  ndoc: p.ndoc,
  since: new Date(p.createdAt).toISOString(),
});
