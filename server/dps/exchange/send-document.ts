/**
 * One online document to the server (POST /doc) and what its answer means:
 *  - a ticket the server signed, for this document: accepted, with the fiscal number, the
 *    server's date and time, and a new offline session where it opened a shift;
 *  - a refusal in any form: rejected, with error 7's expected number;
 *  - nothing went out (no connection, HTTP 503): unreachable;
 *  - it went out and no answer came (a reset, a timeout, a 5xx without a code): never taken as
 *    "not registered" — the server is asked what it holds at the document's local number
 *    (DocumentInfoByLocalNum) and whose document that is (its signed copy's UID): registered →
 *    accepted, absent → unreachable, could not ask → uncertain;
 *  - an answer that is not the server's word on this document (unsigned, signed by a CA not
 *    trusted or by someone other than the tax server, a ticket for another UID or ORDERNUM):
 *    uncertain. No fiscal number is recorded that the server's signature does not vouch for.
 * A body over 200 KB is refused here, never sent.
 */

import { MESSAGE_LIMIT_BYTES } from '../format/limits.js';
import type { OfflineCredentials, Outgoing, SendOutcome } from '../port.js';
import type { Signer } from '../signing/cms.js';
import { type ExchangeContext, OCTETS, signerOf } from './context.js';
import { ownHeadOf } from './own-head.js';
import { registrarStateOf } from './queries.js';
import { jsonOf, jsonRefusal, refusalOf } from './refusal.js';
import { heldAt } from './registered.js';
import { checkTicket } from './ticket-check.js';
import type { HttpResult } from './transport.js';

/** What the document says of itself. */
interface OwnDocument {
  readonly uid: string;
  readonly localNum: number;
  readonly zrep: boolean;
  readonly opening: boolean;
}

export function ownOf(out: Outgoing): OwnDocument {
  const head = ownHeadOf(out);
  const num = Number(head.field('ORDERNUM'));
  return {
    uid: head.field('UID') ?? '',
    localNum: Number.isInteger(num) && num > 0 ? num : out.localNum,
    zrep: head.zrep,
    opening: head.field('DOCTYPE') === '100',
  };
}

/** The offline credentials the server now holds for the register (where it gives them to this signer). */
async function credentials(ctx: ExchangeContext, numprro: string, signer: Signer): Promise<OfflineCredentials | undefined> {
  const state = await registrarStateOf(ctx, numprro, signer);
  return state.kind === 'answer' ? state.value.offline : undefined;
}

/** The document went out and its answer did not come back: ask the server what it holds. */
async function settle(ctx: ExchangeContext, out: Outgoing, own: OwnDocument, signer: Signer, lost: string): Promise<SendOutcome> {
  const n = own.localNum;
  const held = await heldAt(ctx, out.numprro, n, own.uid, signer);
  switch (held.kind) {
    case 'absent':
      return { kind: 'unreachable', reason: `${lost}; сервер підтвердив, що документ № ${n} не зареєстровано` };
    case 'unknown':
      return {
        kind: 'uncertain',
        reason: `${lost}; не вдалося з’ясувати, чи сервер зареєстрував документ № ${n}: ${held.reason}`,
      };
    case 'another':
      return {
        kind: 'rejected',
        code: 7,
        text: `За локальним номером ${n} податковий сервер зареєстрував інший документ (UID ${held.uid}), а не цей (UID ${own.uid}): ймовірно, ПРРО працює ще на іншому пристрої`,
      };
    case 'ours': {
      const next = own.opening ? await credentials(ctx, out.numprro, signer) : undefined;
      return { kind: 'accepted', ...held.registration, ...(next ? { next } : {}) };
    }
  }
}

async function answerOf(
  ctx: ExchangeContext,
  out: Outgoing,
  own: OwnDocument,
  signer: Signer,
  r: Extract<HttpResult, { kind: 'answer' }>,
): Promise<SendOutcome> {
  const refused = r.status === 200 ? jsonRefusal(jsonOf(r.body)) : refusalOf(r.status, r.body);
  if (refused) return { kind: 'rejected', ...refused };
  if (r.status === 503) return { kind: 'unreachable', reason: 'податковий сервер тимчасово недоступний (HTTP 503)' };
  if (r.status !== 200) return settle(ctx, out, own, signer, `податковий сервер відповів HTTP ${r.status} без пояснення`);
  const v = checkTicket(r.body, own, ctx.server);
  if (v.kind === 'registered') return { kind: 'accepted', ...v.registration };
  if (v.kind === 'refused')
    return { kind: 'rejected', code: v.code, text: v.text, ...(v.expected ? { expected: v.expected } : {}) };
  return { kind: 'uncertain', reason: `відповідь податкового сервера не прийнято: ${v.problem}` };
}

export async function sendDocument(ctx: ExchangeContext, out: Outgoing): Promise<SendOutcome> {
  const signer = signerOf(ctx, out.numprro);
  const own = ownOf(out);
  if (out.body.length > MESSAGE_LIMIT_BYTES) {
    return {
      kind: 'rejected',
      code: 416,
      text: `Документ № ${own.localNum} займає ${Math.ceil(out.body.length / 1024)} КБ, а податковий сервер приймає не більше ${MESSAGE_LIMIT_BYTES / 1024} КБ: документ не надіслано`,
    };
  }
  const r = await ctx.transport.post('doc', out.body, OCTETS);
  if (r.kind === 'not-sent') return { kind: 'unreachable', reason: r.reason };
  if (r.kind === 'lost') return settle(ctx, out, own, signer, r.reason);
  return answerOf(ctx, out, own, signer, r);
}
