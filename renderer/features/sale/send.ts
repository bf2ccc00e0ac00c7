/**
 * A write of the sale through the bridge's outbox. A refusal the cashier is shown here is settled
 * at once (marked reconciled with a note): a refused write was not performed, the cashier corrects
 * the sale on the spot, and the sale's later writes share its group, which would otherwise wait
 * behind the refusal until a manager cleared it.
 */

import type { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import type { CardOutcome, WriteOptions, WriteOutcome } from '../../../shared/bridge/api.js';
import type { op, ParamsOf, WriteName } from '../../../shared/contract/index.js';
import { getBridge } from '../../bridge/index.js';

/** Writes of one sale document go in order, behind each other. */
export const saleGroup = (ndoc: string) => `sale-${ndoc}`;

export async function send<M extends WriteName>(
  client: QueryClient,
  method: M,
  params: ParamsOf<M>,
  options: WriteOptions,
): Promise<WriteOutcome> {
  try {
    const outcome = await getBridge().write(method, params, options);
    if (outcome.status === 'refused') {
      // Should settling fail, the item stays in the outbox monitor as needing attention: nothing is lost.
      await getBridge()
        .queueReconcile(outcome.id, i18next.t('sale:settledNote'))
        .catch(() => undefined);
    }
    return outcome;
  } finally {
    client.invalidateQueries({ queryKey: ['queue'] });
    client.invalidateQueries({ queryKey: ['status'] });
  }
}

/**
 * A close whose card part is paid on the terminal first (the bridge's cardSale). A close the back
 * office refused after the approval is settled like any refused write: the cashier corrects the
 * sale on the spot (the till voided the payment, or says it could not).
 */
export async function sendCard(
  client: QueryClient,
  params: ParamsOf<typeof op.pos.checkoutCloseSale>,
  options: WriteOptions,
): Promise<CardOutcome> {
  try {
    const outcome = await getBridge().cardSale(params, options);
    if (outcome.status === 'approved' && outcome.write.status === 'refused') {
      await getBridge()
        .queueReconcile(outcome.write.id, i18next.t('sale:settledNote'))
        .catch(() => undefined);
    }
    return outcome;
  } finally {
    client.invalidateQueries({ queryKey: ['queue'] });
    client.invalidateQueries({ queryKey: ['status'] });
  }
}

/** The first result row of a write that was done, typed by the caller. */
export const firstRow = <R>(outcome: WriteOutcome): R | undefined =>
  outcome.status === 'done' ? (outcome.result.rows[0] as R | undefined) : undefined;
