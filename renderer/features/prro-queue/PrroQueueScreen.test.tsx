// @vitest-environment happy-dom
/**
 * The screen reads the error grid a page at a time: 5,000 documents paint from a first page of a
 * screenful, with the total the service counted, and the rest is read as it scrolls into view.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CashdeskApi } from '../../../shared/bridge/api.js';
import { initI18n } from '../../i18n/i18n.js';
import { PrroQueueScreen } from './PrroQueueScreen.js';
import { FIRST_PAGE, REFRESH_MS } from './use-grid-pages.js';

const TOTAL = 5000;
const RESULT = { upstream: { name: 'b', version: '1', resource: 'pos' }, status: { code: 'OK' as const, operation: 'x' } };
const doc = (n: number) => ({
  tag: 'ROW',
  id: String(n),
  created_at: '2026-11-20T08:20:20+02:00',
  offline_session_id: '1',
  local_doc_number: String(n),
  local_num: String(n),
  fiscal_number: '',
  doc_type: 'receipt',
  control_code: '1000',
  doc_hash: 'a',
  prev_doc_hash: '',
  user_id: 'Касир',
  last_error: '',
  status: '6',
  kasm: '1',
  numprro: '4000211451',
  shift_id: '7',
  chain: n === 1 ? 'first' : 'linked',
  chain_previous_id: n === 1 ? '' : String(n - 1),
  chain_expected: '',
});

/** What the service says of the list as a whole: it moves when a listed document changes. */
let stamp = 'one';
const pageRead = async (method: string, params: { offset?: number; limit?: number }) => {
  const offset = params.offset ?? 0;
  const limit = params.limit ?? 200;
  const rows =
    method === 'pos.prro_error_grid_page'
      ? [
          { tag: 'PAGE', total: String(TOTAL), breaks: '0', offset: String(offset), stamp },
          ...Array.from({ length: Math.max(0, Math.min(limit, TOTAL - offset)) }, (_, i) => doc(offset + i + 1)),
        ]
      : [];
  return { method, result: { ...RESULT, rows }, stale: false, fetchedAt: '' };
};
const read = vi.fn(pageRead);
const api = {
  read,
  settingsGet: async () => ({ till: { kasm: 1, akas: '1', numprro: '4000211451' } }),
  onEvent: () => () => {},
};

beforeAll(() => {
  initI18n('uk');
  // happy-dom lays nothing out: give the grid's scroller the size a till's screen would.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(480);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
  Object.defineProperty(window, 'cashdesk', { value: api as unknown as CashdeskApi, configurable: true });
});
afterEach(cleanup);

const gridReads = () => read.mock.calls.filter(([m]) => m !== 'pos.prro_error_grid_page').map(([m]) => m as string);
const pages = () =>
  read.mock.calls.filter(([m]) => m === 'pos.prro_error_grid_page').map(([, p]) => [p.offset ?? 0, p.limit ?? 0] as const);

describe('the PRRO queue screen', () => {
  it('paints the first page with the total, and reads the rest as it scrolls into view', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <PrroQueueScreen />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('prro-count').getAttribute('data-count')).toBe(String(TOTAL)));
    expect(screen.getAllByTestId('prro-row')[0]?.getAttribute('data-id')).toBe('1');
    // Alt+Z goes to the other view: its key is on that button only, not on the one shown.
    expect(screen.getByTestId('prro-view-queue').querySelector('kbd')).toBeNull();
    expect(screen.getByTestId('prro-view-shifts').querySelector('kbd')?.textContent).toBe('Alt+Z');
    expect(screen.getByRole('grid').getAttribute('aria-rowcount')).toBe(String(TOTAL + 1));
    // One page of a screenful first; neither the whole list nor the chain of every register.
    expect(pages()[0]).toEqual([0, FIRST_PAGE]);
    expect(gridReads()).not.toContain('pos.prro_inline_error_grid');
    expect(gridReads()).not.toContain('pos.prro_unsent_chain');
    const firstReads = pages().length;

    // Far down the list: its rows are not read yet, then they are.
    const scroller = screen.getByTestId('prro-grid');
    await act(async () => {
      scroller.scrollTop = 40 * 3000;
      fireEvent.scroll(scroller);
    });
    await waitFor(() => expect(screen.getAllByTestId('prro-row').some((r) => r.getAttribute('data-id') === '3001')).toBe(true));
    const later = pages().slice(firstReads);
    expect(later.length).toBeGreaterThan(0);
    expect(later.every(([offset]) => offset >= FIRST_PAGE)).toBe(true);
    expect(later.some(([offset, limit]) => offset <= 3000 && 3000 < offset + limit)).toBe(true);
    // Not the whole list either.
    expect(later.reduce((n, [, limit]) => n + limit, FIRST_PAGE)).toBeLessThan(TOTAL);
  });

  it('says so when a later page cannot be read, rather than leaving its rows as placeholders without a word', async () => {
    read.mockClear();
    read.mockImplementation(async (method: string, params: { offset?: number; limit?: number }) => {
      if ((params.offset ?? 0) > 0) throw new Error('the back office did not answer');
      const rows = [
        { tag: 'PAGE', total: String(TOTAL), breaks: '0', offset: '0', stamp },
        ...Array.from({ length: params.limit ?? 0 }, (_, i) => doc(i + 1)),
      ];
      return { method, result: { ...RESULT, rows }, stale: false, fetchedAt: '' };
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <PrroQueueScreen />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('prro-count').getAttribute('data-count')).toBe(String(TOTAL)));
    const scroller = screen.getByTestId('prro-grid');
    await act(async () => {
      scroller.scrollTop = 40 * 2000;
      fireEvent.scroll(scroller);
    });
    await waitFor(() => expect(screen.getByTestId('prro-grid-error').textContent).toContain('the back office did not answer'));
    expect(screen.getAllByTestId('prro-row-awaited').length).toBeGreaterThan(0);
  });

  it('reads its first page again by itself, and the pages read further down only when the list changed', async () => {
    read.mockClear();
    read.mockImplementation(pageRead);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      render(
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <PrroQueueScreen />
        </QueryClientProvider>,
      );
      await waitFor(() => expect(screen.getByTestId('prro-count').getAttribute('data-count')).toBe(String(TOTAL)));
      const scroller = screen.getByTestId('prro-grid');
      await act(async () => {
        scroller.scrollTop = 40 * 3000;
        fireEvent.scroll(scroller);
      });
      await waitFor(() => expect(screen.getAllByTestId('prro-row').some((r) => r.getAttribute('data-id') === '3001')).toBe(true));
      const firstPages = () => pages().filter(([offset]) => offset === 0).length;
      const laterPages = () => pages().filter(([offset]) => offset > 0).length;
      const [first, later] = [firstPages(), laterPages()];

      // Nothing changed: only the first page is read again.
      await act(async () => {
        await vi.advanceTimersByTimeAsync(REFRESH_MS + 100);
      });
      await waitFor(() => expect(firstPages()).toBe(first + 1));
      expect(laterPages()).toBe(later);

      // The list changed: the pages read further down are read again, and their rows stay shown meanwhile.
      stamp = 'two';
      await act(async () => {
        await vi.advanceTimersByTimeAsync(REFRESH_MS + 100);
      });
      await waitFor(() => expect(laterPages()).toBeGreaterThan(later));
      expect(screen.getAllByTestId('prro-row').some((r) => r.getAttribute('data-id') === '3001')).toBe(true);
      expect(screen.queryAllByTestId('prro-row-awaited')).toHaveLength(0);
    } finally {
      vi.useRealTimers();
      stamp = 'one';
    }
  });
});
