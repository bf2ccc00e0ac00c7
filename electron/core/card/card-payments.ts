/**
 * Card payments on the terminal, where money safety lives: a sale is closed only on an approved
 * payment, and never twice.
 *
 * - Before a payment is sent it is stored (card-store.ts), with the write it completes and the
 *   terminal's last operation before it (the baseline).
 * - Approved: the close (or the return) is stored in the outbox with the approval, in the same
 *   commit as the payment's state, and goes to the back office as any write does, exactly once.
 * - Declined: nothing is written; the sale stays open and the cashier hears the terminal's words.
 * - No answer (a timeout, a lost link, the till's own crash): before anything else the till asks
 *   the terminal for its last result, again while it says "in progress". That result is this
 *   payment's only when it is not the baseline and has this payment's method and amount: approved
 *   closes the sale once; declined, or still the baseline (the terminal never took it), leaves the
 *   sale open. A terminal that cannot be asked leaves the payment open (unknown): no other card
 *   payment starts until it is asked again (cardRecover, and at the next start).
 */
import { Decimal } from 'decimal.js';
import type { CardApprovalParams, CardOutcome, CardPending, WriteOutcome } from '../../../shared/bridge/api.js';
import { BridgeError } from '../../../shared/bridge/errors.js';
import { type TerminalClient, TerminalRefusal } from '../../devices/terminal/client.js';
import { type LastResult, lastResult } from '../../devices/terminal/operations/last-result.js';
import { cancel, purchase, refund } from '../../devices/terminal/operations/payment.js';
import { TIMEOUTS, type Timeouts } from '../../devices/terminal/operations/timeouts.js';
import type { CardApproval, CardResult } from '../../devices/terminal/protocol/answer.js';
import { LinkError } from '../../devices/terminal/transport/link.js';
import { NotStoredError } from '../outbox/errors.js';
import { type CardPaymentRow, CardPendingError, type CardStore, type NewCardPayment, pendingOf } from './card-store.js';
import type { TerminalLink } from './terminal-link.js';

export interface CardPaymentsOptions {
  readonly store: CardStore;
  readonly link: TerminalLink;
  /** The outbox item's outcome, waited for as the bridge's write waits (bridge/write.ts). */
  readonly delivered: (outboxId: number, waitMs: number) => Promise<WriteOutcome>;
  /** The terminal's state or the pending payment changed (the status bar), and the outbox got a write. */
  readonly changed: (outboxId?: number) => void;
  readonly log?: (level: 'info' | 'warn' | 'error', msg: string, fields?: Record<string, unknown>) => void;
  readonly timeouts?: Timeouts;
  /** How long the till keeps asking for the last result after an answer was lost (default 3 minutes). */
  readonly recoverMs?: number;
  /** Between two questions while the terminal says "in progress" or does not answer (default 2 s). */
  readonly pollMs?: number;
}

export type CardRequest = Omit<NewCardPayment, 'baseline'>;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sameAmount = (a: string, b: string) => {
  try {
    return new Decimal(a).eq(new Decimal(b));
  } catch {
    return false;
  }
};
const lessThan = (a: string, b: string) => {
  try {
    return new Decimal(a).lt(new Decimal(b));
  } catch {
    return false;
  }
};
const why = (err: unknown) => (err instanceof Error ? err.message : String(err));

export class CardPayments {
  private running = false;
  private readonly t: Timeouts;

  constructor(private readonly o: CardPaymentsOptions) {
    this.t = o.timeouts ?? TIMEOUTS;
  }

  pending(): CardPending | null {
    const open = this.o.store.open();
    return open ? pendingOf(open) : null;
  }

