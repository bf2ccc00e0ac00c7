/**
 * The control number a PRRO prints on an offline document: CRC32 of a comma-joined line of
 * seed, date, time, local document number, register number, desk number, [sum], [previous
 * hash], mod 10000, 0 becoming 1 (as an open-source PRRO client computes it; ../shared/domain.md).
 * UNCERTAIN: the field order, the formats of date and sum, and whether the CRC is read
 * little-endian exactly like this must be verified against the current DPS specification
 * before this number is relied on for real tax reporting.
 */
import { crc32 } from 'node:zlib';

export interface ControlInput {
  /** The offline session seed the tax server handed out. */
  readonly seed: string;
  /** ddMMyyyy and HHmmss, shop-local, as in the document head. */
  readonly date: string;
  readonly time: string;
  readonly localDocNumber: number;
  readonly numprro: string;
  readonly kasm: number;
  /** The document total, "123.45", where the document has one. */
  readonly sum?: string;
  /** The previous document's hash, where there is one. */
  readonly prevHash?: string;
}

export function controlCode(c: ControlInput): string {
  const parts = [c.seed, c.date, c.time, String(c.localDocNumber), c.numprro, String(c.kasm)];
  if (c.sum) parts.push(c.sum);
  if (c.prevHash) parts.push(c.prevHash);
  // zlib's crc32 is the unsigned value of the little-endian CRC bytes.
  const v = crc32(Buffer.from(parts.join(','), 'utf8')) % 10000;
  return String(v === 0 ? 1 : v);
}

/** Offline fiscal number of a document: `{offline_session_id}.{local_doc_number}.{control}`. */
export const offlineFiscalNumber = (sessionId: string, localDocNumber: number, control: string): string =>
  `${sessionId}.${localDocNumber}.${control}`;
