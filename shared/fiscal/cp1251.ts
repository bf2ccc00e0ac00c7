/**
 * Windows-1251, the encoding the tax service requires for fiscal XML (DPS API description,
 * "Зауваження щодо реалізації", 1). Decoding uses the platform's TextDecoder; encoding builds the
 * reverse table from that same decoder, so both directions agree by construction and no
 * dependency is needed. Runs in Node and in the browser.
 */
const decoder = new TextDecoder('windows-1251');

/** windows-1251 byte of each code point below 0x2200 (0: none), from the platform's decoder. */
const ENCODE: Uint8Array = (() => {
  const table = new Uint8Array(0x2200);
  for (let i = 0; i < 128; i++) table[i] = i;
  const chars = decoder.decode(Uint8Array.from({ length: 128 }, (_, i) => 128 + i));
  for (let i = 0; i < 128; i++) {
    const cp = chars.codePointAt(i) as number;
    // 0x98 is unassigned in windows-1251 and decodes to U+0098 or U+FFFD; never encode to it.
    if (cp !== 0xfffd && cp !== 0x98 && cp < table.length) table[cp] = 128 + i;
  }
  return table;
})();

const byteOf = (cp: number): number => (cp < ENCODE.length ? (ENCODE[cp] as number) : 0);

/** Whether every character of the text has a windows-1251 byte. */
export function fitsCp1251(text: string): boolean {
  for (const ch of text) {
    const cp = ch.codePointAt(0) as number;
    if (cp !== 0 && byteOf(cp) === 0) return false;
  }
  return true;
}

/**
 * Characters windows-1251 lacks become the nearest it has (typographic quotes and dashes are in
 * it; a few common others are mapped here), and anything else becomes "?", so a product name
 * with an emoji still makes a valid document rather than a refused sale.
 */
const NEAREST: Readonly<Record<string, string>> = { '\u2212': '-', '\u00a0': ' ', '\u2011': '-', '\u02bc': "'", '\u2032': "'" };

/** The characters of a text a document can only write as "?": not in windows-1251, with no nearest letter there. */
export function lostInCp1251(text: string): string[] {
  const lost = new Set<string>();
  for (const ch of text) {
    const cp = ch.codePointAt(0) as number;
    if (cp !== 0 && byteOf(cp) === 0 && NEAREST[ch] === undefined) lost.add(ch);
  }
  return [...lost];
}

export function toCp1251Text(text: string): string {
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0) as number;
    out += cp === 0 || byteOf(cp) !== 0 ? ch : (NEAREST[ch] ?? '?');
  }
  return out;
}

export function encodeCp1251(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const b = code === 0 ? 0 : byteOf(code);
    if (b !== 0 || code === 0) {
      out[n++] = b;
      continue;
    }
    // A surrogate pair is one character outside windows-1251: one replacement for both halves. A
    // lone half is replaced alone: the character after it is its own.
    const next = text.charCodeAt(i + 1);
    if (code >= 0xd800 && code < 0xdc00 && next >= 0xdc00 && next < 0xe000) i++;
    const near = NEAREST[String.fromCharCode(code)];
    out[n++] = near === undefined ? 0x3f : byteOf(near.charCodeAt(0));
  }
  return out.subarray(0, n);
}

export const decodeCp1251 = (bytes: Uint8Array): string => decoder.decode(bytes);
