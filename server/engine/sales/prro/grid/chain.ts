/**
 * The hash chain of a register's fiscal documents, checked on what the error grid lists: every
 * listed document, whichever page of pos.prro_error_grid_page it is on. Each document carries the
 * SHA-256 of the one before it (`prev_doc_hash`); the back office chains every document of a
 * register in `local_num` order, across offline sessions, skipping only withdrawn ones. The grid
 * lists only the documents that need attention, so a document can be checked only when the one
 * right before it (local_num − 1) is listed too; otherwise the chain is "not listed here" rather
 * than whole or broken. Rows are grouped by their register (`numprro`), so a grid of every PRRO
 * is checked too. The offline session is no part of the key: `local_num` counts a register's
 * documents across its sessions, and the first document of a session links to the last of the
 * one before.
 */

export interface ChainDoc {
  readonly id: string;
  readonly numprro: string;
  readonly local_num: string;
  readonly doc_hash: string;
  readonly prev_doc_hash: string;
}

export type ChainVerdict =
  /** The register's first document: it follows nothing. */
  | { readonly kind: 'first' }
  /** Its prev_doc_hash is the hash of the listed document before it. */
  | { readonly kind: 'linked'; readonly previousId: string }
  /** Its prev_doc_hash is not what the chain holds: the tax server will refuse it. */
  | { readonly kind: 'break'; readonly previousId: string | null; readonly expected: string }
  /** The document before it is not listed (fiscalized or withdrawn): nothing to compare with here. */
  | { readonly kind: 'unlisted' }
  /** Several listed documents of one register hold this place: nothing to tell them apart by. */
  | { readonly kind: 'ambiguous' };

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** A place in a register's chain. */
const placeOf = (numprro: string, localNum: number) => `${numprro}#${localNum}`;

export function checkChain(docs: readonly ChainDoc[]): Map<string, ChainVerdict> {
  const byPlace = new Map<string, ChainDoc[]>();
  for (const d of docs) {
    const place = placeOf(d.numprro, Number(d.local_num));
    const here = byPlace.get(place);
    if (here) here.push(d);
    else byPlace.set(place, [d]);
  }
  const verdicts = new Map<string, ChainVerdict>();
  for (const d of docs) {
    const num = Number(d.local_num);
    const previous = byPlace.get(placeOf(d.numprro, num - 1)) ?? [];
    let verdict: ChainVerdict;
    if ((byPlace.get(placeOf(d.numprro, num))?.length ?? 0) > 1 || previous.length > 1) verdict = { kind: 'ambiguous' };
    else if (num === 1) {
      verdict = d.prev_doc_hash === '' ? { kind: 'first' } : { kind: 'break', previousId: null, expected: '' };
    } else if (previous[0]) {
      const p = previous[0];
      verdict = same(d.prev_doc_hash, p.doc_hash)
        ? { kind: 'linked', previousId: p.id }
        : { kind: 'break', previousId: p.id, expected: p.doc_hash };
    } else verdict = { kind: 'unlisted' };
    verdicts.set(d.id, verdict);
  }
  return verdicts;
}
