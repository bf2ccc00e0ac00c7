/**
 * Whether the server registered one particular document: what it holds at the document's local
 * number (DocumentInfoByLocalNum), and whose that is — the server's signed copy of it (Check, or
 * ZRep for a Z-report) names its UID. Another device, or a database restored from an older copy,
 * may have used the number for another document: only the same UID makes it ours.
 */
import type { Registration } from '../port.js';
import type { Signer } from '../signing/cms.js';
import type { ExchangeContext } from './context.js';
import { documentBack, documentInfo } from './queries.js';
import { checkServerDocument, sameUid } from './ticket-check.js';

export type Held =
  | { readonly kind: 'ours'; readonly registration: Registration }
  | { readonly kind: 'absent' }
  | { readonly kind: 'another'; readonly uid: string }
  | { readonly kind: 'unknown'; readonly reason: string };

export async function heldAt(
  ctx: ExchangeContext,
  numprro: string,
  localNum: number,
  uid: string,
  signer: Signer,
): Promise<Held> {
  const info = await documentInfo(ctx, numprro, localNum, signer);
  if (info.kind === 'absent') return { kind: 'absent' };
  if (info.kind !== 'answer') return { kind: 'unknown', reason: info.kind === 'rejected' ? info.text : info.reason };
  const zrep = info.value.DocClass === 'ZRep';
  const back = await documentBack(ctx, zrep ? 'ZRep' : 'Check', numprro, { numLocal: localNum }, zrep ? signer : undefined);
  if (back.kind !== 'answer') {
    return {
      kind: 'unknown',
      reason: back.kind === 'rejected' ? back.text : back.kind === 'absent' ? 'сервер не віддав документ' : back.reason,
    };
  }
  const held = checkServerDocument(back.value, ctx.server);
  if (!held?.uid) return { kind: 'unknown', reason: 'сервер віддав документ, який не вдалося перевірити' };
  if (!sameUid(held.uid, uid)) return { kind: 'another', uid: held.uid };
  return { kind: 'ours', registration: { fiscalNumber: info.value.NumFiscal } };
}
