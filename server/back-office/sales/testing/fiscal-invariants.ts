/**
 * The fiscal invariants every sequence of operations keeps: a register's live documents are
 * numbered 1..n without a gap; each names the previous one's hash; an offline document carries
 * the hash of the previous chained document of its session; every cash movement of a fiscal
 * till's drawer stands on a document whose cash it is; every Z-report says the totals of its
 * shift's documents. Each entry lists what breaks it; empty everywhere is a consistent register.
 */

import { canonicalJson } from '../../../../shared-node/canonical-json.js';
import type { Db } from '../../../../shared-node/sql/db.js';
import type { FiscalContent } from '../../../dps/format/content.js';
import { readDocument } from '../../../dps/format/read.js';
import { dec, fromDb } from '../../decimal.js';
import { shiftTotals } from '../kernel/shifts/totals.js';

interface Doc {
  id: number;
  numprro: string;
  doc_type: string;
  local_num: number;
  doc_hash: string;
  prev_doc_hash: string;
  offline_session_id: string;
  status: number;
  shift_id: number | null;
  content_json: string;
  xml_body_b64: string;
}

/** The cash a document moves in or out of its drawer (0 for one that moves none). */
function cashOf(c: FiscalContent): { amount: string; sign: 1 | -1 } | undefined {
  if (c.doc !== 'check') return undefined;
  if (c.DOCSUBTYPE === '2') return { amount: c.CHECKTOTAL?.SUM ?? '0', sign: 1 };
  if (c.DOCSUBTYPE === '4') return { amount: c.CHECKTOTAL?.SUM ?? '0', sign: -1 };
  const cash = c.CHECKPAY?.find((p) => p.PAYFORMCD === '0');
  return cash ? { amount: cash.SUM, sign: c.DOCSUBTYPE === '1' ? -1 : 1 } : undefined;
}

export function fiscalBreaches(db: Db): Record<string, unknown[]> {
  const docs = db.prepare('SELECT * FROM prro_docs WHERE status <> 5 ORDER BY numprro, local_num').all() as Doc[];
  const gaps: unknown[] = [];
  const links: unknown[] = [];
  const offlineLinks: unknown[] = [];
  let prev: Doc | undefined;
  const lastChained = new Map<string, string>();
  for (const d of docs) {
    const first = !prev || prev.numprro !== d.numprro;
    const expected = first ? 1 : (prev as Doc).local_num + 1;
    if (d.local_num !== expected) gaps.push({ id: d.id, numprro: d.numprro, local_num: d.local_num, expected });
    const expectedPrev = first ? '' : (prev as Doc).doc_hash;
    if (d.prev_doc_hash !== expectedPrev) links.push({ id: d.id, prev: d.prev_doc_hash, expected: expectedPrev });
    if (d.offline_session_id !== '') {
      const key = `${d.numprro}:${d.offline_session_id}`;
      const head = readDocument(Buffer.from(d.xml_body_b64, 'base64')).head;
      const want = d.doc_type === 'offline_begin' ? undefined : lastChained.get(key);
      if ((head.PREVDOCHASH ?? undefined) !== want) offlineLinks.push({ id: d.id, has: head.PREVDOCHASH, want });
      if (d.doc_type !== 'offline_begin' && d.doc_type !== 'offline_end') lastChained.set(key, d.doc_hash);
    }
    prev = d;
  }

  const byId = new Map(docs.map((d) => [d.id, d]));
  const movements = db
    .prepare(
      // Since the till's register began: what the drawer held before was counted before it.
      `SELECT m.id, m.amount, m.prro_doc_id FROM cash_movements m
       JOIN tills t ON t.akas = m.akas AND t.numprro <> ''
       WHERE m.created_at >= (SELECT min(d.created_at) FROM prro_docs d WHERE d.numprro = t.numprro)`,
    )
    .all() as { id: number; amount: number; prro_doc_id: number | null }[];
  const cashWithoutDocument = movements.filter((m) => m.prro_doc_id === null);
  const cashNotItsDocument = movements.filter((m) => {
    if (m.prro_doc_id === null) return false;
    const d = byId.get(m.prro_doc_id) ?? (db.prepare('SELECT * FROM prro_docs WHERE id = ?').get(m.prro_doc_id) as Doc);
    const cash = d.content_json === '' ? undefined : cashOf(JSON.parse(d.content_json) as FiscalContent);
    return !cash || !fromDb(m.amount, 'cur').eq(dec(cash.amount).mul(cash.sign));
  });

  const zNotShift: unknown[] = [];
  for (const z of docs.filter((d) => d.doc_type === 'z_report')) {
    const contents = docs
      .filter((d) => d.shift_id === z.shift_id && d.id !== z.id && d.content_json !== '' && d.doc_type !== 'z_report')
      .map((d) => JSON.parse(d.content_json) as FiscalContent);
    if (canonicalJson(shiftTotals(contents)) !== canonicalJson(JSON.parse(z.content_json)))
      zNotShift.push({ id: z.id, shift: z.shift_id });
  }
  return { gaps, links, offlineLinks, cashWithoutDocument, cashNotItsDocument, zNotShift };
}

export const NO_FISCAL_BREACHES = {
  gaps: [],
  links: [],
  offlineLinks: [],
  cashWithoutDocument: [],
  cashNotItsDocument: [],
  zNotShift: [],
};
