/**
 * The paper's layout, as a string: the same rules style every paper (a receipt, a service
 * document, a shift's report) on screen, in the browser's print and in the main process's print
 * window (which gets the markup with this style element inside it, and nothing else of the
 * interface).
 *
 * Thermal rolls print narrower than they are: 48 mm of a 58 mm roll (32 characters of the
 * printer's own font), 72 mm of an 80 mm roll (48 characters). The receipt is set in a monospace
 * font sized so those counts fit: 48 mm / 32 = 72 mm / 48 = 1.5 mm a character, and a monospace
 * character is about 0.6 of its font size, so 2.5 mm.
 */
import type { PaperWidth } from '../../../shared/bridge/api.js';

export interface PaperSize {
  readonly paperMm: number;
  readonly printMm: number;
  readonly chars: number;
  readonly qrMm: number;
}

export const PAPER_SIZES: Readonly<Record<PaperWidth, PaperSize>> = {
  58: { paperMm: 58, printMm: 48, chars: 32, qrMm: 30 },
  80: { paperMm: 80, printMm: 72, chars: 48, qrMm: 38 },
};

/** CSS pixels (1/96 inch) in a millimetre: what the browser lays the receipt out in. */
export const PX_PER_MM = 96 / 25.4;

const FONT_MM = 2.5;

export const PAPER_CSS = [
  `.receipt-paper{box-sizing:border-box;margin:0 auto;padding:2mm 0;background:#fff;color:#000;` +
    `font-family:"DejaVu Sans Mono","Liberation Mono",Consolas,"Courier New",monospace;font-size:${FONT_MM}mm;` +
    'line-height:1.25;overflow-wrap:anywhere}',
  ...Object.entries(PAPER_SIZES).map(
    ([w, s]) => `.receipt-paper.w${w}{width:${s.printMm}mm}.receipt-paper.w${w} .rp-qr svg{width:${s.qrMm}mm;height:${s.qrMm}mm}`,
  ),
  '.receipt-paper p{margin:0}',
  '.rp-c{text-align:center}',
  '.rp-b{font-weight:700}',
  '.rp-big{font-size:1.25em;font-weight:700}',
  '.rp-row{display:flex;justify-content:space-between;gap:1ch}',
  '.rp-row>:last-child{text-align:right;white-space:nowrap}',
  '.rp-ind{padding-left:2ch}',
  '.rp-sep{border-top:1px dashed #000;margin:1mm 0}',
  '.rp-qr{display:flex;justify-content:center;margin:1.5mm 0}',
  // Room to sign: more specific than the paper's own zero margin of a line.
  '.receipt-paper .rp-sign{margin-top:5mm}',
].join('\n');
