/**
 * Test support for the fiscal back office. The documents a register issued, read back from its
 * queue; the rules of shared/fiscal/choices.ts worked out again here from their wording (cash
 * rounding, taxes per letter, the CRC-32 control number, the hash chains, the Z-report sums), so
 * a test compares the back office's documents with what the rules say rather than with themselves;
 * and both schema validators, xmllint on the bytes and checkDpsSchema on the decoded text.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../../../../shared-node/sql/db.js';
import type { CheckContent, ZPay } from '../../../dps/format/content.js';
import { decodeBody, type ReadDocument, readDocument } from '../../../dps/format/read.js';
import { checkDpsSchema, type DpsSchemaVerdict } from '../../../dps/format/schema/check.js';
import { vendoredXsd } from '../../../dps/format/schema/test-support.js';
import { D, dec } from '../../decimal.js';

// ── the queue ───────────────────────────────────────────────────────────────

/** A document of a register's queue: its row and its body, read back. */
export interface QueueDoc {
  readonly id: number;
  readonly kasm: number;
  readonly numprro: string;
  readonly docType: string;
  readonly status: number;
  readonly localNum: number;
  readonly shiftId: number | null;
  readonly fiscalNumber: string;
  readonly offlineSessionId: string;
  readonly localDocNumber: number;
  readonly controlCode: string;
  readonly docHash: string;
  readonly prevDocHash: string;
  readonly lastError: string;
  readonly bytes: Buffer;
  /** The body decoded as its declaration says (windows-1251). */
  readonly text: string;
  readonly doc: ReadDocument;
}

interface DocRow {
  id: number;
  kasm: number;
  numprro: string;
  doc_type: string;
  status: number;
  local_num: number;
  shift_id: number | null;
  fiscal_number: string;
  offline_session_id: string;
  local_doc_number: number;
  control_code: string;
  doc_hash: string;
  prev_doc_hash: string;
  last_error: string;
  xml_body_b64: string;
}

const CANCELLED = 5;

/**
 * The documents of the queue in chain order (register, then local number). Withdrawn ones
 * (status 5) are left out unless `withdrawn` is set: they gave their place to the next one.
 */
export function queueDocs(db: Db, f: { numprro?: string; shiftId?: number; withdrawn?: boolean } = {}): QueueDoc[] {
  const rows = db
    .prepare(
      `SELECT id, kasm, numprro, doc_type, status, local_num, shift_id, fiscal_number, offline_session_id,
         local_doc_number, control_code, doc_hash, prev_doc_hash, last_error, xml_body_b64
       FROM prro_docs
       WHERE (@numprro = '' OR numprro = @numprro) AND (@shift = 0 OR shift_id = @shift) AND (@withdrawn = 1 OR status <> ${CANCELLED})
       ORDER BY numprro, local_num`,
    )
    .all({ numprro: f.numprro ?? '', shift: f.shiftId ?? 0, withdrawn: f.withdrawn ? 1 : 0 }) as DocRow[];
  return rows.map((r) => {
    const bytes = Buffer.from(r.xml_body_b64, 'base64');
    return {
      id: r.id,
      kasm: r.kasm,
      numprro: r.numprro,
      docType: r.doc_type,
      status: r.status,
      localNum: r.local_num,
      shiftId: r.shift_id,
      fiscalNumber: r.fiscal_number,
      offlineSessionId: r.offline_session_id,
      localDocNumber: r.local_doc_number,
      controlCode: r.control_code,
      docHash: r.doc_hash,
      prevDocHash: r.prev_doc_hash,
      lastError: r.last_error,
      bytes,
      text: decodeBody(bytes),
      doc: readDocument(bytes),
    };
  });
}

export const queueDoc = (db: Db, id: number): QueueDoc => {
  const d = queueDocs(db, { withdrawn: true }).find((x) => x.id === id);
  if (!d) throw new Error(`no queue document ${id}`);
  return d;
};

