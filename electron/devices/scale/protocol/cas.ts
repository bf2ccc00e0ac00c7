/**
 * CAS's continuous RS-232 output ("stream mode"), as CAS PD-II, ER-Plus/ER Jr, AP-1 and DB-II
 * scales send it when their output is set to continuous: one ASCII line per reading,
 *
 *   ST,GS,+  1.234kg CR LF
 *
 * header 1 — ST stable, US unstable, OL overload; header 2 — GS gross, NT net; then the sign, the
 * weight right-aligned in spaces with the scale's own decimal point, the unit (kg, g, lb) and CRLF.
 * Source: the line as public CAS PD-II drivers read it (e.g. the CAS PD-II parser of the GroPOS
 * desktop till; some firmware puts an STX before the header, which is skipped) and the CAS "ST,GS"
 * stream format in the CAS ER/AP interface notes; not checked against a CAS manual in hand (docs/devices.md, "Scale").
 * Frames are read by bytes, so a line split across serial chunks or several lines in one chunk come
 * out the same (see CasFramer).
 */

export type ScaleUnit = 'kg' | 'g' | 'lb';

export type CasReading =
  | { readonly kind: 'weight'; readonly stable: boolean; readonly net: boolean; readonly kg: string; readonly unit: ScaleUnit }
  | { readonly kind: 'overload' }
  | { readonly kind: 'broken'; readonly line: string };

const LINE = /^(ST|US|OL),(GS|NT),([+-])\s*(\d+(?:\.\d+)?)\s*(kg|g|lb)$/;
/** An overloaded CAS fills the weight with dashes or letters; only the header is to be trusted then. */
const OVERLOAD = /^OL,(GS|NT),/;
const MAX_LINE = 64;
/** Some CAS firmware starts each line with STX; it carries nothing. */
const STX = String.fromCharCode(0x02);

/**
 * One line (without CRLF) to a reading. The weight is converted to kilograms as an exact decimal
 * string with 3 places (grams are whole, pounds are refused by the caller: a Ukrainian till sells by
 * the kilogram), by moving the decimal point, never through a binary float.
 */
export function parseCasLine(line: string): CasReading {
  const text = line.trim();
  if (OVERLOAD.test(text)) return { kind: 'overload' };
  const m = LINE.exec(text);
  if (!m) return { kind: 'broken', line: text };
  const [, status, mode, sign, digits, unit] = m as unknown as [string, string, string, string, string, ScaleUnit];
  const kg = unit === 'g' ? shiftLeft(digits, 3) : toPlaces(digits, 3);
  if (kg === null) return { kind: 'broken', line: text };
  const negative = sign === '-' && /[1-9]/.test(kg);
  return { kind: 'weight', stable: status === 'ST', net: mode === 'NT', unit, kg: negative ? `-${kg}` : kg };
}

/** "1.5" → "1.500"; a weight finer than a gram is not rounded but refused (null): never guessed. */
function toPlaces(digits: string, places: number): string | null {
  const [int = '0', frac = ''] = digits.split('.');
  if (/[1-9]/.test(frac.slice(places))) return null;
  return `${stripInt(int)}.${frac.slice(0, places).padEnd(places, '0')}`;
}

/** grams → kilograms: move the point 3 places left. */
function shiftLeft(digits: string, by: number): string | null {
  const [int = '0', frac = ''] = digits.split('.');
  const whole = int.padStart(by + 1, '0');
  return toPlaces(`${whole.slice(0, -by)}.${whole.slice(-by)}${frac}`, 3);
}

const stripInt = (int: string): string => int.replace(/^0+(?=\d)/, '');

/** Cuts a byte stream into lines ended by LF (CR dropped); a line that never ends is a broken frame. */
export class CasFramer {
  private buf = '';
  push(chunk: Buffer | string): CasReading[] {
    this.buf += typeof chunk === 'string' ? chunk : chunk.toString('latin1');
    const out: CasReading[] = [];
    let nl = this.buf.indexOf('\n');
    while (nl >= 0) {
      const line = this.buf.slice(0, nl).replace(/\r$/, '').split(STX).join('').trim();
      this.buf = this.buf.slice(nl + 1);
      if (line.length > 0) out.push(parseCasLine(line));
      nl = this.buf.indexOf('\n');
    }
    if (this.buf.length > MAX_LINE) {
      out.push({ kind: 'broken', line: this.buf.slice(0, MAX_LINE) });
      this.buf = '';
    }
    return out;
  }
}
