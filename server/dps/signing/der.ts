/**
 * A small DER reader and writer. The reader keeps every element's exact bytes: a signature is
 * checked over the bytes as received (the DPS's signed attributes are not in sorted DER order,
 * and a certificate is hashed as it was issued), never over a re-encoding of a parsed object.
 */

export class DerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DerError';
  }
}

export interface Tlv {
  readonly tag: number;
  /** The whole element: tag, length and content. */
  readonly raw: Buffer;
  readonly content: Buffer;
}

export const TAG = {
  boolean: 0x01,
  integer: 0x02,
  bitString: 0x03,
  octetString: 0x04,
  null: 0x05,
  oid: 0x06,
  utf8String: 0x0c,
  printableString: 0x13,
  utcTime: 0x17,
  generalizedTime: 0x18,
  sequence: 0x30,
  set: 0x31,
} as const;

/** Context-specific tag n, constructed ([n] of a SEQUENCE or SET). */
export const ctx = (n: number, constructed = true): number => 0x80 | (constructed ? 0x20 : 0) | n;

/** One element at `offset`; throws DerError on anything that is not well-formed DER. */
export function readTlv(buf: Buffer, offset = 0): Tlv {
  if (offset + 2 > buf.length) throw new DerError('truncated element');
  const tag = buf[offset] as number;
  if ((tag & 0x1f) === 0x1f) throw new DerError('multi-byte tags are not used here');
  let len = buf[offset + 1] as number;
  let head = 2;
  if (len & 0x80) {
    const n = len & 0x7f;
    if (n === 0 || n > 4) throw new DerError('unsupported length');
    if (offset + 2 + n > buf.length) throw new DerError('truncated length');
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + (buf[offset + 2 + i] as number);
    head += n;
  }
  const end = offset + head + len;
  if (end > buf.length) throw new DerError('element runs past the end');
  return { tag, raw: buf.subarray(offset, end), content: buf.subarray(offset + head, end) };
}

/** The one element a buffer holds, with nothing after it. */
export function readOne(buf: Buffer): Tlv {
  const t = readTlv(buf, 0);
  if (t.raw.length !== buf.length) throw new DerError('bytes after the element');
  return t;
}

/** The elements inside a constructed element, in order. */
export function children(t: Tlv): Tlv[] {
  if ((t.tag & 0x20) === 0) throw new DerError(`element 0x${t.tag.toString(16)} is not constructed`);
  const out: Tlv[] = [];
  let at = 0;
  while (at < t.content.length) {
    const c = readTlv(t.content, at);
    out.push(c);
    at += c.raw.length;
  }
  return out;
}

export function expectTag(t: Tlv | undefined, tag: number, what: string): Tlv {
  if (!t || t.tag !== tag) throw new DerError(`${what}: expected tag 0x${tag.toString(16)}`);
  return t;
}

export function readOid(t: Tlv): string {
  expectTag(t, TAG.oid, 'object identifier');
  const b = t.content;
  if (b.length === 0) throw new DerError('empty object identifier');
  const first = b[0] as number;
  const parts = [Math.min(2, Math.floor(first / 40)), first - Math.min(2, Math.floor(first / 40)) * 40];
  let v = 0;
  for (let i = 1; i < b.length; i++) {
    const byte = b[i] as number;
    v = v * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) {
      parts.push(v);
      v = 0;
    }
  }
  return parts.join('.');
}

// ----- writer -----

function lengthBytes(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v % 256);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

export const tlv = (tag: number, content: Buffer): Buffer =>
  Buffer.concat([Buffer.from([tag]), lengthBytes(content.length), content]);
export const seq = (...items: Buffer[]): Buffer => tlv(TAG.sequence, Buffer.concat(items));
export const set = (...items: Buffer[]): Buffer => tlv(TAG.set, Buffer.concat(items));
export const octets = (b: Buffer): Buffer => tlv(TAG.octetString, b);
export const nullValue = (): Buffer => tlv(TAG.null, Buffer.alloc(0));
export const utf8 = (s: string): Buffer => tlv(TAG.utf8String, Buffer.from(s, 'utf8'));
export const printable = (s: string): Buffer => tlv(TAG.printableString, Buffer.from(s, 'ascii'));
export const bool = (v: boolean): Buffer => tlv(TAG.boolean, Buffer.from([v ? 0xff : 0]));
export const bits = (b: Buffer, unused = 0): Buffer => tlv(TAG.bitString, Buffer.concat([Buffer.from([unused]), b]));

export function integer(v: bigint | number): Buffer {
  let n = BigInt(v);
  if (n < 0n) throw new DerError('negative integers are not written here');
  const bytes: number[] = [];
  do {
    bytes.unshift(Number(n & 0xffn));
    n >>= 8n;
  } while (n > 0n);
  if ((bytes[0] as number) & 0x80) bytes.unshift(0);
  return tlv(TAG.integer, Buffer.from(bytes));
}

export function oid(dotted: string): Buffer {
  const p = dotted.split('.').map(Number);
  const out = [(p[0] as number) * 40 + (p[1] as number)];
  for (const v of p.slice(2)) {
    const chunk: number[] = [];
    let x = v;
    do {
      chunk.unshift(x % 128);
      x = Math.floor(x / 128);
    } while (x > 0);
    for (let i = 0; i < chunk.length - 1; i++) chunk[i] = (chunk[i] as number) | 0x80;
    out.push(...chunk);
  }
  return tlv(TAG.oid, Buffer.from(out));
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** UTCTime for 1950–2049 (RFC 5280), GeneralizedTime beyond. */
export function time(d: Date): Buffer {
  const y = d.getUTCFullYear();
  const rest = `${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z`;
  return y >= 1950 && y < 2050
    ? tlv(TAG.utcTime, Buffer.from(`${pad(y % 100)}${rest}`, 'ascii'))
    : tlv(TAG.generalizedTime, Buffer.from(`${y}${rest}`, 'ascii'));
}

export function readTime(t: Tlv): Date {
  const s = t.content.toString('ascii');
  const m =
    t.tag === TAG.utcTime
      ? /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/.exec(s)
      : t.tag === TAG.generalizedTime
        ? /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/.exec(s)
        : null;
  if (!m) throw new DerError(`not a time: ${s}`);
  const year = t.tag === TAG.utcTime ? (Number(m[1]) >= 50 ? 1900 : 2000) + Number(m[1]) : Number(m[1]);
  return new Date(Date.UTC(year, Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])));
}
