// @vitest-environment happy-dom
/**
 * What the till's register has not sent and the grid does not list: said beside the grid, and
 * Alt+D brings in the dates from its first unsent document.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CashdeskApi } from '../../../shared/bridge/api.js';
import { initI18n } from '../../i18n/i18n.js';
import { UnsentSummary } from './UnsentSummary.js';

const RESULT = { upstream: { name: 'b', version: '1', resource: 'pos' }, status: { code: 'OK' as const, operation: 'x' } };
let state: Record<string, string | null> = {};
const read = vi.fn(async (method: string) => {
  const rows =
    method === 'pos.shift_state'
      ? [state]
      : method === 'pos.prro_unsent_chain'
        ? [
            { id: '9', created_at: '2026-11-10T09:00:00+02:00' },
            { id: '10', created_at: '2026-11-27T09:00:00+02:00' },
          ]
        : [];
  return { method, result: { ...RESULT, rows }, stale: false, fetchedAt: '' };
});

beforeAll(() => {
  initI18n('uk');
  Object.defineProperty(window, 'cashdesk', {
    value: { read, onEvent: () => () => {} } as unknown as CashdeskApi,
    configurable: true,
  });
});
afterEach(() => {
  cleanup();
  read.mockClear();
});

function show(listed: number, onFrom = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <UnsentSummary kasm={1} numprro="4000211451" listed={listed} start="2026-11-22" onFrom={onFrom} />
    </QueryClientProvider>,
  );
  return onFrom;
}

describe('the register’s unsent documents beside the grid', () => {
  it('say how many the grid does not list, and that an offline till sends them by itself', async () => {
    state = { numprro: '4000211451', unsent_docs: '5', register_mode: 'offline', offline_since: '2026-11-28T15:31:19+02:00' };
    show(2);
    const said = await screen.findByTestId('prro-unsent');
    expect(said.getAttribute('data-count')).toBe('3');
    expect(said.textContent).toContain('Ще 3 ненадіслані документи каси 1 не в таблиці');
    expect(said.textContent).toContain('без зв’язку з податковою з 28.11.2026 15:31:19');
  });

  it('say nothing when the grid lists every one', async () => {
    state = { numprro: '4000211451', unsent_docs: '2', register_mode: 'online', offline_since: null };
    show(2);
    await waitFor(() => expect(read).toHaveBeenCalledWith('pos.shift_state', { kasm: 1 }));
    expect(screen.queryByTestId('prro-unsent')).toBeNull();
  });

  it('bring in, on Alt+D, the dates from the register’s first unsent document', async () => {
    state = { numprro: '4000211451', unsent_docs: '4', register_mode: 'online', offline_since: null };
    const onFrom = show(0);
    await screen.findByTestId('prro-unsent');
    fireEvent.keyDown(window, { key: 'd', code: 'KeyD', altKey: true });
    await waitFor(() => expect(onFrom).toHaveBeenCalledWith('2026-11-10'));
    expect(read).toHaveBeenCalledWith('pos.prro_unsent_chain', { numprro: '4000211451' });
  });
});
