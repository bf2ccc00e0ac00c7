/**
 * Excise stamps of the sale: a stamp added to a line (only what is a stamp is ever sent), and
 * stamps released at the back office when their line, the sale, or its parking lets them go.
 */

import type { WriteOutcome } from '../../../../shared/bridge/api.js';
import { op } from '../../../../shared/contract/index.js';
import { stampFormatProblem } from '../../../../shared/excise/stamp-format.js';
import { BridgeError } from '../../../bridge/index.js';
import { stampsOf } from '../sale-lines.js';
import { saleGroup, send } from '../send.js';
import { label, OFFLINE_WAIT_MS, type SaleContext } from './context.js';
import type { StampResult } from './types.js';

/** Releases stamps scanned for this sale, so they may be sold again. */
export async function release(ctx: SaleContext, ndoc: string, stamps: readonly string[]): Promise<void> {
  const kasm = await ctx.kasmOf();
  for (const code of stamps) {
    send(
      ctx.client,
      op.pos.exciseClearPending,
      { code, kasm },
      {
        group: saleGroup(ndoc),
        summary: `release excise stamp ${code}`,
        label: label('stampRelease', { stamp: code }),
        waitMs: OFFLINE_WAIT_MS,
      },
    ).catch((error: unknown) => ctx.say({ tone: 'warn', key: 'releaseFailed', values: { stamp: code }, error }));
  }
}

/**
 * A stamp for a line. What is not a stamp is never sent: a product's barcode (its own or any
 * valid EAN), a bare number, anything outside the accepted formats (shared/excise/stamp-format.ts).
 */
export async function addStamp(ctx: SaleContext, code: string, text: string, manual: boolean): Promise<StampResult> {
  const stamp = text.trim();
  if (stamp === '') return { kind: 'empty' };
  const problem = stampFormatProblem(stamp, (await ctx.settingsOf().catch(() => undefined))?.stampMasks);
  if (problem) return { kind: 'notStamp', problem };
  if (await ctx.catalogItem(stamp)) return { kind: 'notStamp', problem: 'product' };
  if (stampsOf(ctx.sale().lines).has(stamp)) return { kind: 'here' };
  const { ndoc } = ctx.sale();
  let outcome: WriteOutcome;
  try {
    const kasm = await ctx.kasmOf();
    outcome = await send(
      ctx.client,
      op.pos.exciseAddMark,
      { code: stamp, etax: true, kasm },
      {
        group: saleGroup(ndoc),
        summary: `sale ${ndoc}: excise stamp ${stamp}${manual ? ' (typed by hand)' : ''}`,
        label: label(manual ? 'stampTyped' : 'stamp', { stamp }),
        waitMs: ctx.waitMs(),
      },
    );
  } catch (error) {
    return { kind: 'failed', error };
  }
  if (outcome.status === 'refused') return { kind: 'refused', error: BridgeError.from(outcome.error) };
  if (outcome.status === 'reconcile') return { kind: 'unknown', error: BridgeError.from(outcome.error) };
  if (ctx.sale().ndoc === ndoc) ctx.sale().addStamp(code, stamp);
  return { kind: 'added', queued: outcome.status === 'queued' };
}
