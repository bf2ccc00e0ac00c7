/**
 * Cyrillic on a receipt printer: the printer holds character tables and is told which to use
 * (ESC t n). Ukrainian printers have cp866 (DOS Cyrillic) and most have Windows-1251; the number
 * each table goes by is the maker's: Epson numbers cp866 17 and Windows-1251 46, XPrinter and
 * many other ESC/POS printers from China cp866 17 and Windows-1251 23. So a till sets both the
 * table and its number, and the test page (test-page.ts) prints the alphabet in each candidate, for
 * the shop to see which comes out right.
 *
 * What a table lacks is written as the nearest it has, never as a '?' in a name or an amount:
 * cp866 has no І, і, Ґ, ґ (Latin I and i look the same; Г stands for Ґ), neither has ₴ (грн), ×
 * (x), a minus sign or typographic quotes.
 */
import type { PrinterCodePage } from '../../../../shared/bridge/api.js';

/** The WHATWG names Node decodes each table by, to know which characters it has. */
const DECODER: Record<PrinterCodePage, string> = { cp866: 'ibm866', windows1251: 'windows-1251' };

/** Each table's 256 characters by byte. */
export const tableOf = (page: PrinterCodePage): string[] =>
  [...new TextDecoder(DECODER[page]).decode(Uint8Array.from({ length: 256 }, (_, i) => i))].slice(0, 256);

const HAS: Record<PrinterCodePage, Set<string>> = {
  cp866: new Set(tableOf('cp866').slice(0x20)),
  windows1251: new Set(tableOf('windows1251').slice(0x20)),
};

/** The nearest a table has, for characters a till's papers print that one or both lack. */
const NEAREST: Readonly<Record<string, string>> = {
  І: 'I',
  і: 'i',
  Ґ: 'Г',
  ґ: 'г',
  '₴': 'грн',
  '×': 'x',
  '−': '-',
  '–': '-',
  '—': '-',
  '’': "'",
  ʼ: "'",
  '‘': "'",
  '«': '"',
  '»': '"',
  '“': '"',
  '”': '"',
  '„': '"',
  '…': '...',
};

/** The text as the table can print it: every character it has as itself, the rest the nearest it has, else '?'. */
export function printable(value: string, page: PrinterCodePage): string {
  const has = HAS[page];
  let out = '';
  for (const ch of value.normalize('NFC')) {
    if (has.has(ch)) out += ch;
    else {
      const near = NEAREST[ch];
      out += near !== undefined && [...near].every((c) => has.has(c)) ? near : ch < ' ' ? ' ' : '?';
    }
  }
  return out;
}

/** The bytes of a text in the table (every character of `printable`'s answer is in it). */
export function encodeIn(value: string, page: PrinterCodePage): Uint8Array {
  const table = tableOf(page);
  const byChar = new Map(table.map((c, i) => [c, i]));
  return Uint8Array.from([...printable(value, page)].map((c) => byChar.get(c) ?? 0x3f));
}
