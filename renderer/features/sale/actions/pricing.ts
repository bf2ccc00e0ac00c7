/**
 * Pricing a line at the back office (pos.checkout_apply_sale_line with the line's whole quantity:
 * a write sent twice, or late, cannot count twice). A late answer for another quantity is dropped;
 * a line the service could not price stands on the till's copy, "price not confirmed".
 */

import type { WriteOutcome } from '../../../../shared/bridge/api.js';
import type { ResultRowOf } from '../../../../shared/contract/index.js';
import { op } from '../../../../shared/contract/index.js';
import { BridgeError } from '../../../bridge/index.js';
import { useNotice } from '../notice-store.js';
import { firstRow, saleGroup, send } from '../send.js';
import { label, type SaleContext } from './context.js';

type PricedRow = ResultRowOf<typeof op.pos.checkoutApplySaleLine>;

/** Asks the back office to price a line at its current quantity; a late answer for another quantity is dropped. */
export async function price(ctx: SaleContext, code: string): Promise<void> {
  const { ndoc, card } = ctx.sale();
  const line = ctx.sale().lines.find((l) => l.code === code);
  if (line?.priceState !== 'pending') return;
  let outcome: WriteOutcome;
  try {
    const kasm = await ctx.kasmOf();
    outcome = await send(
      ctx.client,
      op.pos.checkoutApplySaleLine,
      { code, ndoc, quant: line.quantity, kasm, disc_card: card?.code ?? '' },
      {
        group: saleGroup(ndoc),
        summary: `sale ${ndoc}: line ${code} × ${line.quantity}`,
        label: label('saleLine', { name: line.name, quantity: line.quantity, unit: line.unit }),
        waitMs: ctx.waitMs(),
      },
    );
  } catch (error) {
    if (ctx.sale().ndoc === ndoc) ctx.sale().setPriceState(code, line.revision, 'unconfirmed');
    ctx.say({ tone: 'warn', key: 'priceFailed', values: { name: line.name }, error });
    return;
  }
  if (ctx.sale().ndoc !== ndoc) return;
  const row = firstRow<PricedRow>(outcome);
  if (row) return ctx.sale().applyPriced(code, line.revision, row);
  ctx.sale().setPriceState(code, line.revision, 'unconfirmed');
  // Not answered: the line stands on the till's own copy, which the screen says (a scan the copy
  // knows no longer asks the service, so this is where the till first learns it is on its own).
  if (outcome.status === 'queued') useNotice.getState().setStale(true);
  if (outcome.status === 'refused' || outcome.status === 'reconcile') {
    ctx.say({ tone: 'warn', key: 'priceRefused', values: { name: line.name }, error: BridgeError.from(outcome.error) });
  }
}