/** The check content of a queue document (DOCTYPE 0), or a failure naming what it is instead. */
export function checkOf(d: QueueDoc): CheckContent {
  const c = d.doc.content;
  if (c.doc !== 'check') throw new Error(`document ${d.id} is not a CHECK of DOCTYPE 0 but ${c.doc}`);
  return c;
}

/** A document's text read back as the tax server would get it: encoded windows-1251, then read. */
export const readBack = (text: string): ReadDocument => readDocument(cp1251(text));

// ── money ───────────────────────────────────────────────────────────────────

/** A money field of a document (absent: 0). */
export const money = (s: string | undefined): D => dec(s ?? '0');
export const x2 = (v: D): string => v.toFixed(2);
export const sumOf = (values: readonly D[]): D => values.reduce((a, b) => a.plus(b), new D(0));

/** The cash rounding step in effect on a shop-local date (DEFAULT_ROUNDING_STEPS, NBU). */
export const stepOn = (isoDate: string): D => new D(isoDate >= '2025-10-01' ? '0.50' : '0.10');

/**
 * The NBU rule worded as it is published: with 0.10, 1–4 kopecks go down and 5–9 up; with 0.50,
 * 01–24 go down, 25–74 to 50 and 75–99 up. Both are "the remainder below half a step goes down".
 */
export function roundCash(amount: D, step: D): D {
  const rest = amount.mod(step);
  const down = amount.minus(rest);
  return rest.lt(step.div(2)) ? down : down.plus(step);
}

/** Half up to kopecks, as every money amount of a document is written. */
export const kopecks = (v: D): D => v.toDecimalPlaces(2, D.ROUND_HALF_UP);

// ── taxes ───────────────────────────────────────────────────────────────────

/** The tax rates of the shop: the DPS samples' letters, as the back office installs them. */
export const RATES: Readonly<Record<string, { readonly type: 0 | 1; readonly prc: D }>> = {
  А: { type: 0, prc: new D(20) },
  Б: { type: 0, prc: new D(7) },
  Г: { type: 1, prc: new D(5) },
};

export interface TaxedLine {
  readonly letters: string;
  /** COST: quantity × price, before discount. */
  readonly cost: D;
  /** The money of the document for the line: its sum, or its share of a partial payment. */
  readonly base: D;
}

export interface ExpectedTax {
  readonly letter: string;
  readonly type: number;
  readonly prc: D;
  readonly turnover: D;
  readonly source: D;
  readonly sum: D;
}

/** Tax included in an amount at a percent: amount × prc / (100 + prc), unrounded. */
const included = (amount: D, prc: D): D => amount.mul(prc).div(prc.plus(100));

/**
 * choices.ts "taxes": an excise tax is computed once per letter on the whole of its lines and
 * shared back over them in kopecks (in proportion, the odd kopecks to the largest remainders);
 * VAT is computed per letter on what remains of its lines, rounded once per letter.
 */
