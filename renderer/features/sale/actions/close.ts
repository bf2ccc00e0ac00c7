/**
 * The close: the sale's problems and the printer said first, the mixed split stored, the card part
 * paid on the terminal (by the main process) or the close sent through the outbox, and the result
 * on the screen and the customer display.
 */

import type { WriteOutcome } from '../../../../shared/bridge/api.js';
import type { ResultRowOf } from '../../../../shared/contract/index.js';
import { op } from '../../../../shared/contract/index.js';
import { BridgeError } from '../../../bridge/index.js';
import { Dec, dec, toWire } from '../../../money/money.js';
import { tellDisplay } from '../../customer-display/index.js';
import { printerGate } from '../../receipt/index.js';
import { closeParams, closeSummary, saleProblem } from '../close-request.js';
import { saleTotal } from '../sale-lines.js';
import { firstRow, saleGroup, send, sendCard } from '../send.js';
import { CLOSE_WAIT_MS, label, type SaleContext } from './context.js';
import type { CloseResult, Payment } from './types.js';

type ClosedRow = ResultRowOf<typeof op.pos.checkoutCloseSale>;

export async function storeMixed(
  ctx: SaleContext,
  ndoc: string,
  card: string,
  m: NonNullable<Payment['mixed']>,
): Promise<unknown> {
  const outcome = await send(
    ctx.client,
    op.pos.checkoutStoreMixedPayment,
    {
      ndoc,
      card,
      nal: toWire(m.nal),
      bn: toWire(m.bn),
      debt: toWire(m.debt),
      bonus: toWire(m.bonus),
      cert: toWire(m.cert),
      ncert: m.certNumber,
    },
    { group: saleGroup(ndoc), summary: `sale ${ndoc}: mixed payment`, label: label('saleMixed'), waitMs: ctx.waitMs() },
  );
  return outcome.status === 'refused' ? BridgeError.from(outcome.error) : undefined;
}

export async function close(ctx: SaleContext, payment: Payment): Promise<CloseResult> {
  const { ndoc, lines, card } = ctx.sale();
  const problem = saleProblem(lines);
  if (problem) return { kind: 'problem', problem };
  // A receipt that cannot be printed is said before the sale closes into it (receipt/printer-gate.ts).
  if ((await printerGate(ctx.client)) === 'back') return { kind: 'problem', problem: { kind: 'printer' } };
  const total = saleTotal(lines);
  const cardCode = card?.code ?? '';
  const params = closeParams({
    ndoc,
    kasm: await ctx.kasmOf(),
    lines,
    card: cardCode,
    tenders: payment.tenders,
    cashGiven: payment.cashGiven,
    mixed: payment.mixed !== undefined,
  });
  let outcome: WriteOutcome;
  try {
    if (payment.mixed) {
      const refused = await storeMixed(ctx, ndoc, cardCode, payment.mixed);
      if (refused) return { kind: 'refused', error: refused };
    }
    const options = {
      group: saleGroup(ndoc),
      summary: closeSummary(ndoc, lines.length, total),
      label: label('saleClose', { count: String(lines.length), total: toWire(total) }),
      waitMs: ctx.waitMs(CLOSE_WAIT_MS),
    };
    if (payment.byTerminal) {
      // The main process pays on the terminal and, only once it approved, stores the close with the approval.
      const paid = await sendCard(ctx.client, params, options);
      if (paid.status !== 'approved') return { kind: 'card', outcome: paid };
      if (paid.write.status === 'refused')
        return { kind: 'cardRefused', error: BridgeError.from(paid.write.error), voided: paid.voided === true };
      outcome = paid.write;
    } else {
      outcome = await send(ctx.client, op.pos.checkoutCloseSale, params, options);
    }
  } catch (error) {
    return { kind: 'failed', error };
  }
  if (outcome.status === 'refused') return { kind: 'refused', error: BridgeError.from(outcome.error) };
  const cash = payment.tenders.filter((x) => x.type === 'nal').reduce((s, x) => s.plus(x.amount), dec(0));
  const change = toWire(Dec.max(0, payment.cashGiven.minus(cash)));
  const row = firstRow<ClosedRow>(outcome);
  if (row) {
    ctx.sale().finish({
      status: 'done',
      ndoc,
      checkNumber: row.check_number,
      total: row.total,
      change: row.change,
      bonusAccrued: row.bonus_accrued,
    });
  } else if (outcome.status === 'reconcile') {
    ctx.sale().finish({ status: 'reconcile', ndoc, total: toWire(total) });
  } else {
    ctx.sale().finish({ status: 'queued', ndoc, total: toWire(total), change, outboxId: outcome.id });
  }
  // The customer sees what they gave and their change; the display greets the next one by itself.
  const paid = payment.tenders.filter((x) => x.type !== 'nal').reduce((s, x) => s.plus(x.amount), payment.cashGiven);
  tellDisplay(
    outcome.status === 'reconcile' ? { kind: 'idle' } : { kind: 'paid', paid: toWire(paid), change: row?.change ?? change },
  );
  ctx.say(null);
  return { kind: 'closed' };
}
