/**
 * The fiscal server's receipt for a document (ticket01.xsd): which document it answers (UID and
 * ORDERNUM, the sender's), when the server registered it (ORDERDATE ddMMyyyy, ORDERTIME HHmmss,
 * Kyiv time), the fiscal number it gave (ORDERTAXNUM), a new offline session's id and seed with a
 * shift's opening, and ERRORCODE/ERRORTEXT where the server refused it in a ticket rather than in
 * an HTTP answer. windows-1251 like every DPS document; the server signs it (server/dps/exchange
 * checks that signature, this file only reads and writes the XML).
 */
import { encodeCp1251 } from '../../../shared/fiscal/cp1251.js';
import { decodeBody } from './read.js';
import { checkDpsSchema } from './schema/check.js';
import { at, el, parseXml, writeXml, type XmlNode } from './xml.js';

export interface Ticket {
  readonly UID: string;
  readonly ORDERDATE: string;
  readonly ORDERTIME: string;
  readonly ORDERNUM: string;
  readonly ORDERTAXNUM?: string;
  readonly OFFLINESESSIONID?: string;
  /** Digits only: kept as text, since a seed may be larger than a double holds exactly. */
  readonly OFFLINESEED?: string;
  readonly ERRORCODE?: string;
  readonly ERRORTEXT?: string;
  readonly VER: string;
}

/** The schema's order: the server writes it so, and a validator takes no other. */
const ORDER = [
  'UID',
  'ORDERDATE',
  'ORDERTIME',
  'ORDERNUM',
  'ORDERTAXNUM',
  'OFFLINESESSIONID',
  'OFFLINESEED',
  'ERRORCODE',
  'ERRORTEXT',
  'VER',
] as const satisfies readonly (keyof Ticket)[];

export class TicketError extends Error {
  override readonly name = 'TicketError';
}

export function renderTicket(t: Ticket): Buffer {
  const children: XmlNode[] = ORDER.flatMap((n) => (t[n] === undefined ? [] : [el(n, t[n] as string)]));
  const root = el('TICKET', children, {
    'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
    'xsi:noNamespaceSchemaLocation': 'ticket01.xsd',
  });
  return Buffer.from(encodeCp1251(writeXml(root, 'windows-1251')));
}

/** Reads a ticket's XML; throws TicketError when it is not one (not XML, another root, not valid against ticket01.xsd). */
export function readTicket(bytes: Uint8Array): Ticket {
  let text: string;
  try {
    text = decodeBody(bytes);
  } catch (err) {
    throw new TicketError(`квитанція не є текстом: ${(err as Error).message}`);
  }
  const verdict = checkDpsSchema('TICKET', text);
  if (!verdict.ok) throw new TicketError(`квитанція некоректна: ${verdict.path}: ${verdict.problem}`);
  const root = parseXml(text.replace(/\r\n?/g, '\n'));
  const out: Record<string, string> = {};
  for (const n of ORDER) {
    const v = at(root, n)?.text.trim();
    if (v !== undefined) out[n] = v;
  }
  return out as unknown as Ticket;
}
