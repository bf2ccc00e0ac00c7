/**
 * The bytes of a customer display's two lines, in the command set of Epson's DM-D pole displays
 * (DM-D110/D210 specification, 5.4 "Command Details"), which most pole displays sold in Ukraine
 * emulate as "ESC/POS" or "Epson" mode beside their own: 2 lines of 20 characters, a cursor
 * moved to a column and line (US $ x y), and character tables chosen as an ESC/POS printer's are
 * (ESC t n; cp866 and Windows-1251 for Cyrillic, the number each goes by being the maker's).
 *
 * Each screen is written whole, both lines padded to 20 and placed by US $, so what was there
 * before never shows through and a display that missed a screen is right again at the next one.
 * Nothing is cleared first (CLR): a display that clears and then writes flickers.
 */
import type { PrinterCodePage } from '../../../shared/bridge/api.js';
import { encodeIn, printable } from '../printer/escpos/code-page.js';

export const COLUMNS = 20;
export const ROWS = 2;

export const ESC = 0x1b;
export const US = 0x1f;

/** The commands the till sends (and the emulator reads back). */
export const CMD = {
  /** ESC @: back to the power-on state (table 0, overwrite mode, screen cleared). */
  initialize: [ESC, 0x40],
  /** ESC t n: the character table for bytes 0x80–0xFF. */
  table: (n: number) => [ESC, 0x74, n],
  /** US MD1: overwrite mode, a character past the end of the lower line goes to the top left, nothing scrolls. */
  overwrite: [US, 0x01],
  /** US C 0: the cursor not shown. */
  cursorOff: [US, 0x43, 0],
  /** CLR: the screen cleared, the cursor home. */
  clear: [0x0c],
  /** US $ x y: the cursor to column x (1–20) of line y (1–2). */
  moveTo: (column: number, line: number) => [US, 0x24, column, line],
} as const;

export interface DisplayTable {
  readonly codePage: PrinterCodePage;
  /** The number the display knows the table by (ESC t n). */
  readonly codeTable: number;
}

/** A line as the display can show it: in the table's characters, cut or padded to 20. */
export function fitLine(text: string, page: PrinterCodePage): string {
  return [...printable(text, page)].slice(0, COLUMNS).join('').padEnd(COLUMNS, ' ');
}

/**
 * The bytes that show two lines. `setUp`: the display is reset and told its table and mode first
 * (the port was just opened: the display may have been switched on since, in its own defaults).
 */
export function screenBytes(lines: readonly [string, string], table: DisplayTable, setUp: boolean): Uint8Array {
  const bytes: number[] = setUp
    ? [...CMD.initialize, ...CMD.table(table.codeTable), ...CMD.overwrite, ...CMD.cursorOff, ...CMD.clear]
    : [];
  lines.forEach((line, i) => {
    bytes.push(...CMD.moveTo(1, i + 1), ...encodeIn(fitLine(line, table.codePage), table.codePage));
  });
  return Uint8Array.from(bytes);
}
