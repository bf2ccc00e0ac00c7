/**
 * Whether this till's receipts reach the tax server, as the status bar and the sale screen say it:
 * from the register's shift state (pos.shift_state: unsent documents, those a refusal holds still,
 * the refused one and why) and its key (pos.prro_key_state: documents waiting for a signature).
 * Pure, so the bar and the sale say the same thing of the same rows.
 *
 * "Sent" and "moving" are told apart from "stopped": after the tax server refuses one document,
 * every later one of the register waits behind it (blocked) until a manager corrects and requeues
 * it or withdraws it, so each new receipt prints without its fiscal number. The desk's own outbox
 * being empty says nothing of that.
 */

import type { ResultRowOf } from '../../../shared/contract/index.js';
import type { op } from '../../../shared/contract/op.js';
import { type KeyRow, signWaitOf } from '../prro-keys/key-state.js';

export type ShiftRow = ResultRowOf<typeof op.pos.shiftState>;

export interface Refusal {
  readonly docId: string;
  /** The document's type in the queue (receipt, return, z_report, …). */
  readonly docType: string;
  /** The tax server's error code ("9"), '' when its words carry none. */
  readonly code: string;
  /** The tax server's own words, without the code line. */
  readonly text: string;
}

export type FiscalState =
  /** Not read yet, or the till has no register. */
  | { readonly kind: 'none' }
  /** Everything the register made is with the tax server. */
  | { readonly kind: 'sent' }
  /** Documents on their way: sent within seconds. */
  | { readonly kind: 'sending'; readonly count: number }
  /** The register works without the tax server: documents carry offline numbers (the offline clock speaks). */
  | { readonly kind: 'offline'; readonly count: number }
  /** Documents wait for the key's signature (the key's notices speak). */
  | { readonly kind: 'unsigned'; readonly count: number }
  /** The tax server refused a document: it and every later one wait for a manager. */
  | { readonly kind: 'refused'; readonly count: number; readonly refusal: Refusal };

const count = (v: string | null | undefined): number => {
  const n = Number(v);
  return Number.isFinite(n) && n > 0 ? n : 0;
};

/** "Код помилки: 9 DocumentValidationError\nXML документа некоректний: …" → code 9 and the words after. */
export function refusalWords(reason: string): { readonly code: string; readonly text: string } {
  const m = /^Код помилки:\s*(\d+)[^\n]*\n?([\s\S]*)$/.exec(reason.trim());
  if (!m) return { code: '', text: reason.trim() };
  const text = (m[2] ?? '').trim();
  // A refusal with no words past its code line says its code's name.
  return { code: m[1] ?? '', text: text === '' ? reason.trim().replace(/^Код помилки:\s*\d+\s*/, '') : text };
}

export function fiscalStateOf(shift: ShiftRow | undefined, key: KeyRow | undefined): FiscalState {
  if (!shift || shift.numprro === '') return { kind: 'none' };
  const unsent = count(shift.unsent_docs);
  const stopped = count(shift.stopped_docs);
  if (stopped > 0 && shift.refused_doc_id !== '') {
    return {
      kind: 'refused',
      count: stopped,
      refusal: { docId: shift.refused_doc_id, docType: shift.refused_doc_type, ...refusalWords(shift.refused_reason) },
    };
  }
  const signWait = signWaitOf(key);
  if (signWait) return { kind: 'unsigned', count: signWait.count };
  if (unsent === 0) return { kind: 'sent' };
  if (shift.register_mode === 'offline') return { kind: 'offline', count: unsent };
  return { kind: 'sending', count: unsent };
}
