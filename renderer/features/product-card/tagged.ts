/**
 * goods.card_open answers one tagged row per part of a card (tagged_rows). Grouped by tag, each
 * part keeps the row type the registry gives its shape, so a FIFO batch is never read as MAIN.
 */

import type { ResultRowOf } from '../../../shared/contract/index.js';
import type { op } from '../../../shared/contract/op.js';
import { Dec } from '../../money/money.js';

export type Tagged = { readonly tag: string };
export type ByTag<R extends Tagged> = { [T in R['tag']]?: Extract<R, { tag: T }>[] };

/** Rows of each tag, in the order the service sent them. */
export function groupByTag<R extends Tagged>(rows: readonly R[]): ByTag<R> {
  const out: Record<string, R[]> = {};
  for (const row of rows) {
    const list = out[row.tag] ?? [];
    list.push(row);
    out[row.tag] = list;
  }
  return out as ByTag<R>;
}

export type CardRow = ResultRowOf<typeof op.goods.cardOpen>;
export type CardParts = ByTag<CardRow>;
export type PartRow<T extends CardRow['tag']> = Extract<CardRow, { tag: T }>;

/** STATE says whether the code names a card; a missing STATE row is read as "not found". */
export const cardFound = (parts: CardParts): boolean => parts.STATE?.[0]?.found === '1';

/** What the batches still hold, summed exactly. */
export const batchesQuantity = (batches: readonly PartRow<'FIFO'>[]): Dec =>
  batches.reduce((sum, b) => sum.plus(b.quantity), new Dec(0));

/** What the batches cost at their purchase prices, to the kopeck. */
export const batchesCost = (batches: readonly PartRow<'FIFO'>[]): Dec =>
  batches.reduce((sum, b) => sum.plus(new Dec(b.cost).times(b.quantity)), new Dec(0)).toDecimalPlaces(2);
