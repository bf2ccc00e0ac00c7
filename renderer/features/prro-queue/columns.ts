/**
 * The grid's columns: what each shows and how wide it is. Each sorts by its id, on the service
 * (pos.prro_error_grid_page says how each column sorts). Why a document is here comes right after
 * its status, the tax server's words first, so it is in sight on a 1024-pixel screen too; the
 * chain, the numbers and where it was made follow.
 */
import type { TFunction } from 'i18next';
import type { GridSortKey } from '../../../shared/contract/operations/prro-manager.js';
import { codeMeaning, reasonLine, reasonOf } from './reason.js';
import type { GridRow } from './rows.js';
import { shownTime } from './rows.js';

export type ColumnId = GridSortKey;

export interface Column {
  readonly id: ColumnId;
  readonly width: string;
  readonly numeric?: boolean;
  readonly text: (r: GridRow, t: TFunction) => string;
}

export const COLUMNS: readonly Column[] = [
  { id: 'local_num', width: '64px', numeric: true, text: (r) => r.row.local_num },
  { id: 'created_at', width: '176px', text: (r) => shownTime(r.row.created_at) },
  {
    id: 'doc_type',
    width: '150px',
    text: (r, t) => t(`docTypes.${r.row.doc_type}`, { defaultValue: r.row.doc_type }),
  },
  { id: 'status', width: '140px', text: (r, t) => (r.status ? t(`statuses.${r.status}`) : r.row.status) },
  {
    id: 'last_error',
    width: 'minmax(300px, 1fr)',
    text: (r, t) => reasonLine(reasonOf(r.row.last_error), (code) => codeMeaning(t, code)),
  },
  { id: 'chain', width: '124px', text: (r, t) => t(`chain.${r.chain.kind}`) },
  { id: 'fiscal_number', width: '136px', text: (r) => r.row.fiscal_number },
  { id: 'control_code', width: '92px', numeric: true, text: (r) => r.row.control_code },
  // Till, register and shift: a grid of every till (an empty till filter) mixes them.
  { id: 'kasm', width: '56px', numeric: true, text: (r) => r.row.kasm },
  { id: 'numprro', width: '112px', text: (r) => r.row.numprro },
  { id: 'shift', width: '68px', numeric: true, text: (r) => r.shift },
];

export const GRID_TEMPLATE = COLUMNS.map((c) => c.width).join(' ');
