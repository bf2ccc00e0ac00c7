// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CashdeskApi } from '../../../shared/bridge/api.js';
import { initI18n } from '../../i18n/i18n.js';
import { JournalScreen } from './JournalScreen.js';

const RESULT = { upstream: { name: 'b', version: '1', resource: 'pos' }, status: { code: 'OK' as const, operation: 'x' } };
const RECEIPT = {
  check_number: '137',
  created_at: '2026-11-24T06:01:00+02:00',
  kasm: '1',
  total: '28.90',
  payment: 'cash',
  change: '0.00',
  card: '',
  fiscal_number: '1284301',
  kind: 'sale',
};

/** The receipts' list answers only when the test lets it (answerList): a slow service. */
let answerList: () => void = () => {};
let listAnswered: Promise<void> = Promise.resolve();
const api: Partial<CashdeskApi> = {
  read: (async (method: string) => {
    if (method === 'pos.reports_checks_today') await listAnswered;
    return {
      method,
      result: { ...RESULT, rows: method === 'pos.reports_checks_today' ? [RECEIPT] : [] },
      stale: false,
      fetchedAt: '',
    };
  }) as CashdeskApi['read'],
  queueList: async () => [],
  settingsGet: async () => ({ timeZone: 'Europe/Kyiv', till: { kasm: 1, akas: 'KAS1' } }) as never,
  onEvent: () => () => {},
};

beforeAll(() => {
  initI18n('uk');
  Object.defineProperty(window, 'cashdesk', { value: api as CashdeskApi, configurable: true });
});
beforeEach(() => {
  listAnswered = new Promise<void>((resolve) => {
    answerList = resolve;
  });
});
afterEach(cleanup);

const show = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <JournalScreen />
    </QueryClientProvider>,
  );

describe('the receipts journal', () => {
  it('starts the keyboard on the newest receipt once the list arrives', async () => {
    show();
    await act(async () => answerList());
    const newest = await screen.findByTestId('journal-open');
    await waitFor(() => expect(document.activeElement).toBe(newest));
  });

  it('leaves the focus in the return dialog opened (Alt+R) before a slow list arrived', async () => {
    show();
    fireEvent.keyDown(window, { key: 'r', code: 'KeyR', altKey: true });
    const find = await screen.findByTestId('return-find');
    await waitFor(() => expect(document.activeElement).toBe(find));
    await act(async () => answerList());
    await screen.findByTestId('journal-open');
    expect(document.activeElement).toBe(find);
  });
});
