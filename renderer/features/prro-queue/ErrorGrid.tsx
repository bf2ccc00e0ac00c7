/**
 * The error grid: only the rows in view are in the DOM (@tanstack/react-virtual), each of one
 * fixed height, so 5,000 documents paint and scroll like 20. The list is read a page at a time
 * (use-grid-pages.ts): the scrollbar is sized from the total, a row whose page is not read yet is
 * a placeholder, and the rows in view are asked for as they scroll in. A table laid out by CSS
 * grid rows (absolutely placed, so it keeps its ARIA roles while only some rows exist); it takes
 * focus as a whole with the selection as aria-activedescendant: arrows move it, Enter opens the
 * document. A move to a row not read yet selects it once its page arrives.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { forwardRef, type KeyboardEvent, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COLUMNS, type ColumnId, GRID_TEMPLATE } from './columns.js';
import type { GridRow } from './rows.js';
import type { SortDir } from './sort.js';

const ROW_HEIGHT = 40;

export interface ErrorGridHandle {
  focus(): void;
  /** Scrolls a row into view. */
  reveal(index: number): void;
}

interface Props {
  /** How many rows the list has, read or not. */
  readonly count: number;
  readonly rowAt: (index: number) => GridRow | undefined;
  readonly indexOf: (id: string) => number;
  /** The rows from `start` to `end` are in view. */
  readonly onRange: (start: number, end: number) => void;
  readonly sort: { readonly column: ColumnId; readonly dir: SortDir } | null;
  readonly onSort: (column: ColumnId) => void;
  readonly selectedId: string | null;
  readonly onSelect: (id: string) => void;
  readonly onOpen: (id: string) => void;
}

export const ErrorGrid = forwardRef<ErrorGridHandle, Props>(function ErrorGrid(props, ref) {
  const { t } = useTranslation('prro');
  const { count, rowAt, sort, selectedId, onRange } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const table = useRef<HTMLTableElement>(null);
  const virtual = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    // Paint the first rows before the scroller is measured (and in tests, where nothing is).
    initialRect: { width: 1000, height: 480 },
    paddingStart: ROW_HEIGHT,
    scrollPaddingStart: ROW_HEIGHT,
  });
  useImperativeHandle(
    ref,
    () => ({
      focus: () => table.current?.focus(),
      reveal: (index: number) => virtual.scrollToIndex(index, { align: 'auto' }),
    }),
    [virtual],
  );
  // A place moved to before its row was read: selected when it is.
  const [awaited, setAwaited] = useState<number | null>(null);
  const selectedIndex = awaited ?? (selectedId === null ? -1 : props.indexOf(selectedId));
  const items = virtual.getVirtualItems();
  const firstInView = items[0]?.index ?? 0;
  const lastInView = items[items.length - 1]?.index ?? -1;
  useEffect(() => {
    if (lastInView >= 0) onRange(firstInView, lastInView);
  }, [firstInView, lastInView, onRange]);
  const awaitedRow = awaited === null ? undefined : rowAt(awaited);
  const { onSelect } = props;
  useEffect(() => {
    if (!awaitedRow) return;
    setAwaited(null);
    onSelect(awaitedRow.id);
  }, [awaitedRow, onSelect]);

  const moveTo = (target: number) => {
    if (count === 0) return;
    const index = Math.max(0, Math.min(count - 1, target));
    const row = rowAt(index);
    setAwaited(row ? null : index);
    if (row) props.onSelect(row.id);
    virtual.scrollToIndex(index, { align: 'auto' });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    // Keys on a header's sort button are that button's.
    if (e.target !== e.currentTarget || e.altKey || e.ctrlKey || e.metaKey) return;
    const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? 480) / ROW_HEIGHT) - 2);
    const moves: Record<string, number> = {
      ArrowDown: selectedIndex + 1,
      ArrowUp: selectedIndex < 0 ? 0 : selectedIndex - 1,
      PageDown: selectedIndex + page,
      PageUp: selectedIndex - page,
      Home: 0,
      End: count - 1,
    };
    const target = moves[e.key];
    if (target !== undefined) {
      e.preventDefault();
      moveTo(target);
    } else if (e.key === 'Enter' && selectedId !== null && awaited === null) {
      e.preventDefault();
      props.onOpen(selectedId);
    }
  };

  return (
    <div ref={scroller} className="prro-grid" data-testid="prro-grid">
      <table
        ref={table}
        className="prro-grid-table"
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA grid pattern, a table moved through with the keys.
        role="grid"
        aria-label={t('grid.label')}
        aria-rowcount={count + 1}
        aria-colcount={COLUMNS.length}
        aria-activedescendant={selectedIndex >= 0 && awaited === null ? `prro-row-${selectedId}` : undefined}
        tabIndex={0}
        onKeyDown={onKeyDown}
        style={{ height: virtual.getTotalSize() }}
      >
        <thead>
          <tr className="prro-grid-row prro-grid-head" aria-rowindex={1} style={{ gridTemplateColumns: GRID_TEMPLATE }}>
            {COLUMNS.map((c, i) => {
              const sorted = sort?.column === c.id ? sort.dir : undefined;
              return (
                <th
                  key={c.id}
                  aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
                  className={c.numeric ? 'num' : undefined}
                >
                  <button
                    type="button"
                    tabIndex={-1}
                    title={`${t('grid.sortHint')} (Alt+${i + 1})`}
                    onClick={() => props.onSort(c.id)}
                    data-testid={`prro-sort-${c.id}`}
                  >
                    {t(`grid.columns.${c.id}`)}
                    {sorted ? (
                      <span
                        className="sort-mark"
                        role="img"
                        aria-label={t(sorted === 'asc' ? 'grid.sortedAsc' : 'grid.sortedDesc')}
                      >
                        {sorted === 'asc' ? ' ▲' : ' ▼'}
                      </span>
                    ) : null}
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {items.map((v) => {
            const r = rowAt(v.index);
            if (!r) {
              return (
                <tr
                  key={`awaited-${v.index}`}
                  aria-rowindex={v.index + 2}
                  className="prro-grid-row awaited"
                  style={{ gridTemplateColumns: GRID_TEMPLATE, transform: `translateY(${v.start}px)` }}
                  data-testid="prro-row-awaited"
                >
                  <td className="muted">{t('grid.loadingRow')}</td>
                </tr>
              );
            }
            const chain = r.chain.kind;
            return (
              <tr
                key={r.id}
                id={`prro-row-${r.id}`}
                aria-rowindex={v.index + 2}
                aria-selected={r.id === selectedId}
                className={`prro-grid-row${r.id === selectedId ? ' selected' : ''}${chain === 'break' ? ' chain-break' : ''}`}
                style={{ gridTemplateColumns: GRID_TEMPLATE, transform: `translateY(${v.start}px)` }}
                onClick={() => props.onSelect(r.id)}
                onDoubleClick={() => props.onOpen(r.id)}
                data-testid="prro-row"
                data-id={r.id}
                data-status={r.status ?? r.row.status}
                data-chain={chain}
              >
                {COLUMNS.map((c) => {
                  const text = c.text(r, t);
                  return (
                    <td key={c.id} className={cellClass(c.id, c.numeric, r)} title={text} data-col={c.id}>
                      {text}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
});

function cellClass(id: ColumnId, numeric: boolean | undefined, r: GridRow): string {
  const classes = [numeric ? 'num' : ''];
  if (id === 'status' && r.status) classes.push(`status-${r.status}`);
  if (id === 'chain') classes.push(`chain-${r.chain.kind}`);
  return classes.filter(Boolean).join(' ');
}
