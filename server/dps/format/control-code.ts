/**
 * The control number of an offline document and its offline fiscal number (DPS API description,
 * "Розрахунок контрольного числа"): CRC-32 of the comma-joined seed, date, time, local document
 * number, register fiscal number, register local number, the total of a receipt-class document
 * and the previous document's hash, each where present. The DPS worked example gives 4758 only
 * when the four CRC bytes are read in reverse order, so they are (control-code.test.ts).
 */
import { crc32 } from 'node:zlib';

export interface ControlInput {
  /** The "secret number" the tax server handed out with the offline session. */
  readonly seed: string;
  /** ORDERDATE (ddMMyyyy) and ORDERTIME (HHmmss) of the document. */
  readonly date: string;
  readonly time: string;
  /** ORDERNUM: the register's local number of the document. */
  readonly orderNum: number;
  /** CASHREGISTERNUM and CASHDESKNUM. */
  readonly numprro: string;
  readonly localNumber: number;
  /** CHECKTOTAL/SUM as "0.00", for a receipt-class document. */
  readonly sum?: string;
  /** PREVDOCHASH, where the document carries one. */
  readonly prevHash?: string;
}

export function controlCode(c: ControlInput): string {
  const parts = [c.seed, c.date, c.time, String(c.orderNum), c.numprro, String(c.localNumber)];
  if (c.sum !== undefined) parts.push(c.sum);
  if (c.prevHash) parts.push(c.prevHash);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.from(parts.join(','), 'utf8')));
  const v = crc.readUInt32LE(0) % 10000;
  return String(v === 0 ? 1 : v);
}

/** Offline fiscal number: `{offline session id}.{number in the session}.{control}`. */
export const offlineFiscalNumber = (sessionId: number | string, n: number, control: string): string =>
  `${sessionId}.${n}.${control}`;
