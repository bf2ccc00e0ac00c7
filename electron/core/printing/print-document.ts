/**
 * The document a receipt is printed from in the main process: the markup the interface rendered,
 * in a page of its own that can do nothing but show it. The hidden window that loads it runs no
 * script and the policy below lets it fetch nothing, so markup from the renderer (which the main
 * process does not trust) can only ever be drawn, never run.
 */
import type { PaperWidth } from '../../../shared/bridge/api.js';

export const PRINT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

export function printDocument(html: string, paperWidth: PaperWidth, heightMm: number): string {
  return [
    '<!doctype html>',
    '<html lang="uk"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${PRINT_CSP}">`,
    '<title>receipt</title>',
    // The roll is as wide as the paper and as long as this receipt: the printer cuts where it ends.
    `<style>@page { size: ${paperWidth}mm ${heightMm}mm; margin: 0 } html, body { margin: 0; padding: 0; background: #fff }</style>`,
    '</head><body>',
    html,
    '</body></html>',
  ].join('\n');
}

/** A data: URL for the hidden window (no file, no protocol of ours, nothing it could reach). */
export const documentUrl = (document: string): string =>
  `data:text/html;charset=utf-8;base64,${Buffer.from(document, 'utf8').toString('base64')}`;
