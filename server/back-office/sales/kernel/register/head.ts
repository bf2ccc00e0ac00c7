/**
 * The head of a document at its place in a register's chain, and the same head changed in place
 * in a body already written (a document re-placed after a withdrawal, a correction or the
 * register going offline keeps everything a manager may have corrected, only its place changes).
 */
import { createHash } from 'node:crypto';
import { encodeCp1251 } from '../../../../../shared/fiscal/cp1251.js';
import { HEAD_ORDER } from '../../../../../shared/fiscal/head-order.js';
import type { DocHead } from '../../../../dps/format/content.js';
import { decodeBody } from '../../../../dps/format/read.js';
import { DPS_ENCODING } from '../../../../dps/format/render.js';
import { el, parseXml, writeXml, type XmlElement, type XmlNode } from '../../../../dps/format/xml.js';
import type { Seller } from '../fiscal/identity.js';
import { fiscalText } from '../fiscal/text.js';
import type { Moment } from '../moment.js';
import { headTime } from './head-time.js';

export interface Place {
  readonly numprro: string;
  readonly localNumber: number;
  readonly orderNum: number;
  readonly moment: Moment;
  readonly cashier: string;
  readonly seller: Seller;
  /** What makes the UID unique to this document. */
  readonly uidSeed: string;
}

/** Offline fields of a head; undefined for an online document. */
export interface OfflineFields {
  readonly ORDERTAXNUM: string;
  readonly PREVDOCHASH?: string;
}

/** A GUID in the form the DPS samples write, stable for the same document. */
function uidOf(seed: string): string {
  const h = createHash('sha256').update(seed).digest('hex').toUpperCase();
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-A${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export function headOf(p: Place, offline: OfflineFields | undefined): DocHead {
  const { date, time } = headTime(p.moment);
  const s = p.seller;
  return {
    UID: uidOf(p.uidSeed),
    TIN: s.tin,
    ...(s.vatPayer && s.ipn !== '' ? { IPN: s.ipn } : {}),
    ORGNM: s.orgName,
    POINTNM: s.pointName,
    ...(s.pointAddr === '' ? {} : { POINTADDR: s.pointAddr }),
    ORDERDATE: date,
    ORDERTIME: time,
    ORDERNUM: String(p.orderNum),
    CASHDESKNUM: String(p.localNumber),
    CASHREGISTERNUM: p.numprro,
    ...(p.cashier === '' ? {} : { CASHIER: fiscalText(p.cashier, 128) }),
    VER: '1',
    ...(offline ? { ORDERTAXNUM: offline.ORDERTAXNUM, OFFLINE: 'true' as const } : {}),
    ...(offline?.PREVDOCHASH ? { PREVDOCHASH: offline.PREVDOCHASH } : {}),
    ...(s.testing ? { TESTING: 'true' as const } : {}),
  };
}

const toNode = (e: XmlElement): XmlNode => ({
  name: e.name,
  attrs: { ...e.attrs },
  children: e.children.length > 0 ? e.children.map(toNode) : e.text === '' ? [] : [e.text],
});

/**
 * Sets (or, with undefined, removes) head elements of a written body and returns the new bytes,
 * in windows-1251. Elements keep the schema order.
 */
export function patchHead(bytes: Uint8Array, changes: Readonly<Record<string, string | undefined>>): Buffer {
  const root = parseXml(decodeBody(bytes));
  const headName = root.name === 'ZREP' ? 'ZREPHEAD' : 'CHECKHEAD';
  const children = root.children.map((c) => {
    if (c.name !== headName) return toNode(c);
    const kept = c.children.filter((h) => !Object.hasOwn(changes, h.name)).map(toNode);
    const added = Object.entries(changes).flatMap(([name, v]) => (v === undefined ? [] : [el(name, v)]));
    const rank = (n: XmlNode) => {
      const i = (HEAD_ORDER as readonly string[]).indexOf(typeof n === 'string' ? '' : n.name);
      return i < 0 ? HEAD_ORDER.length : i;
    };
    return { name: c.name, attrs: { ...c.attrs }, children: [...kept, ...added].sort((a, b) => rank(a) - rank(b)) };
  });
  const xml = writeXml({ name: root.name, attrs: { ...root.attrs }, children }, DPS_ENCODING);
  return Buffer.from(encodeCp1251(xml));
}
