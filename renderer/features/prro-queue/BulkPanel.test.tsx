// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CashdeskApi } from '../../../shared/bridge/api.js';
import { initI18n } from '../../i18n/i18n.js';
import { useManagerConfirm } from '../people/manager-confirm.js';
import { BulkPanel } from './BulkPanel.js';
import type { PrroFilter } from './filters.js';

const RESULT = { upstream: { name: 'b', version: '1', resource: 'pos' }, status: { code: 'OK' as const, operation: 'x' } };
const FILTER: PrroFilter = { start: '2026-11-14', end: '2026-11-20', kasm: '', numprro: '', scope: 'kas' };
/** Rows of two registers; their error text says nothing of their status. */
const ROWS = [
  ['1', '3', '4000211451', 'receipt'],
  ['2', '6', '4000211451', 'service_deposit'],
  ['3', '6', '4000211452', 'return'],
  ['4', '8', '4000211452', 'shift_open'],
].map(([id, status, numprro, doc_type]) => ({ id, status, numprro, doc_type, kasm: '1', local_num: id, last_error: 'помилка' }));

/** The unsettled chains: register …451 has its rejected 1, blocked 2, and 5 still queued behind them. */
const CHAIN = [
  ['1', '4000211451', '1', '3'],
  ['2', '4000211451', '2', '6'],
  ['5', '4000211451', '3', '0'],
  ['3', '4000211452', '1', '6'],
  ['4', '4000211452', '2', '8'],
].map(([id, numprro, local_num, status]) => ({ id, numprro, local_num, status, kasm: '1', shift_id: '7', doc_type: 'receipt' }));

const read = vi.fn(async (method: string) => ({
  method,
  result: { ...RESULT, rows: method === 'pos.prro_unsent_chain' ? CHAIN : ROWS },
  stale: false,
  fetchedAt: '',
}));
const write = vi.fn(async (_method: string, _params: unknown, _options: unknown) => ({ status: 'queued' as const, id: 1 }));
const api = { read, write, onEvent: () => () => {} };

beforeAll(() => {
  initI18n('uk');
  Object.defineProperty(window, 'cashdesk', { value: api as unknown as CashdeskApi, configurable: true });
});
afterEach(cleanup);
// A manager stands by the till and confirms each change at once (the dialog is tested in features/people).
beforeEach(() =>
  useManagerConfirm.subscribe((state) => {
    if (state.request) state.finish({ id: 9, manager: 'Мельник Андрій Петрович' });
  }),
);

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

describe('a bulk change that breaks a chain', () => {
  it('names the documents left behind the ones it changes, and asks again before it is made', async () => {
    show();
    const from = (await screen.findByTestId('prro-bulk-from')) as HTMLSelectElement;
    await screen.findByTestId('prro-bulk-count');
    fireEvent.change(from, { target: { value: 'rejected' } });
    fireEvent.change(screen.getByTestId('prro-bulk-to'), { target: { value: 'cancelled' } });
    fireEvent.click(screen.getByTestId('prro-bulk-apply'));

    // Withdrawing the rejected document 1 leaves 2 (blocked) and 5 (queued) of its register behind it.
    const warning = await screen.findByTestId('prro-dependents');
    expect(warning.dataset.count).toBe('2');
    expect(
      within(warning)
        .getAllByTestId('prro-dependent')
        .map((d) => d.dataset.id),
    ).toEqual(['2', '5']);
    fireEvent.click(screen.getByTestId('confirm'));
    expect(await screen.findByTestId('prro-ask-again')).toBeTruthy();
    expect(write).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('confirm'));
    await vi.waitFor(() => expect(write).toHaveBeenCalledOnce());
    // The manager's confirmation goes with the change, which spends it and names the manager in the audit trail.
    expect(write.mock.calls[0]?.[2]).toMatchObject({ confirmation: 9 });
  });

  it('asks once when the change leaves nothing behind', async () => {
    write.mockClear();
    show();
    const from = (await screen.findByTestId('prro-bulk-from')) as HTMLSelectElement;
    await screen.findByTestId('prro-bulk-count');
    // The retrying document 4 is the last of its register's chain.
    fireEvent.change(from, { target: { value: 'retrying' } });
    fireEvent.change(screen.getByTestId('prro-bulk-to'), { target: { value: 'queued' } });
    fireEvent.click(screen.getByTestId('prro-bulk-apply'));
    await screen.findByTestId('prro-bulk-confirm');
    expect(screen.queryByTestId('prro-dependents')).toBeNull();
    fireEvent.click(screen.getByTestId('confirm'));
    await vi.waitFor(() => expect(write).toHaveBeenCalledOnce());
    expect(screen.queryByTestId('prro-ask-again')).toBeNull();
  });
});

describe('a bulk withdrawal of documents the books keep', () => {
  async function ask(from: string, to: string) {
    show();
    const select = (await screen.findByTestId('prro-bulk-from')) as HTMLSelectElement;
    await screen.findByTestId('prro-bulk-count');
    fireEvent.change(select, { target: { value: from } });
    fireEvent.change(screen.getByTestId('prro-bulk-to'), { target: { value: to } });
    fireEvent.click(screen.getByTestId('prro-bulk-apply'));
    await screen.findByTestId('prro-bulk-confirm');
  }

  it('says a withdrawn receipt stays in the books but never reaches the tax server or the Z-report, in both questions', async () => {
    await ask('rejected', 'cancelled');
    const note = screen.getByTestId('prro-withdraw-note');
    expect(note.dataset.kinds).toBe('receipt');
    expect(note.textContent).toContain('Чеки продажу й повернення серед них лишаться в обліку');
    expect(note.textContent).toContain('до податкової не підуть');
    expect(note.textContent).toContain('Z-звіт');
    expect(note.textContent).not.toContain('шухляд');
    fireEvent.click(screen.getByTestId('confirm'));
    await screen.findByTestId('prro-ask-again');
    expect(screen.getByTestId('prro-withdraw-note').textContent).toContain('лишаться в обліку');
  });

  it('words a cash movement among them for the drawer, beside the sales', async () => {
    await ask('blocked', 'cancelled');
    const note = screen.getByTestId('prro-withdraw-note');
    expect(note.dataset.kinds).toBe('return service_deposit');
    expect(note.querySelectorAll('p')).toHaveLength(2);
    expect(note.textContent).toContain('Службові внесення й видачі серед них лишаться в обліку каси');
  });

  it('says nothing of the books for documents that record none, or for a change that withdraws nothing', async () => {
    await ask('retrying', 'cancelled');
    expect(screen.queryByTestId('prro-withdraw-note')).toBeNull();
    cleanup();
    await ask('rejected', 'queued');
    expect(screen.queryByTestId('prro-withdraw-note')).toBeNull();
  });
});
