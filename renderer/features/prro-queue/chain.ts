/**
 * A document's place in its register's hash chain, as pos.prro_error_grid_page judges it over
 * every document the filter lists (server/back-office/sales/prro/grid/statements.ts): the browser
 * holds only the pages it has read, so it cannot judge a row whose predecessor is on another page.
 */

import type { ResultRowOf } from '../../../shared/contract/index.js';
import type { op } from '../../../shared/contract/op.js';

export type ChainVerdict =
  /** The register's first document: it follows nothing. */
  | { readonly kind: 'first' }
  /** Its prev_doc_hash is the hash of the listed document before it. */
  | { readonly kind: 'linked'; readonly previousId: string }
  /** Its prev_doc_hash is not what the chain holds: the tax server will refuse it. */
  | { readonly kind: 'break'; readonly previousId: string | null; readonly expected: string }
  /** The document before it is not listed (fiscalized or withdrawn): nothing to compare with here. */
  | { readonly kind: 'unlisted' };

type ChainColumns = Pick<
  Extract<ResultRowOf<typeof op.pos.prroErrorGridPage>, { tag: 'ROW' }>,
  'chain' | 'chain_previous_id' | 'chain_expected'
>;

/** The verdict a row carries; one the contract does not name reads as "nothing to compare with". */
export function verdictOf(row: ChainColumns): ChainVerdict {
  switch (row.chain) {
    case 'first':
      return { kind: 'first' };
    case 'linked':
      return { kind: 'linked', previousId: row.chain_previous_id };
    case 'break':
      return { kind: 'break', previousId: row.chain_previous_id || null, expected: row.chain_expected ?? '' };
    default:
      return { kind: 'unlisted' };
  }
}
