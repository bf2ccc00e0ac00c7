/**
 * What the cashier's keys do to the sale, through the bridge. Nothing here makes the cashier
 * wait for the back office: a line appears from the lookup at once and is priced when the answer
 * comes; while the service is unreachable the lookup comes from the till's catalogue copy, lines
 * keep the shelf price, marked "price not confirmed", and the close waits in the outbox.
 *
 * Every line write sends the line's whole quantity (pos.checkout_apply_sale_line: a quant sets,
 * 0 removes; without one it would add a unit), so a write sent twice, or late, cannot count twice.
 */
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Dec } from '../../money/money.js';
import { close } from './actions/close.js';
import { saleContext } from './actions/context.js';
import { cancelSale, changeQuantity, removeLine } from './actions/lines.js';
import { admit, confirmAge, scan } from './actions/lookup.js';
import { manualPrice } from './actions/manual-price.js';
import { park, recall } from './actions/parking.js';
import { addStamp } from './actions/stamps.js';
import type { Candidate, Payment } from './actions/types.js';
import type { EntryKind } from './scanner.js';

/** The sale's actions, one file each under actions/, bound to one query client. */
export function saleActions(client: QueryClient) {
  const ctx = saleContext(client);
  return {
    scan: (text: string, entry: EntryKind) => scan(ctx, text, entry),
    admit: (c: Candidate, quantity?: Dec) => admit(ctx, c, quantity),
    confirmAge: (c: Candidate) => confirmAge(ctx, c),
    changeQuantity: (code: string, quantity: Dec) => changeQuantity(ctx, code, quantity),
    removeLine: (code: string) => removeLine(ctx, code),
    addStamp: (code: string, text: string, manual: boolean) => addStamp(ctx, code, text, manual),
    cancelSale: () => cancelSale(ctx),
    park: () => park(ctx),
    recall: (ndoc: string) => recall(ctx, ndoc),
    manualPrice: (code: string, change: Parameters<typeof manualPrice>[2]) => manualPrice(ctx, code, change),
    close: (payment: Payment) => close(ctx, payment),
  };
}

export type SaleActions = ReturnType<typeof saleActions>;

export function useSaleActions(): SaleActions {
  const client = useQueryClient();
  return useMemo(() => saleActions(client), [client]);
}
