import { useMemo } from 'react';
import { QUIET_ZONE, qrMatrix, qrPath } from './qr.js';

/** The QR code of a link as SVG: black unit squares on white, crisp at any size. */
export function QrCode({ text }: { text: string }) {
  const { size, path } = useMemo(() => {
    const m = qrMatrix(text);
    return { size: m.size + 2 * QUIET_ZONE, path: qrPath(m) };
  }, [text]);
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      role="img"
      aria-label="QR"
      data-testid="receipt-qr"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
