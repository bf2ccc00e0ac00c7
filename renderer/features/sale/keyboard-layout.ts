/**
 * A barcode scanner in keyboard mode sends key positions (USB HID usages), as a US keyboard would
 * press them for the code's characters. On a till whose Windows layout is Ukrainian, those
 * positions arrive as Cyrillic letters: an excise stamp `AAKZ4100007919` becomes `ФФЛЯ4100007919`
 * and a receipt's QR link is garbled. KeyboardEvent.code names the position whatever the layout,
 * so the characters a scanner meant are read back from it.
 */

const LETTER = /^Key([A-Z])$/;
const DIGIT = /^(?:Digit|Numpad)([0-9])$/;
/** US layout: a digit key with Shift. */
const SHIFTED_DIGITS = ')!@#$%^&*(';
/** US layout: the other printable keys, unshifted and shifted. */
const SYMBOLS: Readonly<Record<string, readonly [string, string]>> = {
  Minus: ['-', '_'],
  Equal: ['=', '+'],
  BracketLeft: ['[', '{'],
  BracketRight: [']', '}'],
  Backslash: ['\\', '|'],
  Semicolon: [';', ':'],
  Quote: ["'", '"'],
  Comma: [',', '<'],
  Period: ['.', '>'],
  Slash: ['/', '?'],
  Backquote: ['`', '~'],
  Space: [' ', ' '],
  NumpadDecimal: ['.', '.'],
  NumpadAdd: ['+', '+'],
  NumpadSubtract: ['-', '-'],
  NumpadMultiply: ['*', '*'],
  NumpadDivide: ['/', '/'],
};

/** The character a US keyboard types for this key position, or undefined for a key that types none. */
export function usCharacter(code: string, shift: boolean): string | undefined {
  const letter = LETTER.exec(code)?.[1];
  if (letter) return shift ? letter : letter.toLowerCase();
  const digit = DIGIT.exec(code)?.[1];
  if (digit) return shift && code.startsWith('Digit') ? SHIFTED_DIGITS[Number(digit)] : digit;
  const symbol = SYMBOLS[code];
  return symbol ? symbol[shift ? 1 : 0] : undefined;
}

/** Typed under a layout other than a Latin one: some character is not ASCII. */
export const typedUnderOtherLayout = (text: string): boolean => /[^\x20-\x7e]/.test(text);
