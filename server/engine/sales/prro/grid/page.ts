/**
 * pos.prro_error_grid_page: the error grid a page at a time. The documents are the spec grid's
 * (same statement filter); what needs the whole list — the total, the chain verdicts (a document
 * is judged against the listed one before it) and the sort — is done here over every listed
 * document, so a page is right whichever rows the browser has. Only the page's rows are formatted
 * and sent: the shop-local time of 5,000 rows and their 2.5 MB of JSON were most of a full read.
 */
import { CHAIN_VERDICTS, type GridSortKey } from '../../../../../shared/contract/operations/prro-manager.js';
import type { HandlerGroup } from '../../../handlers.js';
import { shownAt } from '../../common/moment.js';
import { filterOf } from '../filter.js';
import { type PrroGridRow, prroSql } from '../statements.js';
import { type ChainVerdict, checkChain } from './chain.js';
import { type SortKind, sortBy } from './sort.js';

type Listed = PrroGridRow & { shift_id: number | null };
type Judged = Listed & { verdict: ChainVerdict };

const CHAIN_RANK = new Map<string, number>(CHAIN_VERDICTS.map((v, i) => [v, i]));

/** How each column sorts (renderer/features/prro-queue/columns.ts shows them). */
const SORT_KEYS: Record<GridSortKey, { kind: SortKind; value: (d: Judged) => string }> = {
  local_num: { kind: 'number', value: (d) => String(d.local_num) },
  created_at: { kind: 'time', value: (d) => d.created_at },
  doc_type: { kind: 'text', value: (d) => d.doc_type },
  status: { kind: 'number', value: (d) => String(d.status) },
  chain: { kind: 'number', value: (d) => String(CHAIN_RANK.get(d.verdict.kind)) },
  fiscal_number: { kind: 'text', value: (d) => d.fiscal_number },
  control_code: { kind: 'number', value: (d) => d.control_code },
  kasm: { kind: 'number', value: (d) => String(d.kasm) },
  numprro: { kind: 'text', value: (d) => d.numprro },
  shift: { kind: 'number', value: (d) => (d.shift_id === null ? '' : String(d.shift_id)) },
  last_error: { kind: 'text', value: (d) => d.last_error },
};

const previousOf = (v: ChainVerdict) => (v.kind === 'linked' || v.kind === 'break' ? (v.previousId ?? '') : '');

export const gridPageHandlers: HandlerGroup<'pos.prro_error_grid_page'> = {
  'pos.prro_error_grid_page': (p, ctx) => {
    const listed = prroSql(ctx.db).errorGridPage.all({ ...filterOf(p, ctx.user), start: p.start, end: p.end });
    const verdicts = checkChain(
      listed.map((d) => ({
        id: String(d.id),
        numprro: d.numprro,
        local_num: String(d.local_num),
        doc_hash: d.doc_hash,
        prev_doc_hash: d.prev_doc_hash,
      })),
    );
    // checkChain judges every document it is given.
    const judged: Judged[] = listed.map((d) => ({ ...d, verdict: verdicts.get(String(d.id)) as ChainVerdict }));
    const breaks = judged.filter((d) => d.verdict.kind === 'break').length;
    const key = p.sort === '' ? undefined : SORT_KEYS[p.sort];
    // The statement's order is the chain order, which the stable sort keeps among equal keys.
    const sorted = key ? sortBy(judged, key.value, key.kind, p.dir) : judged;
    const page = sorted.slice(p.offset, p.offset + p.limit);
    return {
      rows: [
        { tag: 'PAGE', total: String(judged.length), breaks: String(breaks), offset: String(p.offset) },
        ...page.map((d) => ({
          tag: 'ROW',
          id: String(d.id),
          created_at: shownAt(d.created_at, ctx.timeZone),
          offline_session_id: d.offline_session_id,
          local_doc_number: String(d.local_doc_number),
          local_num: String(d.local_num),
          fiscal_number: d.fiscal_number,
          doc_type: d.doc_type,
          control_code: d.control_code,
          doc_hash: d.doc_hash,
          prev_doc_hash: d.prev_doc_hash,
          user_id: d.user_id,
          last_error: d.last_error,
          status: String(d.status),
          kasm: String(d.kasm),
          numprro: d.numprro,
          shift_id: d.shift_id === null ? '' : String(d.shift_id),
          chain: d.verdict.kind,
          chain_previous_id: previousOf(d.verdict),
          chain_expected: d.verdict.kind === 'break' ? d.verdict.expected : '',
        })),
      ],
    };
  },
};
