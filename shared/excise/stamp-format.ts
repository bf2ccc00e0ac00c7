/**
 * The one rule of what an excise stamp looks like, used by the till (renderer and core) and by the
 * back office (server/back-office/sales/excise). Duplicate stamps are fined heavily, and the first
 * defence is never to take something else for a stamp: a product's barcode scanned at the wrong
 * moment, or a number typed by hand.
 *
 * A stamp's digital value is its series and number, e.g. `AATE508932 0000412167`: 4 capital Latin
 * letters and 6 digits, a space, 10 digits (domain.md, "Excise stamps", from the DPS samples; marked
 * likely there). What a 2D scanner returns varies by stamp generation, so the accepted formats are
 * configuration: masks where `A` is a capital Latin letter, `9` a digit and anything else itself.
 * A mask must hold at least one letter, so no configuration can make a bare number a stamp, and
 * only characters the fiscal document writes as they are (below), so no stamp is sold that its
 * receipt could only name with a `?`.
 */
import { hasGs1CheckDigit } from '../barcodes/ean.js';
import { hasControlChars } from '../contract/dsl/formats.js';
import { fitsCp1251 } from '../fiscal/cp1251.js';

export const DEFAULT_STAMP_MASKS: readonly string[] = ['AAAA999999 9999999999'];

/** The longest value the fiscal schema allows for an excise label. */
export const MAX_STAMP_LENGTH = 64;

export type StampFormatProblem =
  /** An EAN-8 / EAN-13 / UPC-A with a right check digit, or an in-store weighted code: a product. */
  | 'barcode'
  /** Digits only: never a stamp, whatever a mask says. */
  | 'number'
  /** Matches none of the accepted masks. */
  | 'format';

const DIGITS = /^\d+$/;
const LETTER = /^[A-Z]$/;
const DIGIT = /^\d$/;

/** A product barcode: EAN-8, UPC-A or EAN-13 with a right check digit (in-store weighted codes 20-29 included). */
export function isProductBarcode(code: string): boolean {
  if (!DIGITS.test(code)) return false;
  return (code.length === 8 || code.length === 12 || code.length === 13) && hasGs1CheckDigit(code);
}

/**
 * A mask is usable when it has a letter position (so it can never take a bare number), fits a
 * stamp, and the fiscal document (windows-1251 XML) can write each of its characters as itself: a
 * stamp is an identifier, so neither the `?` of a character the code page lacks (an emoji,
 * Chinese) nor the nearest letter it has instead (U+2212 as `-`) would do, and XML holds no
 * control character (a reader would also change a tab or CR).
 */
export function isUsableMask(mask: string): boolean {
  return mask.length > 0 && mask.length <= MAX_STAMP_LENGTH && mask.includes('A') && fitsCp1251(mask) && !hasControlChars(mask);
}

export function matchesMask(code: string, mask: string): boolean {
  if (code.length !== mask.length) return false;
  for (let i = 0; i < mask.length; i++) {
    const m = mask[i] as string;
    const c = code[i] as string;
    if (m === 'A' ? !LETTER.test(c) : m === '9' ? !DIGIT.test(c) : c !== m) return false;
  }
  return true;
}

/**
 * The masks a configuration gives (one per line, or separated by `;`), keeping only usable ones;
 * none usable means the defaults.
 */
export function parseStampMasks(text: string | undefined): readonly string[] {
  const masks = (text ?? '')
    .split(/[;\n]/)
    .map((m) => m.trim())
    .filter(isUsableMask);
  return masks.length > 0 ? masks : DEFAULT_STAMP_MASKS;
}

/** What a scanner or a person gave, as the stamp is kept: without surrounding blanks. */
export const normalizeStamp = (raw: string): string => raw.trim();

/** Undefined when `code` is a stamp in one of the accepted formats; otherwise why it is not one. */
export function stampFormatProblem(code: string, masks: readonly string[] = DEFAULT_STAMP_MASKS): StampFormatProblem | undefined {
  if (isProductBarcode(code)) return 'barcode';
  if (DIGITS.test(code)) return 'number';
  const usable = masks.filter(isUsableMask);
  return (usable.length > 0 ? usable : DEFAULT_STAMP_MASKS).some((m) => matchesMask(code, m)) ? undefined : 'format';
}

/** The masks as a person reads them in a refusal: `AAAA999999 9999999999` becomes `ABCD123456 1234567890`. */
export function maskExample(mask: string): string {
  let letter = 0;
  let digit = 0;
  return [...mask]
    .map((m) => {
      if (m === 'A') return String.fromCharCode(65 + (letter++ % 26));
      if (m === '9') return String(++digit % 10);
      return m;
    })
    .join('');
}
