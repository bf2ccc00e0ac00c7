/**
 * Why a document is listed, read from its last error as the back office words it: a refusal the
 * exchange read from the tax server (server/dps/exchange/refusal.ts: "Код помилки: N Name" and the
 * server's own description on the next line, or a sentence for an HTTP status alone), the
 * dispatcher's words for a document that waits (server/back-office/sales/prro/server/words.ts: each
 * begins "очікує"), or any other sentence (no connection, for one). The manager reads the server's
 * description first; the code and its name are for whoever reports it.
 */
import type { TFunction } from 'i18next';
import { blockedBy } from './status.js';

export type Reason =
  | {
      readonly kind: 'refused';
      /** The DPS error code (1..13), or an HTTP status where the server gave none. */
      readonly code: number;
      /** The code's name as the server sent it (DocumentValidationError); '' when none. */
      readonly name: string;
      /** The server's description: what the manager reads first; '' when it gave none. */
      readonly text: string;
      /** The element the description names (CHECK/CHECKHEAD/ORDERDATE → ORDERDATE) or the code does (3: TIN), if any. */
      readonly element?: string;
    }
  | { readonly kind: 'waits'; readonly text: string; readonly blockerId?: string }
  | { readonly kind: 'said'; readonly text: string }
  | { readonly kind: 'none' };

const CODED = /^Код\s+помилки:\s*(\d+)(?:[ \t]+([A-Za-z]+))?[ \t]*(?:\r?\n([\s\S]*))?$/;
/** The schema check's wording names the element as a path first: "CHECK/CHECKHEAD/ORDERDATE: …". */
const PATH = /^((?:CHECK|ZREP)(?:\/@?[A-Z]+(?:\[\d+\])?)+):\s/;

/**
 * Refusals whose code alone names the head element at fault, their description naming no path:
 * 3 (InvalidTin) says the head's TIN is not the taxpayer the register is registered to.
 */
const ELEMENT_OF_CODE: Readonly<Record<number, string>> = { 3: 'TIN' };

/** The element a schema path ends in (an attribute's own element): CHECK/CHECKHEAD/ORDERDATE → ORDERDATE. */
export function elementOfPath(path: string): string | undefined {
  const steps = path.split('/').filter((s) => s !== '' && !s.startsWith('@'));
  return steps.length > 1 ? steps[steps.length - 1]?.replace(/\[\d+\]$/, '') : undefined;
}

/** The element a schema problem names, when the text begins with its path. */
export function elementOf(text: string): string | undefined {
  const path = PATH.exec(text)?.[1];
  return path === undefined ? undefined : elementOfPath(path);
}

export function reasonOf(lastError: string): Reason {
  const said = lastError.trim();
  if (said === '') return { kind: 'none' };
  const coded = CODED.exec(said);
  if (coded) {
    const text = (coded[3] ?? '').trim();
    const code = Number(coded[1]);
    const element = elementOf(text) ?? ELEMENT_OF_CODE[code];
    return { kind: 'refused', code, name: coded[2] ?? '', text, ...(element ? { element } : {}) };
  }
  if (said.startsWith('очікує')) {
    const blockerId = blockedBy(said);
    return { kind: 'waits', text: said, ...(blockerId ? { blockerId } : {}) };
  }
  return { kind: 'said', text: said };
}

/** The DPS codes the screen words (strings: reason.codes.N); others (an HTTP status) are shown by number. */
const KNOWN_CODES: readonly number[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13];

/** What a code means, in the interface's words. */
export function codeMeaning(t: TFunction, code: number): string {
  return KNOWN_CODES.includes(code) ? t(`reason.codes.${code}`) : t('reason.codeOther', { code });
}

/** The reason on one line, as the grid's cell shows it: the server's description first. */
export function reasonLine(reason: Reason, codeMeaning: (code: number) => string): string {
  switch (reason.kind) {
    case 'refused':
      return reason.text === '' ? codeMeaning(reason.code) : reason.text.replace(/\s*\n\s*/g, ' ');
    case 'waits':
    case 'said':
      return reason.text.replace(/\s*\n\s*/g, ' ');
    case 'none':
      return '';
  }
}
