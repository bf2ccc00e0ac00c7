// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CashdeskApi } from '../../../shared/bridge/api.js';
import { initI18n } from '../../i18n/i18n.js';
import { BulkPanel } from './BulkPanel.js';
import type { PrroFilter } from './filters.js';

const RESULT = { upstream: { name: 'b', version: '1', resource: 'pos' }, status: { code: 'OK' as const, operation: 'x' } };
const FILTER: PrroFilter = { start: '2026-11-14', end: '2026-11-20', kasm: '', numprro: '', scope: 'kas' };
/** Rows of two registers; their error text says nothing of their status. */
const ROWS = [
  ['1', '3', '4000211451'],
  ['2', '6', '4000211451'],
  ['3', '6', '4000211452'],
  ['4', '8', '4000211452'],
].map(([id, status, numprro]) => ({ id, status, numprro, kasm: '1', local_num: id, last_error: 'помилка' }));

const read = vi.fn(async (method: string) => ({ method, result: { ...RESULT, rows: ROWS }, stale: false, fetchedAt: '' }));
const api = { read, write: vi.fn(), onEvent: () => () => {} };

beforeAll(() => {
  initI18n('uk');
  Object.defineProperty(window, 'cashdesk', { value: api as unknown as CashdeskApi, configurable: true });
});
afterEach(cleanup);

function show() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <BulkPanel filter={FILTER} onClose={vi.fn()} onNotice={vi.fn()} />
    </QueryClientProvider>,
  );
}

describe('the bulk status change', () => {
  it('offers the statuses the listed documents are in, counted by the status the service reports', async () => {
    show();
    const count = await screen.findByTestId('prro-bulk-count');
    const from = screen.getByTestId('prro-bulk-from') as HTMLSelectElement;
    expect(
      within(from)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Відхилено', 'Заблоковано', 'Повторна спроба']);
    expect(count.dataset.count).toBe('1');
    fireEvent.change(from, { target: { value: 'blocked' } });
    expect(screen.getByTestId('prro-bulk-count').dataset.count).toBe('2');
    expect(screen.getByTestId('prro-bulk-count').textContent).toContain('усі каси, усі ПРРО');
    expect(read).toHaveBeenCalledWith('pos.prro_inline_error_grid', expect.objectContaining({ kasm: '', numprro: '' }));
  });
});
