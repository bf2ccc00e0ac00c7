/**
 * Test support for the receipt's component tests: the paper rendered as a customer reads it (its
 * text, and its QR code read back by a QR reader from the drawn modules, as a phone would).
 * It touches no server code, so every test of the receipt may share it.
 */
import { render } from '@testing-library/react';
import jsqr from 'jsqr';
import { createElement } from 'react';
import type { PaperWidth } from '../../../shared/bridge/api.js';
import type { Receipt } from '../../../shared/paper/receipt.js';
import { ReceiptPaper } from './ReceiptPaper.js';

// jsqr is CommonJS whose module is the function and also carries it as `default`.
const jsQR = jsqr.default;

export function showPaper(r: Receipt, width: PaperWidth): { paper: HTMLElement; text: string } {
  const view = render(createElement(ReceiptPaper, { receipt: r, width }));
  const paper = view.getByTestId('receipt-paper');
  // Text as printed: one space for the no-break spaces that group thousands.
  return { paper, text: (paper.textContent ?? '').replace(/\u00a0/g, ' ') };
}

/** The paper's text block by block (each <p> a printed line), for checks of order and of one line. */
export const paperLines = (paper: HTMLElement): string[] =>
  [...paper.querySelectorAll('p')].map((p) => (p.textContent ?? '').replace(/\u00a0/g, ' '));

/** Reads the QR code drawn on the paper the way a phone would: pixels in, text out. */
export function readQr(paper: HTMLElement): string | undefined {
  const svg = paper.querySelector('[data-testid="receipt-qr"]');
  const d = svg?.querySelector('path')?.getAttribute('d') ?? '';
  const size = Number((svg?.getAttribute('viewBox') ?? '').split(' ')[2]);
  const SCALE = 4;
  const px = size * SCALE;
  const image = new Uint8ClampedArray(px * px * 4).fill(255);
  for (const [, x, y] of d.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    for (let dy = 0; dy < SCALE; dy++)
      for (let dx = 0; dx < SCALE; dx++) {
        const at = ((Number(y) * SCALE + dy) * px + Number(x) * SCALE + dx) * 4;
        image.fill(0, at, at + 3);
      }
  }
  return jsQR(image, px, px)?.data;
}