export function expectedTaxes(lines: readonly TaxedLine[]): ExpectedTax[] {
  const lettersOf = (type: 0 | 1) => [...new Set(lines.flatMap((l) => [...l.letters]))].filter((x) => RATES[x]?.type === type);
  const out = new Map<string, ExpectedTax>();
  const rest = lines.map((l) => l.base);
  for (const letter of lettersOf(1)) {
    const prc = (RATES[letter] as { prc: D }).prc;
    const mine = lines.flatMap((l, i) => (l.letters.includes(letter) ? [i] : []));
    const source = mine.reduce((s, i) => s.plus((lines[i] as TaxedLine).base), new D(0));
    const tax = kopecks(included(source, prc));
    const exact = mine.map((i) => (source.isZero() ? new D(0) : tax.mul((lines[i] as TaxedLine).base).div(source)));
    const shares = exact.map((x) => x.toDecimalPlaces(2, D.ROUND_DOWN));
    let odd = tax
      .minus(shares.reduce((s, x) => s.plus(x), new D(0)))
      .mul(100)
      .toNumber();
    const byRemainder = exact.map((x, k) => ({ k, r: x.minus(shares[k] as D) })).sort((a, b) => b.r.cmp(a.r) || a.k - b.k);
    for (const { k } of byRemainder) if (odd-- > 0) shares[k] = (shares[k] as D).plus('0.01');
    mine.forEach((i, k) => {
      rest[i] = (rest[i] as D).minus(shares[k] as D);
    });
    const turnover = mine.reduce((s, i) => s.plus((lines[i] as TaxedLine).cost), new D(0));
    out.set(letter, { letter, type: 1, prc, turnover, source, sum: tax });
  }
  for (const letter of lettersOf(0)) {
    const prc = (RATES[letter] as { prc: D }).prc;
    const mine = lines.flatMap((l, i) => (l.letters.includes(letter) ? [i] : []));
    const source = mine.reduce((s, i) => s.plus(rest[i] as D), new D(0));
    const turnover = mine.reduce((s, i) => s.plus((lines[i] as TaxedLine).cost), new D(0));
    out.set(letter, { letter, type: 0, prc, turnover, source, sum: kopecks(included(source, prc)) });
  }
  return [...out.keys()].sort().map((letter) => out.get(letter) as ExpectedTax);
}

// ── the arithmetic of one document ──────────────────────────────────────────

const MONEY = /^-?\d+\.\d{2}$/;

/**
 * Everything that must add up in a receipt-class document, checked from its own fields: each
 * COST is AMOUNT × PRICE; the goods (COST less discount) are NORNDSUM (or SUM when nothing was
 * rounded); the payments are what was paid (SUM, or PARTPAYSUM of a partial payment); RNDSUM is
 * NORNDSUM less what was paid; only cash is rounded, to the step of the document's date; a
 * partial payment's rows share out the exact amount paid; and the taxes are those of the lines.
 * Returns the problems found; [] for a document that adds up.
 */