  /** Pays on the terminal and, once approved, stores the write it completes. */
  async pay(req: CardRequest, waitMs: number): Promise<CardOutcome> {
    const client = this.client();
    this.refuseWhileOpen();
    this.running = true;
    this.o.link.busy(true);
    this.o.changed();
    try {
      const before = await this.baseline(client);
      if ('stop' in before) return before.stop;
      let row: CardPaymentRow;
      try {
        row = this.o.store.begin({ ...req, baseline: before.baseline });
      } catch (err) {
        if (err instanceof CardPendingError) throw pendingError(err.pending);
        if (err instanceof NotStoredError)
          throw new BridgeError(
            'NOT_SAVED',
            'the cash desk could not store the card payment before sending it: nothing was sent',
          );
        throw err;
      }
      this.o.log?.('info', 'card payment sent', { id: row.id, kind: row.kind, amount: row.amount });
      let result: CardResult;
      try {
        result =
          req.kind === 'sale' ? await purchase(client, req.amount, this.t) : await refund(client, req.amount, req.rrn, this.t);
        this.o.link.answered(true);
      } catch (err) {
        if (err instanceof TerminalRefusal) {
          // The terminal did not take it (busy with something else, or no such method): nothing was paid.
          this.o.link.answered(true);
          this.o.store.decline(row.id, `terminal refused: ${err.kind}`);
          return { status: 'unavailable', reason: why(err) };
        }
        this.o.link.answered(!(err instanceof LinkError));
        this.o.log?.('warn', 'card payment answer lost; asking the terminal', { id: row.id, error: why(err) });
        return await this.settleLost(row, client, waitMs, why(err));
      }
      return await this.settle(row, client, result, waitMs);
    } finally {
      this.running = false;
      this.o.link.busy(false);
      this.o.changed();
    }
  }

  /** Asks the terminal how the pending payment went and settles it; null when none is pending. */
  async recover(waitMs: number): Promise<CardOutcome | null> {
    const open = this.o.store.open();
    if (!open) return null;
    if (this.running) throw pendingError(open);
    const client = this.client();
    this.running = true;
    this.o.link.busy(true);
    this.o.changed();
    try {
      return await this.settleLost(open, client, waitMs, 'asked again');
    } finally {
      this.running = false;
      this.o.link.busy(false);
      this.o.changed();
    }
  }

  private client(): TerminalClient {
    const client = this.o.link.current();
    if (!client) throw new BridgeError('TERMINAL_OFF', 'no card terminal is set up at this till (Settings, F9)');
    return client;
  }

  private refuseWhileOpen(): void {
    const open = this.o.store.open();
    if (open) throw pendingError(open);
    if (this.running) throw new BridgeError('CARD_PENDING', 'a card payment is on the terminal now');
  }

  /**
   * The terminal's last operation before this payment ('' none, null when it cannot say), or the
   * outcome that stops the payment before anything is sent: a terminal that is away or busy.
   */
  private async baseline(client: TerminalClient): Promise<{ baseline: string | null } | { stop: CardOutcome }> {
    try {
      const last = await lastResult(client, this.t);
      this.o.link.answered(true);
      if (last.state === 'in_progress')
        return { stop: { status: 'unavailable', reason: 'the terminal is busy with another operation' } };
      return { baseline: last.state === 'done' ? last.identity : '' };
    } catch (err) {
      if (err instanceof TerminalRefusal && err.kind === 'not_implemented') {
        this.o.link.answered(true);
        return { baseline: null };
      }
      this.o.link.answered(err instanceof TerminalRefusal);
      return { stop: { status: 'unavailable', reason: why(err) } };
    }
  }

  private async settle(row: CardPaymentRow, client: TerminalClient, result: CardResult, waitMs: number): Promise<CardOutcome> {
    if (result.kind === 'declined') {
      this.o.store.decline(row.id, `${result.code} ${result.reason}`.trim());
      this.o.log?.('info', 'card payment declined', { id: row.id, code: result.code });
      return { status: 'declined', code: result.code, reason: result.reason };
    }
    const a = result.approval;
    if (result.kind === 'partial' || (a.amount !== '' && !sameAmount(a.amount, row.amount))) {
      // Money left the card, but not what was asked (a partial approval, or a faulty terminal): the
      // sale cannot be closed on it, so it is voided, by its receipt number, and the cashier is told.
      const taken = a.amount || '?';
      const voided =
        a.invoiceNumber === ''
          ? ({ kind: 'failed' } as const)
          : await cancel(client, a.invoiceNumber, this.t).catch(() => ({ kind: 'failed' }) as const);
      const code = result.kind === 'partial' ? result.code : 'amount';
      this.o.store.decline(row.id, `approved ${taken} of ${row.amount} (${code}); void ${voided.kind}`);
      this.o.log?.('error', 'card terminal approved another amount', {
        id: row.id,
        code,
        approved: taken,
        voided: voided.kind,
      });
      return {
        status: 'declined',
        code,
        reason: `the terminal approved ${taken} instead of ${row.amount}`,
        taken: { amount: taken, voided: voided.kind === 'approved' },
      };
    }
    const approval = approvalParams(a, row.amount);
    const outboxId = this.o.store.approve(row.id, approval);
    this.o.log?.('info', 'card payment approved', { id: row.id, outbox: outboxId ?? null });
    if (outboxId === undefined) {
      // Settled meanwhile (asked twice at once): its write exists already.
      return { status: 'declined', code: 'settled', reason: 'this card payment was settled already' };
    }
    this.o.changed(outboxId);
    const write = await this.o.delivered(outboxId, waitMs);
    if (write.status !== 'refused') return { status: 'approved', approval, write };
    // The back office refused the close (its lines, its shift…): the card must not stay charged for a
    // sale that stays open, so the payment is voided on the terminal, by its receipt number.
    const voided = a.invoiceNumber === '' ? undefined : await cancel(client, a.invoiceNumber, this.t).catch(() => undefined);
    this.o.log?.(voided?.kind === 'approved' ? 'warn' : 'error', 'card payment of a refused close', {
      id: row.id,
      voided: voided?.kind ?? 'failed',
    });
    return { status: 'approved', approval, write, voided: voided?.kind === 'approved' };
  }

