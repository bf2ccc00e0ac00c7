/**
 * EAN-13 arithmetic and in-store weighted barcodes. A weighted barcode is prefix + PLU + weight in
 * grams (5 digits) + check digit; with the usual two-digit prefix (20..28) the PLU has 5 digits.
 */

/**
 * The GS1 check digit of a code's body (all but the check digit): weights 3,1,3,… from the right,
 * so one rule serves EAN-8, UPC-A and EAN-13 alike. The only copy: the excise stamp rule
 * (shared/excise/stamp-format.ts) asks it too, to never take a product's barcode for a stamp.
 */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

/** Whether a code's last digit is the GS1 check digit of the rest. */
export const hasGs1CheckDigit = (code: string): boolean =>
  code.length > 1 && gs1CheckDigit(code.slice(0, -1)) === Number(code[code.length - 1]);

/** GS1 check digit of the first 12 digits (the rest, if any, is ignored). */
export const ean13CheckDigit = (first12: string): number => gs1CheckDigit(first12.slice(0, 12));

export const isEan13 = (code: string): boolean => /^\d{13}$/.test(code) && ean13CheckDigit(code) === Number(code[12]);

/** Completes 12 digits into an EAN-13. */
export const withCheckDigit = (first12: string): string => `${first12}${ean13CheckDigit(first12)}`;

export const DEFAULT_WEIGHT_PREFIXES = ['20', '21', '22', '23', '24', '25', '26', '27', '28'];
export const DEFAULT_CARD_PREFIXES = ['2299'];

/** A comma-separated prefix list of the request (`pref_ves`, `pref_disc`); empty means the defaults. */
export function prefixList(raw: string, defaults: readonly string[]): readonly string[] {
  const list = raw
    .split(',')
    .map((p) => p.trim())
    .filter((p) => /^\d+$/.test(p));
  return list.length > 0 ? list : defaults;
}

export interface WeightBarcode {
  readonly prefix: string;
  /** The PLU without leading zeros, as cards store it. */
  readonly plu: string;
  readonly grams: number;
}

/** Reads a weighted barcode; a misread (wrong check digit) or another prefix is not one. */
export function parseWeightBarcode(code: string, prefixes: readonly string[]): WeightBarcode | undefined {
  if (!isEan13(code)) return undefined;
  const prefix = prefixes.find((p) => p.length <= 6 && code.startsWith(p));
  if (prefix === undefined) return undefined;
  const plu = code.slice(prefix.length, 7).replace(/^0+(?=\d)/, '');
  return { prefix, plu, grams: Number(code.slice(7, 12)) };
}
