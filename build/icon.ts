/**
 * The application icon, drawn in code so it can be regenerated without an image editor: a
 * receipt on a blue rounded square. `npx tsx build/icon.ts` writes build/icon.png (256 px, for
 * electron-builder) and build/icon.ico (16 to 256 px, PNG-compressed entries, which Windows
 * has read since Vista). The test checks the committed files are what this code draws.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';

export const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256] as const;

type Rgb = readonly [number, number, number];
const BLUE: Rgb = [0x1d, 0x4e, 0xd8];
const WHITE: Rgb = [0xff, 0xff, 0xff];

/** What colour the logo has at (x, y) in the unit square, or undefined for transparent. */
function logoAt(x: number, y: number): Rgb | undefined {
  if (!inRoundedRect(x, y, 0.04, 0.04, 0.96, 0.96, 0.2)) return undefined;
  const inReceipt = x >= 0.29 && x <= 0.71 && y >= 0.18 && y <= 0.82 - zigzag(x);
  if (!inReceipt) return BLUE;
  const line = (top: number, from: number, to: number, height = 0.045) => y >= top && y <= top + height && x >= from && x <= to;
  if (line(0.29, 0.37, 0.63) || line(0.39, 0.37, 0.63) || line(0.49, 0.37, 0.55) || line(0.62, 0.47, 0.63, 0.07)) return BLUE;
  return WHITE;
}

/** The torn edge at the bottom of the receipt: a triangle wave 0.06 deep. */
const zigzag = (x: number) => {
  const period = 0.084;
  const t = (((x - 0.29) % period) + period) % period;
  return 0.06 * (1 - Math.abs(t / period - 0.5) * 2);
};

function inRoundedRect(x: number, y: number, x0: number, y0: number, x1: number, y1: number, r: number): boolean {
  if (x < x0 || x > x1 || y < y0 || y > y1) return false;
  const cx = Math.min(Math.max(x, x0 + r), x1 - r);
  const cy = Math.min(Math.max(y, y0 + r), y1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

/** RGBA pixels, each the average of 4×4 samples so small sizes stay smooth. */
function render(size: number): Buffer {
  const px = Buffer.alloc(size * size * 4);
  const n = 4;
  for (let py = 0; py < size; py++) {
    for (let pxX = 0; pxX < size; pxX++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const c = logoAt((pxX + (sx + 0.5) / n) / size, (py + (sy + 0.5) / n) / size);
          if (!c) continue;
          r += c[0];
          g += c[1];
          b += c[2];
          a++;
        }
      }
      const i = (py * size + pxX) * 4;
      if (a > 0) px.set([Math.round(r / a), Math.round(g / a), Math.round(b / a), Math.round((a / (n * n)) * 255)], i);
    }
  }
  return px;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

function png(size: number): Buffer {
  const rgba = render(size);
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4); // filter byte 0: none
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, deflate, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export function ico(sizes: readonly number[] = ICO_SIZES): Buffer {
  const images = sizes.map(png);
  const dir = Buffer.alloc(6 + 16 * sizes.length);
  dir.writeUInt16LE(0, 0);
  dir.writeUInt16LE(1, 2); // 1: icon
  dir.writeUInt16LE(sizes.length, 4);
  let offset = dir.length;
  sizes.forEach((size, i) => {
    const e = 6 + 16 * i;
    dir.writeUInt8(size >= 256 ? 0 : size, e); // 0 means 256
    dir.writeUInt8(size >= 256 ? 0 : size, e + 1);
    dir.writeUInt16LE(1, e + 4); // planes
    dir.writeUInt16LE(32, e + 6); // bits per pixel
    dir.writeUInt32LE(images[i]?.length ?? 0, e + 8);
    dir.writeUInt32LE(offset, e + 12);
    offset += images[i]?.length ?? 0;
  });
  return Buffer.concat([dir, ...images]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(new URL('icon.png', import.meta.url), png(256));
  writeFileSync(new URL('icon.ico', import.meta.url), ico());
  console.log('wrote build/icon.png and build/icon.ico');
}
