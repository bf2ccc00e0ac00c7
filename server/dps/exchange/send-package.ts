/**
 * An offline session's documents to the server (POST /pck), in chain order. Each document is
 * signed already (their hash chain runs over those bytes); the package is signed again, as a
 * whole, with the register's key, and kept under 200 KB: the documents go in as many packages
 * as that takes, each sent once the one before was taken.
 *
 * The server's NextLocalNum (TransactionsRegistrarState) is asked first: documents below it
 * were taken already (a package whose answer was lost, the earlier parts of this one) and are
 * not sent again; that they are ours is checked on the last of them (its fiscal number is the
 * offline one it carries). A package refused with text only names its document through
 * NextLocalNum, asked again after the refusal (or, failing that, "№ K в пакеті" in the text).
 * A package whose answer is lost counts as taken only where NextLocalNum has passed it; else
 * "unreachable", and the next try resumes where the server stands.
 */

import { MESSAGE_LIMIT_BYTES } from '../format/limits.js';
import type { OfflineCredentials, Outgoing, PackageOutcome } from '../port.js';
import { type Signer, signContent } from '../signing/cms.js';
import { digitsOf } from './commands.js';
import { type ExchangeContext, OCTETS, signerOf } from './context.js';
import { ownHeadOf } from './own-head.js';
import { packDocuments } from './package.js';
import { documentInfo, registrarStateOf } from './queries.js';
import { bodyText, jsonOf, refusalOf } from './refusal.js';

/** Room left in a package for its signature (the signer's certificate, attributes, structure): generous. */
const ENVELOPE_ROOM = 8 * 1024;

interface Item {
  readonly out: Outgoing;
  /** Its place in the documents given. */
  readonly index: number;
  readonly localNum: number;
  /** The offline fiscal number it carries (ORDERTAXNUM). */
  readonly taxNum: string;
  /** The session's end (103): the package holding it brings the next session's credentials. */
  readonly ends: boolean;
}

function itemOf(out: Outgoing, index: number): Item {
  const head = ownHeadOf(out);
  return { out, index, localNum: out.localNum, taxNum: head.field('ORDERTAXNUM') ?? '', ends: head.field('DOCTYPE') === '103' };
}

/** The documents in packages of at most 200 KB (each framed with its 4-byte length). */
function parts(items: readonly Item[]): Item[][] {
  const budget = MESSAGE_LIMIT_BYTES - ENVELOPE_ROOM;
  const out: Item[][] = [];
  let current: Item[] = [];
  let size = 0;
  for (const it of items) {
    const len = 4 + it.out.body.length;
    if (current.length > 0 && size + len > budget) {
      out.push(current);
      current = [];
      size = 0;
    }
    current.push(it);
    size += len;
  }
  if (current.length > 0) out.push(current);
  return out;
}

/** The local number the server expects next, or why it could not be asked. */
async function nextLocalNum(ctx: ExchangeContext, numprro: string, signer: Signer): Promise<number | { reason: string }> {
  const s = await registrarStateOf(ctx, numprro, signer);
  if (s.kind === 'answer') return s.value.nextLocalNum;
  return { reason: s.kind === 'rejected' ? s.text : s.kind === 'absent' ? 'сервер не дав стану ПРРО' : s.reason };
}

/** The next session's credentials in a package's answer ("OK", or JSON once it held the 103). */
function credentialsIn(body: Buffer): OfflineCredentials | undefined | 'garbage' {
  const text = bodyText(body).trim();
  if (/^"?ok"?$/i.test(text)) return undefined;
  const json = jsonOf(body);
  if (typeof json !== 'object' || json === null) return 'garbage';
  const id = digitsOf(text, 'OfflineSessionId');
  const seed = digitsOf(text, 'OfflineSeed');
  return id && seed ? { id: Number(id), seed } : undefined;
}

/** Whether a package's first document is a 102 with REVOKELASTONLINEDOC (DPS API description, "Відкликання останнього онлайн чека"). */
function revokesLastOnline(out: Outgoing): boolean {
  const head = ownHeadOf(out);
  return head.field('DOCTYPE') === '102' && head.field('REVOKELASTONLINEDOC') === 'true';
}