export function arithmeticProblems(d: ReadDocument): string[] {
  const c = d.content;
  if (c.doc !== 'check' || (c.DOCSUBTYPE !== '0' && c.DOCSUBTYPE !== '1')) return [];
  const out: string[] = [];
  const t = c.CHECKTOTAL;
  if (!t) return ['no CHECKTOTAL'];
  const rows = c.CHECKBODY ?? [];
  const pays = c.CHECKPAY ?? [];
  for (const [name, v] of Object.entries(t))
    if (name.endsWith('SUM') && !MONEY.test(v as string)) out.push(`CHECKTOTAL/${name} ${v}`);
  rows.forEach((r, i) => {
    const cost = kopecks(dec(r.AMOUNT).mul(dec(r.PRICE)));
    if (!money(r.COST).eq(cost)) out.push(`ROW ${i + 1}: COST ${r.COST} is not AMOUNT × PRICE = ${x2(cost)}`);
    for (const f of [r.COST, r.PRICE, r.DISCOUNTSUM, r.PARTPAYSUM])
      if (f !== undefined && !MONEY.test(f)) out.push(`ROW ${i + 1}: ${f}`);
  });
  const goods = sumOf(rows.map((r) => money(r.COST).minus(money(r.DISCOUNTSUM))));
  const paidByForms = sumOf(pays.map((p) => money(p.SUM)));
  const partial = t.PARTPAYTYPE !== undefined;
  const paid = partial ? money(t.PARTPAYSUM) : money(t.SUM);
  const rounding = money(t.RNDSUM);
  const exact = t.NORNDSUM === undefined ? paid : money(t.NORNDSUM);
  if ((t.RNDSUM === undefined) !== (t.NORNDSUM === undefined)) out.push('RNDSUM and NORNDSUM go together');
  if (!rounding.eq(exact.minus(paid))) out.push(`RNDSUM ${t.RNDSUM} is not NORNDSUM ${x2(exact)} − paid ${x2(paid)}`);
  if (!paidByForms.eq(paid)) out.push(`payments ${x2(paidByForms)} are not the amount paid ${x2(paid)}`);
  if (partial) {
    if (!money(t.SUM).eq(goods)) out.push(`partial SUM ${t.SUM} is not the goods ${x2(goods)}`);
    const shares = rows.map((r) => money(r.PARTPAYSUM));
    if (!sumOf(shares).eq(exact)) out.push(`row shares ${x2(sumOf(shares))} are not the exact amount paid ${x2(exact)}`);
    rows.forEach((r, i) => {
      // Each row's share is its part of the goods, give or take the kopeck that makes them add up.
      const fair = goods.isZero() ? new D(0) : exact.mul(money(r.COST).minus(money(r.DISCOUNTSUM))).div(goods);
      if (money(r.PARTPAYSUM).minus(fair).abs().gte('0.01'))
        out.push(`ROW ${i + 1}: share ${r.PARTPAYSUM} is not about ${fair.toFixed(4)}`);
    });
  } else if (!exact.eq(goods)) {
    out.push(`the goods ${x2(goods)} are not NORNDSUM/SUM ${x2(exact)}`);
  }
  // Only the cash row is rounded: its exact amount is it plus RNDSUM, rounded to the day's step.
  const cash = pays.find((p) => p.PAYFORMCD === '0');
  const date = d.head.ORDERDATE ?? '';
  const step = stepOn(`${date.slice(4, 8)}-${date.slice(2, 4)}-${date.slice(0, 2)}`);
  if (cash) {
    if (!roundCash(money(cash.SUM).plus(rounding), step).eq(money(cash.SUM))) {
      out.push(`cash ${cash.SUM} is not ${x2(money(cash.SUM).plus(rounding))} rounded to ${x2(step)}`);
    }
    if (cash.REMAINS !== undefined && !money(cash.PROVIDED).minus(money(cash.SUM)).eq(money(cash.REMAINS))) {
      out.push(`REMAINS ${cash.REMAINS} is not PROVIDED ${cash.PROVIDED} − ${cash.SUM}`);
    }
  } else if (!rounding.isZero()) {
    out.push(`RNDSUM ${t.RNDSUM} without a cash payment`);
  }
  const expected = expectedTaxes(
    rows.map((r) => ({
      letters: r.LETTERS ?? '',
      cost: money(r.COST),
      base: partial ? money(r.PARTPAYSUM) : money(r.COST).minus(money(r.DISCOUNTSUM)),
    })),
  );
  const written = (c.CHECKTAX ?? []).map((x) => `${x.LETTER} ${x.TYPE} ${x.PRC} ${x.TURNOVER} ${x.SOURCESUM} ${x.SUM}`);
  const wanted = expected.map((x) => `${x.letter} ${x.type} ${x2(x.prc)} ${x2(x.turnover)} ${x2(x.source)} ${x2(x.sum)}`);
  if (written.join('; ') !== wanted.join('; ')) out.push(`taxes [${written.join('; ')}], expected [${wanted.join('; ')}]`);
  return out;
}

// ── the chain of a register ─────────────────────────────────────────────────

export const sha256 = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');

/**
 * The chain of one register's live documents: local numbers 1, 2, 3… without a gap, each body's
 * ORDERNUM and register saying so, each document's hash the SHA-256 of its body, and each one's
 * prev_doc_hash the hash of the live document before it.
 */
