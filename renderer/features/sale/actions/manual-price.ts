/** A manual price or discount on a line, confirmed by a manager's PIN at the back office (pos.checkout_manual_price). */

import type { op, ParamsOf, ResultRowOf } from '../../../../shared/contract/index.js';
import { getBridge } from '../../../bridge/index.js';
import { type Dec, toWire } from '../../../money/money.js';
import type { SaleContext } from './context.js';
import type { ManualResult } from './types.js';

type ManualRow = ResultRowOf<typeof op.pos.checkoutManualPrice>;

/** A manual price or discount on a line, confirmed by a manager's PIN at the back office. */
export async function manualPrice(
  ctx: SaleContext,
  code: string,
  change: { price?: Dec; percent?: Dec; reason: string; managerCard: string; pin: string },
): Promise<ManualResult> {
  const { ndoc, card } = ctx.sale();
  const line = ctx.sale().lines.find((l) => l.code === code);
  if (!line) return { kind: 'failed', error: new Error('no such line') };
  const params: ParamsOf<typeof op.pos.checkoutManualPrice> = {
    ndoc,
    code,
    kasm: await ctx.kasmOf(),
    quant: line.quantity,
    disc_card: card?.code ?? '',
    reason: change.reason,
    manager_card: change.managerCard,
    pin: change.pin,
    ...(change.price ? { price: toWire(change.price) } : { percent: change.percent?.toFixed() ?? '0' }),
  };
  let row: ManualRow | undefined;
  try {
    row = (await getBridge().confirmManualPrice(params)).rows[0] as ManualRow | undefined;
  } catch (error) {
    return { kind: 'failed', error };
  }
  if (!row) return { kind: 'failed', error: new Error('no answer row') };
  if (row.outcome === 'wrong_pin') return { kind: 'wrongPin', attemptsLeft: Number(row.attempts_left) };
  if (row.outcome === 'locked') return { kind: 'locked', until: row.locked_until };
  const now = ctx.sale().lines.find((l) => l.code === code);
  if (now) {
    ctx.sale().applyPriced(code, now.revision, { ...row, name: now.name });
    ctx.sale().setManual(code, { confirmationId: row.confirmation_id, manager: row.manager });
  }
  ctx.say({ tone: 'info', key: 'manualDone', values: { name: line.name, manager: row.manager } });
  return { kind: 'confirmed', manager: row.manager };
}
