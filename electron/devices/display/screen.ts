/**
 * What the customer display shows, as two lines of 20 characters: one pure function of what
 * happened at the till, so every state and every long name is pinned by a test, and the bytes
 * (protocol.ts) are another's concern. Amounts are written as the till writes money everywhere
 * (shared/money: "1 234,50"), quantities as on the receipt ("1,5").
 *
 * - idle: the shop's greeting, centred, on two lines if it needs them;
 * - a line: its name (cut at a word where one is near the end, else at 20) and
 *   "quantity x price" with the line's sum at the right;
 * - the total: "До сплати:" and the amount;
 * - paid: what the buyer gave and the change ("Решта").
 * What does not fit keeps the amount: a label gives way before a number does.
 */
import type { CustomerView } from '../../../shared/bridge/api.js';
import { formatAmount, formatQuantity } from '../../../shared/money/format.js';
import { COLUMNS } from './protocol.js';

export type Screen = readonly [string, string];

const clean = (s: string) => s.replace(/\s+/g, ' ').trim();

/** A cut at a word boundary is kept when it leaves at least this much of the line. */
const WORD_CUT_MIN = 12;

/** A name cut to the display: whole words where the last space is near the end, else the first 20 characters. */
export function cutName(name: string, width = COLUMNS): string {
  const chars = [...clean(name)];
  if (chars.length <= width) return chars.join('');
  const head = chars.slice(0, width + 1).join('');
  const space = head.lastIndexOf(' ');
  return space >= WORD_CUT_MIN ? head.slice(0, space).trimEnd() : chars.slice(0, width).join('');
}

const right = (s: string) => s.padStart(COLUMNS, ' ');

const center = (s: string) => {
  const pad = Math.max(0, Math.floor((COLUMNS - [...s].length) / 2));
  return `${' '.repeat(pad)}${s}`;
};

/**
 * A label at the left and an amount at the right, a space at least between them: the first of
 * the labels (longest first) that fits, else only the amount.
 */
export function pair(labels: string | readonly string[], amount: string): string {
  for (const label of typeof labels === 'string' ? [labels] : labels) {
    const room = COLUMNS - [...label].length - [...amount].length;
    if (room >= 1) return `${label}${' '.repeat(room)}${amount}`;
  }
  return right(amount);
}

/** An amount with its currency when both fit. */
const hryvnias = (amount: string) => ([...amount].length + 4 <= COLUMNS ? `${amount} грн` : amount);

/** The greeting on one line, or two split at a word. */
function greetingLines(greeting: string): Screen {
  const text = clean(greeting);
  if ([...text].length <= COLUMNS) return [center(text), ''];
  const first = cutName(text);
  return [center(first), center(cutName(text.slice(first.length)))];
}

export function screenOf(view: CustomerView, greeting: string): Screen {
  switch (view.kind) {
    case 'idle':
      return greetingLines(greeting);
    case 'line': {
      const [q, p] = [formatQuantity(view.quantity), formatAmount(view.price)];
      // A weighed good's "0,375 x 420,00" leaves no room for the sum: the spaces go first.
      return [cutName(view.name), pair([`${q} x ${p}`, `${q}x${p}`], formatAmount(view.sum))];
    }
    case 'total':
      return ['До сплати:', right(hryvnias(formatAmount(view.total)))];
    case 'paid':
      return [pair('Сплачено:', formatAmount(view.paid)), pair('Решта:', formatAmount(view.change))];
  }
}

/** The test text: the table in use, and Cyrillic letters to see whether it is the right one. */
export const testScreen = (codePage: string, codeTable: number): Screen => [
  `Тест: ${codePage}, ${codeTable}`,
  'АБВГДЕЄЖЗИЇЙ абвгдеє',
];
