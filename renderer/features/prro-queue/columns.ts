/** The grid's columns: what each shows, how it sorts, how wide it is. */
import type { TFunction } from 'i18next';
import type { GridRow } from './rows.js';
import { shownTime } from './rows.js';
import type { SortKind } from './sort.js';

export type ColumnId =
  | 'local_num'
  | 'created_at'
  | 'doc_type'
  | 'status'
  | 'chain'
  | 'fiscal_number'
  | 'control_code'
  | 'kasm'
  | 'numprro'
  | 'shift'
  | 'last_error';

export interface Column {
  readonly id: ColumnId;
  readonly kind: SortKind;
  readonly width: string;
  readonly numeric?: boolean;
  /** The text shown, which is also what the column sorts by (times sort by the instant). */
  readonly text: (r: GridRow, t: TFunction) => string;
  /** The value sorted on, when it is not the text shown. */
  readonly sortValue?: (r: GridRow) => string;
}

export const COLUMNS: readonly Column[] = [
  { id: 'local_num', kind: 'number', width: '64px', numeric: true, text: (r) => r.row.local_num },
  {
    id: 'created_at',
    kind: 'time',
    width: '176px',
    text: (r) => shownTime(r.row.created_at),
    sortValue: (r) => r.row.created_at,
  },
  {
    id: 'doc_type',
    kind: 'text',
    width: '150px',
    text: (r, t) => t(`docTypes.${r.row.doc_type}`, { defaultValue: r.row.doc_type }),
  },
  { id: 'status', kind: 'text', width: '140px', text: (r, t) => (r.status ? t(`statuses.${r.status}`) : r.row.status) },
  { id: 'chain', kind: 'text', width: '124px', text: (r, t) => t(`chain.${r.chain.kind}`) },
  { id: 'fiscal_number', kind: 'text', width: '136px', text: (r) => r.row.fiscal_number },
  { id: 'control_code', kind: 'number', width: '92px', numeric: true, text: (r) => r.row.control_code },
  // Till, register and shift: a grid of every till (an empty till filter) mixes them.
  { id: 'kasm', kind: 'number', width: '56px', numeric: true, text: (r) => r.row.kasm },
  { id: 'numprro', kind: 'text', width: '112px', text: (r) => r.row.numprro },
  { id: 'shift', kind: 'number', width: '68px', numeric: true, text: (r) => r.shift },
  { id: 'last_error', kind: 'text', width: 'minmax(260px, 1fr)', text: (r) => r.row.last_error },
];

export const GRID_TEMPLATE = COLUMNS.map((c) => c.width).join(' ');
