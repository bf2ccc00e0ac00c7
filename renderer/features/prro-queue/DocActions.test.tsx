// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CashdeskApi } from '../../../shared/bridge/api.js';
import { initI18n } from '../../i18n/i18n.js';
import { DocActions } from './DocActions.js';
import { gridRow, type PageRow } from './rows.js';

const RESULT = { upstream: { name: 'b', version: '1', resource: 'pos' }, status: { code: 'OK' as const, operation: 'x' } };

/** A rejected document of register …451, number 1; its chain holds a queued number 2 behind it. */
const docOf = (doc_type: string) =>
  gridRow({
    tag: 'ROW',
    id: '1',
    created_at: '2026-11-20T08:20:20+02:00',
    offline_session_id: '1',
    local_doc_number: '1',
    local_num: '1',
    fiscal_number: '',
    doc_type,
    control_code: '1000',
    doc_hash: 'a',
    prev_doc_hash: '',
    user_id: 'Касир',
    last_error: 'помилка',
    status: '3',
    kasm: '1',
    numprro: '4000211451',
    shift_id: '7',
    chain: 'first',
    chain_previous_id: '',
    chain_expected: '',
  } as PageRow);

let chain: Record<string, string>[] = [];
const read = vi.fn(async (method: string) => ({
  method,
  result: { ...RESULT, rows: method === 'pos.prro_unsent_chain' ? chain : [] },
  stale: false,
  fetchedAt: '',
}));
const api = { read, write: vi.fn(), onEvent: () => () => {} };

beforeAll(() => {
  initI18n('uk');
  Object.defineProperty(window, 'cashdesk', { value: api as unknown as CashdeskApi, configurable: true });
});
afterEach(() => {
  cleanup();
  chain = [];
});

function askStatus(docType: string, status: string) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <DocActions doc={docOf(docType)} body={null} changes={[]} onNotice={vi.fn()} />
    </QueryClientProvider>,
  );
  fireEvent.change(screen.getByTestId('prro-status-select'), { target: { value: status } });
  fireEvent.click(screen.getByTestId('prro-set-status'));
  return screen.getByRole('alertdialog');
}

describe('withdrawing a document of the books', () => {
  it('tells the manager the sale stays in the books, yet is never sent and is left out of the Z-report', () => {
    const question = askStatus('receipt', 'cancelled');
    const note = screen.getByTestId('prro-withdraw-note');
    expect(question.contains(note)).toBe(true);
    expect(note.textContent).toContain('Продаж за цим чеком лишиться в обліку');
    expect(note.textContent).toContain('до податкової чек не піде');
    expect(note.textContent).toContain('Z-звіт розійдеться з обліком');
  });

  it('words a return as a return, and a service withdrawal for the drawer', () => {
    askStatus('return', 'cancelled');
    expect(screen.getByTestId('prro-withdraw-note').textContent).toContain('Повернення лишиться в обліку');
    cleanup();
    askStatus('service_withdrawal', 'cancelled');
    const note = screen.getByTestId('prro-withdraw-note');
    expect(note.textContent).toContain('Видача лишиться в обліку каси');
    expect(note.textContent).toContain('з готівкою в касі');
  });

  it('says it again in the second question, when later documents depend on the one withdrawn', async () => {
    chain = [
      { id: '1', numprro: '4000211451', local_num: '1', status: '3', kasm: '1', shift_id: '7', doc_type: 'receipt' },
      { id: '2', numprro: '4000211451', local_num: '2', status: '0', kasm: '1', shift_id: '7', doc_type: 'receipt' },
    ];
    askStatus('receipt', 'cancelled');
    await screen.findByTestId('prro-dependents');
    fireEvent.click(screen.getByTestId('confirm'));
    await screen.findByTestId('prro-ask-again');
    expect(screen.getByTestId('prro-withdraw-note').textContent).toContain('лишиться в обліку');
  });

  it('says nothing of the books for a document that records none, or for another status', () => {
    askStatus('shift_open', 'cancelled');
    expect(screen.queryByTestId('prro-withdraw-note')).toBeNull();
    cleanup();
    askStatus('receipt', 'queued');
    expect(screen.queryByTestId('prro-withdraw-note')).toBeNull();
  });
});
