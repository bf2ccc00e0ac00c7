/**
 * A sale set aside for the next buyer and brought back. Its stamps are released at the back office
 * while it is parked (pending stamps of the till belong to the sale in progress) and sent again on
 * recall.
 */
import { op } from '../../../../shared/contract/index.js';
import { BridgeError } from '../../../bridge/index.js';
import { saleGroup, send } from '../send.js';
import { label, type SaleContext } from './context.js';
import { price } from './pricing.js';
import { release } from './stamps.js';

/**
 * Sets the sale aside for the next buyer. Its stamps are released at the back office (pending
 * stamps of the till belong to the sale in progress) and scanned in again on recall.
 */
export function park(ctx: SaleContext): boolean {
  const parked = ctx.sale().park();
  if (!parked) return false;
  const stamps = parked.lines.flatMap((l) => l.stamps);
  if (stamps.length > 0) void release(ctx, parked.ndoc, stamps);
  ctx.say({ tone: 'info', key: 'parked', values: { count: parked.lines.length } });
  return true;
}

/** Brings a parked sale back; a stamp sold elsewhere meanwhile is refused again and comes off its line. */
export async function recall(ctx: SaleContext, ndoc: string): Promise<boolean> {
  if (ctx.sale().lines.length > 0) {
    ctx.say({ tone: 'error', key: 'recallBusy' });
    return false;
  }
  const back = ctx.sale().recall(ndoc);
  if (!back) return false;
  ctx.say({ tone: 'info', key: 'recalled', values: { count: back.lines.length } });
  const kasm = await ctx.kasmOf();
  for (const line of back.lines) {
    for (const stamp of line.stamps) {
      const outcome = await send(
        ctx.client,
        op.pos.exciseAddMark,
        { code: stamp, etax: true, kasm },
        {
          group: saleGroup(ndoc),
          summary: `sale ${ndoc}: excise stamp ${stamp} (recalled)`,
          label: label('stamp', { stamp }),
          waitMs: ctx.waitMs(),
        },
      ).catch((error: unknown) => ({ status: 'failed' as const, error }));
      if (outcome.status === 'refused' || outcome.status === 'reconcile') {
        ctx.sale().dropStamps([stamp]);
        ctx.say({ tone: 'error', key: 'recallStamp', values: { stamp }, error: BridgeError.from(outcome.error) });
      }
    }
  }
  for (const l of ctx.sale().lines) if (l.priceState !== 'confirmed') void price(ctx, l.code);
  return true;
}