export function chainProblems(docs: readonly QueueDoc[]): string[] {
  const out: string[] = [];
  docs.forEach((d, i) => {
    const at = `document ${d.id} (${d.docType})`;
    if (d.localNum !== i + 1) out.push(`${at}: local number ${d.localNum}, expected ${i + 1}`);
    if (d.doc.head.ORDERNUM !== String(d.localNum))
      out.push(`${at}: ORDERNUM ${d.doc.head.ORDERNUM} is not its place ${d.localNum}`);
    if (d.doc.head.CASHREGISTERNUM !== d.numprro) out.push(`${at}: CASHREGISTERNUM ${d.doc.head.CASHREGISTERNUM}`);
    if (d.docHash !== sha256(d.bytes)) out.push(`${at}: doc_hash is not the SHA-256 of its body`);
    const prev = i === 0 ? '' : (docs[i - 1] as QueueDoc).docHash;
    if (d.prevDocHash !== prev)
      out.push(`${at}: prev_doc_hash ${d.prevDocHash.slice(0, 8)} is not ${prev.slice(0, 8) || '(none)'}`);
  });
  return out;
}

// ── offline documents ───────────────────────────────────────────────────────

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 (IEEE 802.3, as zip and PNG use it). */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/**
 * choices.ts "control number": the CRC-32 of the comma-joined fields, its four bytes read in
 * reverse order, the last four decimal digits, 0 becoming 1.
 */
export function controlNumber(fields: readonly string[]): string {
  const crc = crc32(Buffer.from(fields.join(','), 'utf8'));
  const reversed = (((crc & 0xff) << 24) | (((crc >>> 8) & 0xff) << 16) | (((crc >>> 16) & 0xff) << 8) | (crc >>> 24)) >>> 0;
  const v = reversed % 10000;
  return String(v === 0 ? 1 : v);
}

/** The control number of a document as its head and total say, for the session's seed. */
export function controlOf(d: ReadDocument, seed: string): string {
  const h = d.head;
  const total = d.content.doc === 'check' ? d.content.CHECKTOTAL?.SUM : undefined;
  const fields = [seed, h.ORDERDATE ?? '', h.ORDERTIME ?? '', h.ORDERNUM ?? '', h.CASHREGISTERNUM ?? '', h.CASHDESKNUM ?? ''];
  if (total !== undefined) fields.push(total);
  if (h.PREVDOCHASH) fields.push(h.PREVDOCHASH);
  return controlNumber(fields);
}

const kindOf = (d: QueueDoc): string => (d.doc.root.name === 'ZREP' ? 'zrep' : (d.doc.head.DOCTYPE ?? ''));

/**
 * The documents of each offline session of a register: it starts with a 102; each document is
 * OFFLINE with ORDERTAXNUM `session.n.control`, n counting from 1, the control number recomputed
 * here; PREVDOCHASH is the SHA-256 of the previous chained document of the session as sent
 * (none for the first, none on the 102; the 103 carries the last one's).
 */
export function offlineProblems(docs: readonly QueueDoc[], seedOf: (session: string) => string): string[] {
  const out: string[] = [];
  const sessions = new Map<string, QueueDoc[]>();
  for (const d of docs.filter((x) => x.offlineSessionId !== '')) {
    sessions.set(d.offlineSessionId, [...(sessions.get(d.offlineSessionId) ?? []), d]);
  }
  for (const [session, list] of sessions) {
    const seed = seedOf(session);
    let lastChained: QueueDoc | undefined;
    list.forEach((d, i) => {
      const at = `session ${session} document ${i + 1} (${d.docType}, id ${d.id})`;
      const h = d.doc.head;
      const kind = kindOf(d);
      if (i === 0 && kind !== '102') out.push(`${at}: a session starts with a 102, not ${kind}`);
      if (h.OFFLINE !== 'true') out.push(`${at}: OFFLINE is ${h.OFFLINE ?? '(absent)'}`);
      const prev = kind === '102' ? undefined : lastChained ? sha256(lastChained.bytes) : undefined;
      if (h.PREVDOCHASH !== prev) out.push(`${at}: PREVDOCHASH ${h.PREVDOCHASH ?? '(none)'}, expected ${prev ?? '(none)'}`);
      const control = controlOf(d.doc, seed);
      const taxNum = `${session}.${i + 1}.${control}`;
      if (h.ORDERTAXNUM !== taxNum) out.push(`${at}: ORDERTAXNUM ${h.ORDERTAXNUM}, expected ${taxNum}`);
      if (d.fiscalNumber !== taxNum) out.push(`${at}: fiscal number ${d.fiscalNumber}, expected ${taxNum}`);
      if (d.controlCode !== control) out.push(`${at}: control_code ${d.controlCode}, expected ${control}`);
      if (kind !== '102' && kind !== '103') lastChained = d;
    });
  }
  return out;
}

