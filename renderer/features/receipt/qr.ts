/**
 * The receipt's QR code: the tax service's check-verification link (HEAD.qr_url), made with the
 * `qrcode` library's encoder and drawn as one SVG path, which prints sharp at any printer's dots
 * and needs no canvas (the main process prints the markup in a window that runs no script).
 */
import QRCode from 'qrcode';

export interface QrMatrix {
  /** Modules per side. */
  readonly size: number;
  readonly dark: (x: number, y: number) => boolean;
}

/** The light border a reader needs around the code, in modules (ISO/IEC 18004). */
export const QUIET_ZONE = 4;

/**
 * Level M (15 % of the code may be lost): a thermal print smudges, and the link of a receipt
 * (about 120 characters) still fits a code about 25 mm wide at that level.
 */
export function qrMatrix(text: string): QrMatrix {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  return { size: modules.size, dark: (x, y) => modules.get(y, x) === 1 };
}

/** One path of unit squares, one per dark module, offset by the quiet zone. */
export function qrPath(m: QrMatrix): string {
  const parts: string[] = [];
  for (let y = 0; y < m.size; y++) {
    for (let x = 0; x < m.size; x++) if (m.dark(x, y)) parts.push(`M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`);
  }
  return parts.join('');
}
