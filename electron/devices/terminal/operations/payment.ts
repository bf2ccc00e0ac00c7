/**
 * The financial operations: a purchase (the card part of a sale), a refund (a card return), and
 * the void of an operation the terminal did (method Withdrawal, by its receipt number), which
 * cancels a payment the till cannot use (an approval of another amount).
 */
import type { TerminalClient } from '../client.js';
import { type CardResult, resultOf } from '../protocol/answer.js';
import { TIMEOUTS, type Timeouts } from './timeouts.js';

/** Money as the protocol writes it: a decimal string with two places, "12.50". */
const AMOUNT = /^\d{1,10}\.\d{2}$/;

function amountOf(amount: string): string {
  if (!AMOUNT.test(amount) || /^0+\.00$/.test(amount)) throw new RangeError(`not an amount the terminal takes: ${amount}`);
  return amount;
}

export async function purchase(client: TerminalClient, amount: string, t: Timeouts = TIMEOUTS): Promise<CardResult> {
  const answer = await client.request({
    method: 'Purchase',
    params: { amount: amountOf(amount), discount: '', merchantId: 0 },
    timeoutMs: t.payment,
  });
  return resultOf(answer);
}

/** A refund to the card; the original payment's RRN lets the bank tie them together, when known. */
export async function refund(client: TerminalClient, amount: string, rrn: string, t: Timeouts = TIMEOUTS): Promise<CardResult> {
  const answer = await client.request({
    method: 'Refund',
    params: { amount: amountOf(amount), discount: '', merchantId: 0, rrn },
    timeoutMs: t.payment,
  });
  return resultOf(answer);
}

/** Cancels (voids) an operation of the current batch by the terminal's receipt number. */
export async function cancel(client: TerminalClient, invoiceNumber: string, t: Timeouts = TIMEOUTS): Promise<CardResult> {
  const answer = await client.request({
    method: 'Withdrawal',
    params: { invoiceNumber, merchantId: 0 },
    timeoutMs: t.payment,
  });
  return resultOf(answer);
}
