/**
 * The test page: which printer settings the till uses, the Ukrainian alphabet in each code table
 * a Ukrainian printer may have under the numbers makers give them, a ruler of the line's columns
 * and a QR code. Each alphabet is labelled in plain ASCII, which every table prints alike, so a
 * shop reads off which line came out in clean Cyrillic and sets that code page and number.
 */
import type { PrinterCodePage, PrinterDevice } from '../../../../shared/bridge/api.js';
import { encodeIn } from './code-page.js';
import { encoderFor } from './writer.js';

export const ALPHABET = 'АБВГҐДЕЄЖЗИІЇЙКЛМНОПРСТУФХЦЧШЩЬЮЯ абвгґдеєжзиіїйклмнопрстуфхцчшщьюя № 1 234,50';

/** The tables to try: cp866 as Epson and the Chinese makers number it, Windows-1251 as Epson (46) and XPrinter and most others (23). */
export const CANDIDATES: readonly { readonly codePage: PrinterCodePage; readonly codeTable: number }[] = [
  { codePage: 'cp866', codeTable: 17 },
  { codePage: 'windows1251', codeTable: 46 },
  { codePage: 'windows1251', codeTable: 23 },
];

const name = (c: { codePage: PrinterCodePage; codeTable: number }) => `${c.codePage} (ESC t ${c.codeTable})`;

export function testPageBytes(device: PrinterDevice, describe: string): Uint8Array {
  const chosen = { codePage: device.codePage, codeTable: device.codeTable };
  const others = CANDIDATES.filter((c) => c.codePage !== chosen.codePage || c.codeTable !== chosen.codeTable);
  const e = encoderFor(device).initialize();
  e.align('center').bold(true).line('TEST PAGE').bold(false).align('left');
  e.line(describe.slice(0, device.columns));
  e.line(`columns ${device.columns}, drawer ${device.drawer ? 'on' : 'off'}`);
  e.line('-'.repeat(device.columns));
  for (const [i, c] of [chosen, ...others].entries()) {
    e.line(i === 0 ? `SET NOW: ${name(c)}` : `TRY: ${name(c)}`);
    // The table switched by hand: each line is exactly the bytes of that table under that number.
    e.raw([0x1b, 0x74, c.codeTable]).raw(encodeIn(ALPHABET, c.codePage)).raw([0x0a]);
  }
  e.raw([0x1b, 0x74, chosen.codeTable]);
  e.line('-'.repeat(device.columns));
  e.line('1234567890'.repeat(5).slice(0, device.columns));
  e.align('center').qrcode('TEST', { model: 2, size: 6, errorlevel: 'm' }).align('left');
  return e.newline(4).cut('partial').encode();
}