export async function sendPackage(ctx: ExchangeContext, docs: readonly Outgoing[]): Promise<PackageOutcome> {
  const first = docs[0];
  if (!first) return { kind: 'accepted' };
  const numprro = first.numprro;
  const signer = signerOf(ctx, numprro);
  const items = docs.map(itemOf);

  const state = await registrarStateOf(ctx, numprro, signer);
  if (state.kind === 'unreachable') return { kind: 'unreachable', reason: state.reason };
  // Where the state is refused (an unknown register, a key not allowed), the package goes whole and its own answer says why.
  const expected = state.kind === 'answer' ? state.value.nextLocalNum : Number.NEGATIVE_INFINITY;
  // A 102 that revokes the register's last online document takes that document's number, which the server holds.
  const revoking = first.localNum === expected - 1 && revokesLastOnline(first);
  const taken = revoking ? [] : items.filter((it) => it.localNum < expected);
  const last = taken[taken.length - 1];
  if (last) {
    const held = await documentInfo(ctx, numprro, last.localNum, signer);
    if (held.kind === 'unreachable') return { kind: 'unreachable', reason: held.reason };
    if (held.kind === 'rejected') return { kind: 'rejected', index: 0, code: held.code, text: held.text };
    if (held.kind === 'absent' || (last.taxNum !== '' && held.value.NumFiscal !== last.taxNum)) {
      return {
        kind: 'rejected',
        index: 0,
        code: 7,
        text: `Податковий сервер уже має інші документи з локальними номерами ${items[0]?.localNum}–${last.localNum} (очікує ${expected}): ймовірно, ПРРО працює ще на іншому пристрої`,
      };
    }
  }

  let next: OfflineCredentials | undefined;
  for (const part of parts(items.slice(taken.length))) {
    const head = part[0] as Item;
    const tail = part[part.length - 1] as Item;
    const signed = signContent(packDocuments(part.map((it) => it.out.body)), signer, ctx.now());
    if (signed.length > MESSAGE_LIMIT_BYTES) {
      return {
        kind: 'rejected',
        index: head.index,
        code: 416,
        text: `Документ № ${head.localNum} займає ${Math.ceil(head.out.body.length / 1024)} КБ, а податковий сервер приймає не більше ${MESSAGE_LIMIT_BYTES / 1024} КБ: пакет не надіслано`,
      };
    }
    const r = await ctx.transport.post('pck', signed, OCTETS);
    if (r.kind === 'not-sent') return { kind: 'unreachable', reason: r.reason };
    const creds = r.kind === 'answer' && r.status === 200 ? credentialsIn(r.body) : 'garbage';
    if (creds !== 'garbage') {
      next = creds ?? next;
      continue;
    }
    const refused = r.kind === 'answer' ? refusalOf(r.status, r.body) : undefined;
    if (refused) {
      // The server keeps the documents before the refused one: NextLocalNum says which that was.
      const now = await nextLocalNum(ctx, numprro, signer);
      const named = /№\s*(\d+)\s+в\s+пакеті/.exec(refused.text);
      const at = typeof now === 'number' ? now - head.localNum : named ? Number(named[1]) - 1 : 0;
      const index = head.index + Math.min(Math.max(at, 0), part.length - 1);
      return { kind: 'rejected', index, code: refused.code, text: refused.text };
    }
    if (r.kind === 'answer' && r.status === 503) {
      return { kind: 'unreachable', reason: 'податковий сервер тимчасово недоступний (HTTP 503)' };
    }
    // Sent, and no answer that says what became of it: the server's NextLocalNum does.
    const lost = r.kind === 'lost' ? r.reason : `податковий сервер відповів на пакет HTTP ${r.status} без пояснення`;
    const now = await nextLocalNum(ctx, numprro, signer);
    if (typeof now !== 'number' || now <= tail.localNum) {
      return { kind: 'unreachable', reason: `${lost}; пакет буде надіслано знову з документа, якого сервер ще не має` };
    }
    // Taken whole; its answer, and any new session in it, lost on the way.
  }
  if (!next && items.some((it) => it.ends)) {
    // The session's end was taken with an answer lost, or before this try: the state gives its successor to this signer.
    const s = await registrarStateOf(ctx, numprro, signer);
    if (s.kind === 'answer' && s.value.offline) next = s.value.offline;
  }
  return { kind: 'accepted', ...(next ? { next } : {}) };
}