  /** The payment's answer never came: its outcome is the terminal's last result, asked until it says. */
  private async settleLost(row: CardPaymentRow, client: TerminalClient, waitMs: number, cause: string): Promise<CardOutcome> {
    const deadline = Date.now() + (this.o.recoverMs ?? 180_000);
    let said = cause;
    for (;;) {
      let last: LastResult | undefined;
      try {
        last = await lastResult(client, this.t);
        this.o.link.answered(true);
      } catch (err) {
        // A refusal (deviceBusy) is an answer; a timeout or a lost link is not.
        this.o.link.answered(err instanceof TerminalRefusal);
        said = why(err);
      }
      if (last && last.state !== 'in_progress') {
        if (last.state === 'none' || (row.baseline !== null && last.identity === row.baseline)) {
          this.o.store.decline(row.id, 'the terminal did not take it');
          this.o.log?.('info', 'card payment not taken by the terminal', { id: row.id });
          return { status: 'declined', code: 'none', reason: '' };
        }
        if (this.isThis(row, last)) return this.settle(row, client, last.result, waitMs);
        said = `the terminal's last operation is another one (${last.method || '?'} ${last.amount})`;
        break;
      }
      if (Date.now() + (this.o.pollMs ?? 2000) > deadline) break;
      await sleep(this.o.pollMs ?? 2000);
    }
    this.o.store.unknown(row.id, said);
    this.o.log?.('warn', 'card payment outcome unknown', { id: row.id, reason: said });
    return { status: 'unknown', reason: said };
  }

  private isThis(row: CardPaymentRow, last: Extract<LastResult, { state: 'done' }>): boolean {
    const method = row.kind === 'sale' ? 'Purchase' : 'Refund';
    // A partial approval took less than was asked, and is this payment's all the same (it is voided).
    const amountFits =
      last.amount === '' ||
      sameAmount(last.amount, row.amount) ||
      (last.result.kind === 'partial' && lessThan(last.amount, row.amount));
    return (last.method === '' || last.method === method) && amountFits;
  }
}

function pendingError(p: CardPaymentRow): BridgeError {
  return new BridgeError(
    'CARD_PENDING',
    `card payment ${p.id} of ${p.amount} sent to the terminal is not settled yet: the terminal is asked how it went first`,
  );
}

/** The approval as the close carries it: the amount the till asked for, the terminal's details. */
export function approvalParams(a: CardApproval, amount: string): CardApprovalParams {
  return {
    amount: new Decimal(amount).toFixed(2),
    // The acquirer's id of the operation; a terminal that gives none is named by its receipt number.
    rrn: a.rrn || a.invoiceNumber || `${a.terminalId}-${a.date}${a.time}`,
    auth_code: a.authCode.slice(0, 64),
    pan: a.pan.slice(0, 128),
    payment_system: a.paymentSystem.slice(0, 128),
    terminal_id: a.terminalId.slice(0, 128),
    acquirer: a.acquirer.slice(0, 128),
    invoice_number: a.invoiceNumber.slice(0, 128),
  };
}
