/**
 * The questions the exchange asks the server about a register: its state (NextLocalNum, the
 * offline credentials), what it holds at a local number, and the document itself, signed by the
 * server (Check is a plain command anyone may ask; ZRep must be signed).
 */
import type { OfflineCredentials, RegistrarState } from '../port.js';
import type { Signer } from '../signing/cms.js';
import type { DocumentInfo } from './api-types.js';
import { type Answer, digitsOf } from './commands.js';
import type { ExchangeContext } from './context.js';

const truthy = (v: unknown) => v === true || v === 'true' || v === 1 || v === '1';

export async function documentInfo(
  ctx: ExchangeContext,
  numprro: string,
  localNum: number,
  signer: Signer,
): Promise<Answer<DocumentInfo>> {
  const a = await ctx.commands.json({ Command: 'DocumentInfoByLocalNum', NumFiscal: numprro, NumLocal: localNum }, signer);
  if (a.kind !== 'answer') return a;
  const v = a.value.value;
  // NumFiscal is text in the API; an offline one ("71035.3.4758") never fits a number.
  const fiscal = typeof v.NumFiscal === 'string' ? v.NumFiscal : (digitsOf(a.value.raw, 'NumFiscal') ?? '');
  if (fiscal === '') return { kind: 'absent' };
  return { kind: 'answer', value: { ...(v as unknown as DocumentInfo), NumFiscal: fiscal } };
}

export async function registrarStateOf(
  ctx: ExchangeContext,
  numprro: string,
  signer: Signer,
  session?: OfflineCredentials,
): Promise<Answer<RegistrarState>> {
  const a = await ctx.commands.json(
    {
      Command: 'TransactionsRegistrarState',
      NumFiscal: numprro,
      ...(session ? { OfflineSessionId: session.id, OfflineSeed: session.seed } : {}),
    },
    signer,
  );
  if (a.kind !== 'answer') return a;
  const { value: v, raw } = a.value;
  // The seed is read from the text: a "secret number" may be larger than a double holds exactly.
  const id = digitsOf(raw, 'OfflineSessionId');
  const seed = digitsOf(raw, 'OfflineSeed');
  const offlineNext = digitsOf(raw, 'OfflineNextLocalNum');
  const next = Number(v.NextLocalNum);
  if (!Number.isInteger(next))
    return { kind: 'unreachable', reason: 'відповідь про стан ПРРО не містить наступного локального номера' };
  return {
    kind: 'answer',
    value: {
      shiftOpen: Number(v.ShiftState) === 1,
      zRepPresent: truthy(v.ZRepPresent),
      nextLocalNum: next,
      testing: truthy(v.Testing),
      ...(id && seed ? { offline: { id: Number(id), seed } } : {}),
      ...(offlineNext ? { offlineNextLocalNum: Number(offlineNext) } : {}),
    },
  };
}

export type Which = { readonly numLocal: number } | { readonly numFiscal: string };

/** Check (a receipt-class document, plain) or ZRep (signed): the document as the server keeps it, or the sender's original. */
export function documentBack(
  ctx: ExchangeContext,
  docClass: 'Check' | 'ZRep',
  numprro: string,
  which: Which,
  signer: Signer | undefined,
  original = false,
): Promise<Answer<Buffer>> {
  return ctx.commands.bytes(
    {
      Command: docClass,
      RegistrarNumFiscal: numprro,
      ...('numLocal' in which ? { NumLocal: which.numLocal } : { NumFiscal: which.numFiscal }),
      Original: original,
    },
    signer,
  );
}
