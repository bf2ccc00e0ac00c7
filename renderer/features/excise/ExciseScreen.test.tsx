// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CashdeskApi, WriteOutcome } from '../../../shared/bridge/api.js';
import { initI18n } from '../../i18n/i18n.js';
import { useSale } from '../sale/sale-store.js';
import { ExciseScreen } from './ExciseScreen.js';

const RESULT = { upstream: { name: 'b', version: '1', resource: 'pos' }, status: { code: 'OK' as const, operation: 'x' } };
const DUPLICATES = [
  { excise_mark: 'SOLD-TWICE', code: '4820000000001', check_number: '118', cashdesk_number: '3' },
  { excise_mark: 'DUP-HERE', code: '4820000000009', check_number: '', cashdesk_number: '1' },
];

let answer: WriteOutcome = {
  status: 'done',
  id: 1,
  result: { ...RESULT, status: { ...RESULT.status, affected: '3' }, rows: [] },
};
const write = vi.fn(async () => answer);
const api = {
  write,
  read: vi.fn(async (method: string) => ({ method, result: { ...RESULT, rows: DUPLICATES }, stale: false, fetchedAt: '' })),
  settingsGet: vi.fn(async () => ({
    serviceUrl: '',
    till: { kasm: 1, akas: 'KAS1', numprro: '4000211451' },
    language: 'uk',
    hasApiKey: true,
    embedded: true,
  })),
  onEvent: () => () => {},
};

function show() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ExciseScreen />
    </QueryClientProvider>,
  );
}

beforeAll(() => {
  initI18n('uk');
  Object.defineProperty(window, 'cashdesk', { value: api as unknown as CashdeskApi, configurable: true });
  // The sale in progress at this till: one bottle of cognac, its stamp scanned.
  useSale.setState({
    lines: [{ code: '4820000000001', name: 'Коньяк 0.5 л', stamps: ['IN-SALE-1'] }] as unknown as ReturnType<
      typeof useSale.getState
    >['lines'],
  });
});
afterEach(() => {
  cleanup();
  write.mockClear();
});

describe('the excise screen', () => {
  it('lists the sale’s stamps and this till’s unsold duplicates as pending, and the whole duplicates report', async () => {
    show();
    expect(await screen.findAllByTestId('excise-duplicate-row')).toHaveLength(2);
    const pending = screen.getAllByTestId('excise-pending-row').map((r) => r.textContent);
    expect(pending).toHaveLength(2);
    expect(pending[0]).toContain('IN-SALE-1');
    expect(pending[0]).toContain('Коньяк 0.5 л');
    expect(pending[1]).toContain('DUP-HERE');
  });

  it('asks before releasing every stamp of the till, naming the known ones and warning about the sale', async () => {
    show();
    await screen.findAllByTestId('excise-pending-row');
    fireEvent.click(screen.getByTestId('excise-clear-all'));
    const question = screen.getByTestId('excise-confirm-text').textContent ?? '';
    expect(question).toContain('каси 1');
    expect(question).toContain('2 марки: IN-SALE-1, DUP-HERE');
    expect(screen.getByTestId('excise-confirm-in-sale')).toBeTruthy();
    expect(write).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('confirm'));
    expect((await screen.findByTestId('excise-cleared')).textContent).toBe('Звільнено 3 марки');
    expect(write).toHaveBeenCalledWith('pos.excise_clear_pending', { code: '', kasm: 1 }, expect.anything());
    // The sale no longer counts the released stamp: its line asks for a stamp again.
    expect(useSale.getState().lines[0]?.stamps).toEqual([]);
  });

  it('releases one stamp picked from the pending list, and asks for a stamp when none is given', async () => {
    answer = { status: 'done', id: 2, result: { ...RESULT, status: { ...RESULT.status, affected: '1' }, rows: [] } };
    show();
    const input = (await screen.findByTestId('excise-clear-code')) as HTMLInputElement;
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByRole('alert').textContent).toContain('Відскануйте або введіть марку');
    expect(screen.queryByTestId('excise-confirm-text')).toBeNull();

    fireEvent.click(await screen.findByRole('button', { name: 'Вибрати марку DUP-HERE для звільнення' }));
    expect(input.value).toBe('DUP-HERE');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByTestId('excise-confirm-text').textContent).toContain('DUP-HERE');
    expect(screen.queryByTestId('excise-confirm-in-sale')).toBeNull();
    fireEvent.click(screen.getByTestId('confirm'));
    expect((await screen.findByTestId('excise-cleared')).textContent).toBe('Звільнено 1 марку');
    expect(write).toHaveBeenCalledWith('pos.excise_clear_pending', { code: 'DUP-HERE', kasm: 1 }, expect.anything());
    expect(input.value).toBe('');
  });
});
