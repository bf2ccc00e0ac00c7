/**
 * Free text (a product's or cashier's name, a unit) as a fiscal document may carry it. The books
 * keep what was entered; the document takes it composed (NFC: a letter and its combining mark are
 * one windows-1251 character when the code page has it), without the characters XML 1.0 cannot
 * hold (C0 controls but tab, LF and CR; a lone half of a surrogate pair; U+FFFE, U+FFFF), each
 * written `?` as windows-1251 writes what it lacks, and cut to the schema's length in characters
 * (code points, as the schema counts them), so a cut never splits a pair.
 */
import { toCp1251Text } from '../../../../../shared/fiscal/cp1251.js';

const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching the characters XML cannot hold is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Composed, and what XML cannot hold written `?`: the step both forms below start from. */
const xmlSafe = (text: string): string => text.normalize('NFC').replace(NOT_XML, '?');

export function fiscalText(text: string, max: number): string {
  const clean = xmlSafe(text);
  if (clean.length <= max) return clean;
  const chars = [...clean];
  return chars.length <= max ? clean : chars.slice(0, max).join('');
}

/**
 * A text as the document's bytes say it: what XML or windows-1251 cannot carry is `?` (or the
 * code page's nearest letter). A corrected document is compared with the books through this, so
 * a name the books hold with an emoji, or as an older version cut it, is not "changed" by a
 * document that says it as it can.
 */
export const asWritten = (text: string): string => toCp1251Text(xmlSafe(text));