/** The seed the tax server handed out with an offline session, as the register keeps it. */
export const seedOfSession =
  (db: Db, numprro: string) =>
  (session: string): string =>
    db
      .prepare('SELECT seed FROM prro_offline_sessions WHERE numprro = ? AND session_id = ?')
      .pluck()
      .get(numprro, Number(session)) as string;

// ── shift totals from the documents ─────────────────────────────────────────

export interface KindTotals {
  sum: D;
  rnd: D;
  nornd: D;
  count: number;
  /** PAYFORMCD → sum. */
  forms: Map<string, D>;
  /** LETTER → turnover, source and tax. */
  taxes: Map<string, { turnover: D; source: D; sum: D }>;
}

export interface ShiftSums {
  readonly sales: KindTotals;
  readonly returns: KindTotals;
  readonly input: D;
  readonly output: D;
}

const emptyKind = (): KindTotals => ({
  sum: new D(0),
  rnd: new D(0),
  nornd: new D(0),
  count: 0,
  forms: new Map(),
  taxes: new Map(),
});

/**
 * What a shift's documents add up to, read from their bodies: the money received (SUM, or
 * PARTPAYSUM of a partial payment), RNDSUM, the exact amount, the count, the money by form and the
 * taxes by letter, for sales and returns apart; and the service deposits and withdrawals.
 */
export function sumShift(docs: readonly ReadDocument[]): ShiftSums {
  const sales = emptyKind();
  const returns = emptyKind();
  let input = new D(0);
  let output = new D(0);
  for (const d of docs) {
    if (d.content.doc !== 'check') continue;
    const c = d.content;
    const t = c.CHECKTOTAL;
    if (c.DOCSUBTYPE === '2') input = input.plus(money(t?.SUM));
    if (c.DOCSUBTYPE === '4') output = output.plus(money(t?.SUM));
    if (c.DOCSUBTYPE !== '0' && c.DOCSUBTYPE !== '1') continue;
    const k = c.DOCSUBTYPE === '0' ? sales : returns;
    const paid = t?.PARTPAYTYPE !== undefined ? money(t.PARTPAYSUM) : money(t?.SUM);
    k.sum = k.sum.plus(paid);
    k.rnd = k.rnd.plus(money(t?.RNDSUM));
    k.nornd = k.nornd.plus(t?.NORNDSUM === undefined ? paid : money(t.NORNDSUM));
    k.count++;
    for (const p of c.CHECKPAY ?? []) k.forms.set(p.PAYFORMCD, (k.forms.get(p.PAYFORMCD) ?? new D(0)).plus(money(p.SUM)));
    for (const x of c.CHECKTAX ?? []) {
      const a = k.taxes.get(x.LETTER) ?? { turnover: new D(0), source: new D(0), sum: new D(0) };
      k.taxes.set(x.LETTER, {
        turnover: a.turnover.plus(money(x.TURNOVER)),
        source: a.source.plus(money(x.SOURCESUM)),
        sum: a.sum.plus(money(x.SUM)),
      });
    }
  }
  return { sales, returns, input, output };
}

