// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/i18n.js';
import { ErrorGrid } from './ErrorGrid.js';
import { type GridRow, gridRow, type PageRow } from './rows.js';

const row = (n: number, status: string, lastError = ''): PageRow => ({
  tag: 'ROW',
  id: String(100 + n),
  created_at: `2026-11-20T08:${String(n % 60).padStart(2, '0')}:00+02:00`,
  offline_session_id: '1',
  local_doc_number: String(n),
  local_num: String(n),
  fiscal_number: '',
  doc_type: 'receipt',
  control_code: String(1000 + n),
  doc_hash: `h${n}`,
  prev_doc_hash: `h${n - 1}`,
  user_id: 'Касир',
  last_error: lastError,
  status,
  kasm: '1',
  numprro: '4000211451',
  shift_id: n === 1 ? '17' : '',
  chain: n === 1 ? 'first' : 'linked',
  chain_previous_id: n === 1 ? '' : String(99 + n),
  chain_expected: '',
});

const rows = Array.from({ length: 5000 }, (_, i) => gridRow(i === 0 ? row(1, '3', 'ORDERDATE не є датою') : row(i + 1, '8')));
/** The grid's props over rows of which only the first `read` are read. */
const list = (read = rows.length) => {
  const shown: (GridRow | undefined)[] = rows.slice(0, read);
  return {
    count: rows.length,
    rowAt: (i: number) => shown[i],
    indexOf: (id: string) => shown.findIndex((r) => r?.id === id),
  };
};

beforeAll(() => {
  initI18n('uk');
  // happy-dom lays nothing out: give the grid's scroller the size a till's screen would.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(480);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
});
afterEach(cleanup);

function renderGrid(props: Partial<Parameters<typeof ErrorGrid>[0]> = {}) {
  const handlers = { onSort: vi.fn(), onSelect: vi.fn(), onOpen: vi.fn(), onRange: vi.fn() };
  const view = render(<ErrorGrid {...list()} sort={null} selectedId={null} {...handlers} {...props} />);
  return { ...handlers, ...view };
}

describe('the error grid', () => {
  it('puts only the rows in view into the page, not all 5,000', () => {
    renderGrid();
    const shown = screen.getAllByTestId('prro-row');
    expect(shown.length).toBeGreaterThan(5);
    expect(shown.length).toBeLessThan(40);
    expect(screen.getByRole('grid').getAttribute('aria-rowcount')).toBe('5001');
  });

  it('shows the statuses the service reports by name, and the chain verdict of each row', () => {
    renderGrid();
    const [first, second] = screen.getAllByTestId('prro-row');
    expect(first?.textContent).toContain('Відхилено');
    expect(second?.textContent).toContain('Повторна спроба');
    expect(second?.getAttribute('data-chain')).toBe('linked');
  });

  it('shows the till, the register and the shift of each document in their own columns', () => {
    renderGrid();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Каса', 'ПРРО', 'Зміна']));
    const [first, second] = screen.getAllByTestId('prro-row');
    const cells = (r: HTMLElement | undefined) => [...(r?.querySelectorAll('td') ?? [])].map((c) => c.textContent);
    const at = (name: string) => headers.indexOf(name);
    expect(cells(first)[at('Каса')]).toBe('1');
    expect(cells(first)[at('ПРРО')]).toBe('4000211451');
    expect(cells(first)[at('Зміна')]).toBe('17');
    // A document whose shift is not known yet shows an empty cell, not a guess.
    expect(cells(second)[at('Зміна')]).toBe('');
  });

  it('moves the selection with the arrows and Home/End, and opens it with Enter', () => {
    const first = renderGrid();
    const grid = screen.getByRole('grid');
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    expect(first.onSelect).toHaveBeenLastCalledWith('101');
    fireEvent.keyDown(grid, { key: 'End' });
    expect(first.onSelect).toHaveBeenLastCalledWith('5100');
    first.unmount();

    const selected = renderGrid({ selectedId: '102' });
    const grid2 = screen.getByRole('grid');
    expect(grid2.getAttribute('aria-activedescendant')).toBe('prro-row-102');
    fireEvent.keyDown(grid2, { key: 'ArrowUp' });
    expect(selected.onSelect).toHaveBeenLastCalledWith('101');
    fireEvent.keyDown(grid2, { key: 'Enter' });
    expect(selected.onOpen).toHaveBeenCalledWith('102');
  });

  it('sorts by a column when its header is clicked, and says which way it is sorted', () => {
    const { onSort } = renderGrid({ sort: { column: 'local_num', dir: 'desc' } });
    fireEvent.click(screen.getByTestId('prro-sort-created_at'));
    expect(onSort).toHaveBeenCalledWith('created_at');
    const header = screen.getByTestId('prro-sort-local_num').parentElement;
    expect(header?.getAttribute('aria-sort')).toBe('descending');
  });

  it('shows a row not read yet as a placeholder, and asks for the rows in view', () => {
    const { onRange } = renderGrid(list(5));
    expect(screen.getAllByTestId('prro-row')).toHaveLength(5);
    const awaited = screen.getAllByTestId('prro-row-awaited');
    expect(awaited.length).toBeGreaterThan(3);
    expect(awaited[0]?.getAttribute('aria-rowindex')).toBe('7');
    expect(onRange).toHaveBeenCalledWith(0, expect.any(Number));
    const [, end] = onRange.mock.lastCall as [number, number];
    expect(end).toBeGreaterThanOrEqual(10);
  });

  it('moves to a row not read yet, and selects it once its page is read', () => {
    const first = renderGrid(list(60));
    fireEvent.keyDown(screen.getByRole('grid'), { key: 'End' });
    expect(first.onSelect).not.toHaveBeenCalled();
    first.rerender(<ErrorGrid {...list()} sort={null} selectedId={null} {...first} />);
    expect(first.onSelect).toHaveBeenLastCalledWith('5100');
  });
});
