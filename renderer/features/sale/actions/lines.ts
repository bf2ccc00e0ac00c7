/** The receipt's lines changed by the cashier: a quantity, a line removed, the whole sale cancelled. */
import { op } from '../../../../shared/contract/index.js';
import { type Dec, dec } from '../../../money/money.js';
import { useNotice } from '../notice-store.js';
import { saleGroup, send } from '../send.js';
import { label, OFFLINE_WAIT_MS, type SaleContext } from './context.js';
import { price } from './pricing.js';
import { release } from './stamps.js';

export function changeQuantity(ctx: SaleContext, code: string, quantity: Dec): void {
  const { ndoc } = ctx.sale();
  ctx.say(null);
  const line = ctx.sale().setQuantity(code, quantity, ctx.freshState());
  const dropped = ctx.sale().trimStamps(code);
  if (dropped.length > 0) void release(ctx, ndoc, dropped);
  void price(ctx, code);
  if (line) {
    void ctx.catalogItem(code).then((item) => {
      if (item && dec(line.quantity).gt(dec(item.stock))) {
        ctx.say({
          tone: 'warn',
          key: 'stockShort',
          values: { name: line.name, stock: item.stock, quantity: line.quantity, unit: line.unit },
        });
      }
    });
  }
}

export async function removeLine(ctx: SaleContext, code: string): Promise<void> {
  const { ndoc, lines, card } = ctx.sale();
  const line = lines.find((l) => l.code === code);
  if (!line) return;
  ctx.say(null);
  ctx.sale().remove(code);
  if (line.stamps.length > 0) void release(ctx, ndoc, line.stamps);
  if (ctx.offline()) return;
  const kasm = await ctx.kasmOf();
  send(
    ctx.client,
    op.pos.checkoutApplySaleLine,
    { code, ndoc, quant: '0', kasm, disc_card: card?.code ?? '' },
    {
      group: saleGroup(ndoc),
      summary: `sale ${ndoc}: remove ${code}`,
      label: label('saleRemove', { name: line.name }),
      waitMs: OFFLINE_WAIT_MS,
    },
  ).catch(() => undefined); // the close carries the lines it sells; a line left in the draft document changes nothing
}

export function cancelSale(ctx: SaleContext): void {
  const { ndoc, lines } = ctx.sale();
  const stamps = lines.flatMap((l) => l.stamps);
  ctx.sale().cancel();
  useNotice.getState().say({ tone: 'info', key: 'cancelled' });
  if (stamps.length > 0) void release(ctx, ndoc, stamps);
}