/** A Z-report section in the same shape, to compare with sumShift (absent section: zeros). */
export function zKind(z: ZPay | undefined): KindTotals {
  const k = emptyKind();
  if (!z) return k;
  k.sum = money(z.SUM);
  k.rnd = money(z.RNDSUM);
  k.nornd = z.NORNDSUM === undefined ? money(z.SUM) : money(z.NORNDSUM);
  k.count = Number(z.ORDERSCNT);
  for (const p of z.PAYFORMS ?? []) k.forms.set(p.PAYFORMCD, money(p.SUM));
  for (const x of z.TAXES ?? [])
    k.taxes.set(x.LETTER, { turnover: money(x.TURNOVER), source: money(x.SOURCESUM), sum: money(x.SUM) });
  return k;
}

/** Totals as plain strings, so a failing comparison shows every figure. */
export function shown(k: KindTotals) {
  return {
    sum: x2(k.sum),
    rnd: x2(k.rnd),
    nornd: x2(k.nornd),
    count: k.count,
    forms: Object.fromEntries([...k.forms].sort().map(([code, v]) => [code, x2(v)])),
    taxes: Object.fromEntries(
      [...k.taxes].sort().map(([l, v]) => [l, { turnover: x2(v.turnover), source: x2(v.source), sum: x2(v.sum) }]),
    ),
  };
}

// ── schemas and encoding ────────────────────────────────────────────────────

export type Root = 'CHECK' | 'ZREP';

export interface SchemaVerdicts {
  /** '' when xmllint says the file validates, its complaint otherwise. */
  readonly xmllint: string;
  readonly ours: DpsSchemaVerdict;
}

/**
 * Each document checked by xmllint (on the bytes as they would be sent, one run per schema for
 * all of them) and by checkDpsSchema (on the decoded text). xmllint missing is a failure.
 */
export function validate(docs: readonly { name: string; root: Root; bytes: Uint8Array }[]): Map<string, SchemaVerdicts> {
  const dir = mkdtempSync(join(tmpdir(), 'dps-docs-'));
  try {
    const files = docs.map((d, i) => ({ ...d, file: join(dir, `${i}.xml`) }));
    for (const f of files) writeFileSync(f.file, f.bytes);
    const lint = new Map<string, string>();
    for (const root of ['CHECK', 'ZREP'] as const) {
      const mine = files.filter((f) => f.root === root);
      if (mine.length === 0) continue;
      const run = spawnSync('xmllint', ['--noout', '--schema', vendoredXsd(root), ...mine.map((f) => f.file)], {
        encoding: 'utf8',
      });
      if (run.error) throw new Error(`xmllint is required (Debian: libxml2-utils): ${run.error.message}`);
      const lines = run.stderr.split('\n');
      for (const f of mine) {
        if (lines.includes(`${f.file} validates`)) lint.set(f.name, '');
        else lint.set(f.name, lines.filter((l) => l.startsWith(f.file)).join('\n') || `xmllint exited ${run.status}`);
      }
    }
    return new Map(
      files.map((f) => [f.name, { xmllint: lint.get(f.name) ?? 'not run', ours: checkDpsSchema(f.root, decodeBody(f.bytes)) }]),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** windows-1251 bytes of Ukrainian text, from the code page's table (ASCII as it is). */
export function cp1251(text: string): Buffer {
  const special: Record<string, number> = {
    Ё: 0xa8,
    ё: 0xb8,
    Є: 0xaa,
    є: 0xba,
    І: 0xb2,
    і: 0xb3,
    Ї: 0xaf,
    ї: 0xbf,
    Ґ: 0xa5,
    ґ: 0xb4,
  };
  return Buffer.from(
    [...text].map((ch) => {
      const cp = ch.codePointAt(0) as number;
      if (cp < 0x80) return cp;
      if (cp >= 0x410 && cp <= 0x44f) return 0xc0 + (cp - 0x410);
      const b = special[ch];
      if (b === undefined) throw new Error(`no windows-1251 byte in this table for ${ch}`);
      return b;
    }),
  );
}
