/**
 * Blocks (layout/blocks.ts) to the printer's bytes with @point-of-sale/receipt-printer-encoder
 * (docs/devices.md: why this encoder): initialise, the code page's table, each line within the columns, the
 * QR code as the printer's own symbol (GS ( k, model 2, level M: a thermal print smudges, and a
 * receipt's link of about 120 characters still fits about 25 mm at that level), paper fed past
 * the cutter and a partial cut. The text is made printable in the table first
 * (code-page.ts), so the encoder never writes a '?' of its own.
 */
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { PrinterCodePage, PrinterColumns } from '../../../../shared/bridge/api.js';
import { type Block, rowLines, wrap } from '../layout/blocks.js';
import { printable } from './code-page.js';

export interface PaperFormat {
  readonly columns: PrinterColumns;
  readonly codePage: PrinterCodePage;
  /** The number the printer knows the code page by (ESC t n). */
  readonly codeTable: number;
}

/** Lines fed before the cut: the cutter sits this far above the print head on common 58/80 mm printers. */
const FEED_BEFORE_CUT = 4;
/** The QR code's module size in dots: 6 dots of 0.125 mm is about 25 mm for a receipt's link. */
const QR_MODULE = 6;

export function encoderFor(format: PaperFormat): ReceiptPrinterEncoder {
  return new ReceiptPrinterEncoder({
    language: 'esc-pos',
    columns: format.columns,
    newline: '\n',
    codepageMapping: { [format.codePage]: format.codeTable },
  });
}

function writeBlock(e: ReceiptPrinterEncoder, b: Block, f: PaperFormat): void {
  const say = (s: string) => printable(s, f.codePage);
  if (b.kind === 'rule') {
    e.line('-'.repeat(f.columns));
    return;
  }
  if (b.kind === 'qr') {
    e.align('center').qrcode(b.data, { model: 2, size: QR_MODULE, errorlevel: 'm' }).align('left');
    return;
  }
  const lines =
    b.kind === 'text' ? wrap(say(b.text), f.columns) : rowLines(say(b.left), say(b.right), f.columns, b.indent ? 2 : 0);
  if (b.bold) e.bold(true);
  if (b.tall) e.height(2);
  if (b.kind === 'text' && b.center) e.align('center');
  // A no-break space keeps an amount's groups on one line; the printer is sent a plain space.
  for (const l of lines) e.line(l.replaceAll('\u00a0', ' '));
  if (b.kind === 'text' && b.center) e.align('left');
  if (b.tall) e.height(1);
  if (b.bold) e.bold(false);
}

/** One paper's bytes, from the printer's reset to the cut; `before`: bytes sent first (the drawer's pulse). */
export function paperBytes(blocks: readonly Block[], format: PaperFormat, before?: Uint8Array): Uint8Array {
  const e = encoderFor(format).initialize().codepage(format.codePage);
  if (before) e.raw(before);
  for (const b of blocks) writeBlock(e, b, format);
  return e.newline(FEED_BEFORE_CUT).cut('partial').encode();
}
