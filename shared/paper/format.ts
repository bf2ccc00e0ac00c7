/**
 * How every paper of the till writes its amounts, dates and numbered words, the same in the
 * interface's HTML paper and the main process's ESC/POS one.
 */
import { formatAmount } from '../money/format.js';

/** An amount as a paper prints it ('' is 0): "1 234,50". */
export const money = (v: string) => formatAmount(v === '' ? '0' : v);

/** "14.03.2025 12:00:00" from the document's ORDERDATE (ddmmyyyy) and ORDERTIME (hhmmss), Kyiv's wall clock. */
export function paperDateTime(date: string, time: string): string {
  return `${date.slice(0, 2)}.${date.slice(2, 4)}.${date.slice(4)} ${time.slice(0, 2)}:${time.slice(2, 4)}:${time.slice(4)}`;
}

/** An instant as a document's head writes it (ddmmyyyy, hhmmss) on the shop's wall clock. */
export function headTimeIn(at: Date, timeZone: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.day}${parts.month}${parts.year}`, time: `${parts.hour}${parts.minute}${parts.second}` };
}

/** "14.03.2025 12:00" from a date-time with its offset, the shop's wall clock it carries. */
export const wallClock = (iso: string): string =>
  iso === '' ? '' : `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)} ${iso.slice(11, 16)}`;

/** A line of text with the paper's placeholders ({{nc}}) filled in. */
export const fill = (text: string, values: Readonly<Record<string, string>>): string =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');
