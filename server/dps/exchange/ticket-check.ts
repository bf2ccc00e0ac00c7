/**
 * Whether a ticket is the tax server's word on this document: CMS SignedData whose one signer's
 * certificate chains to a trusted CA (`trust`: the qualified CAs, or the simulator's CA) and
 * names the tax server (its ЄДРПОУ among `serverTaxNumbers`: 43005393, the DPS's); a TICKET whose
 * UID and ORDERNUM are the document's own. The certificate is checked as valid now, not at the
 * signing-time the server writes (Kyiv's wall clock marked Z, hours off).
 *
 * The same checks serve a document the server hands back signed (Check / ZRep), whose head
 * carries the fiscal number it gave.
 */
import { readDocument } from '../format/read.js';
import { readTicket, type Ticket, TicketError } from '../format/ticket.js';
import { XmlError } from '../format/xml.js';
import type { Registration } from '../port.js';
import { CmsError, verifySigned } from '../signing/cms.js';
import type { TrustStore } from '../signing/trust.js';
import { expectedOf } from './refusal.js';

export interface ServerTrust {
  readonly trust: TrustStore;
  readonly serverTaxNumbers: readonly string[];
  readonly now: () => Date;
}

/** What a document says of itself: the ticket must answer this UID and local number. */
export interface Own {
  readonly uid: string;
  readonly localNum: number;
}

export type TicketVerdict =
  | { readonly kind: 'registered'; readonly registration: Registration }
  /** The server refused the document in its ticket (ERRORCODE). */
  | { readonly kind: 'refused'; readonly code: number; readonly text: string; readonly expected?: number }
  /** Not the server's word on this document: why, for a manager. */
  | { readonly kind: 'untrusted'; readonly problem: string };

/** Opens a message the server signed; returns its content, or why it is not the server's. */
export function openServerSigned(body: Buffer, s: ServerTrust): { content: Buffer } | { problem: string } {
  let signer: { edrpou: string; owner: string };
  let content: Buffer;
  try {
    const v = verifySigned(body, { trust: s.trust, at: s.now() });
    if (v.signers.length !== 1)
      return { problem: `відповідь підписана ${v.signers.length} підписами, а не одним підписом сервера` };
    signer = v.signer;
    content = v.content;
  } catch (err) {
    if (err instanceof CmsError) return { problem: `підпис відповіді не перевіряється: ${err.message}` };
    throw err;
  }
  if (!s.serverTaxNumbers.includes(signer.edrpou)) {
    return {
      problem: `відповідь підписав «${signer.owner}» (ЄДРПОУ ${signer.edrpou || 'не зазначено'}), а не фіскальний сервер ДПС`,
    };
  }
  return { content };
}

/** UIDs compare without case or surrounding spaces (the DPS's samples write them upper-case, some clients lower). */
export const sameUid = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function checkTicket(body: Buffer, own: Own, s: ServerTrust): TicketVerdict {
  const opened = openServerSigned(body, s);
  if ('problem' in opened) return { kind: 'untrusted', problem: opened.problem };
  let t: Ticket;
  try {
    t = readTicket(opened.content);
  } catch (err) {
    if (err instanceof TicketError) return { kind: 'untrusted', problem: err.message };
    throw err;
  }
  if (!sameUid(t.UID, own.uid)) return { kind: 'untrusted', problem: `квитанція про інший документ (UID ${t.UID})` };
  if (Number(t.ORDERNUM) !== own.localNum) {
    return { kind: 'untrusted', problem: `квитанція про документ № ${t.ORDERNUM}, а надіслано № ${own.localNum}` };
  }
  const code = Number(t.ERRORCODE ?? '0');
  if (code !== 0) {
    const text = `Код помилки: ${code}\n${t.ERRORTEXT ?? ''}`.trim();
    const expected = code === 7 ? expectedOf(text) : undefined;
    return { kind: 'refused', code, text, ...(expected === undefined ? {} : { expected }) };
  }
  if (!t.ORDERTAXNUM) return { kind: 'untrusted', problem: 'квитанція не містить фіскального номера документа' };
  const next = t.OFFLINESESSIONID && t.OFFLINESEED ? { next: { id: Number(t.OFFLINESESSIONID), seed: t.OFFLINESEED } } : {};
  return {
    kind: 'registered',
    registration: { fiscalNumber: t.ORDERTAXNUM, serverDate: t.ORDERDATE, serverTime: t.ORDERTIME, ...next },
  };
}

/**
 * A document the server handed back signed, read for its UID and the fiscal number it carries;
 * undefined where it is not the server's or not readable.
 */
export function checkServerDocument(body: Buffer, s: ServerTrust): { uid: string; fiscalNumber: string } | undefined {
  const opened = openServerSigned(body, s);
  if ('problem' in opened) return undefined;
  try {
    const head = readDocument(opened.content).head;
    return { uid: head.UID ?? '', fiscalNumber: head.ORDERTAXNUM ?? '' };
  } catch (err) {
    if (err instanceof XmlError) return undefined;
    throw err;
  }
}
