// @vitest-environment happy-dom
/** Issue 20: a discount card's discount, debt and bonus showed only on the mixed payment (F2) or the priced lines. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, expect, it } from 'vitest';
import type { CashdeskApi } from '../../../../shared/bridge/api.js';
import { initI18n } from '../../../i18n/i18n.js';
import { CardTerms } from './CardTerms.js';

const CARD = '2299001005932';
let row: Record<string, string> = {};
const bridge = {
  read: async (method: string) => ({
    method,
    result: { upstream: { name: 'b', version: '1', resource: 'pos' }, status: { code: 'OK', operation: method }, rows: [row] },
    stale: false,
    fetchedAt: '',
  }),
  onEvent: () => () => {},
};
beforeAll(() => {
  initI18n('uk');
  Object.defineProperty(window, 'cashdesk', { value: bridge as unknown as CashdeskApi, configurable: true });
});
afterEach(cleanup);

const show = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <CardTerms card={CARD} />
    </QueryClientProvider>,
  );

it("shows the card's debt, what it may still take on debt, and its bonus, on the sale screen", async () => {
  row = { kind: 'card', code: CARD, name: 'Гончар Наталія', debt: '526.20', debt_limit: '2000.00', bonus: '12.50' };
  show();
  expect((await screen.findByTestId('sale-card-terms')).textContent).toBe(
    'Борг 526,20\u00a0₴, ще можна в борг 1\u00a0473,80\u00a0₴ · бонуси 12,50\u00a0₴',
  );
});

it('says a card without debt so', async () => {
  row = { kind: 'card', code: CARD, name: 'Гончар Наталія', debt: '0.00', debt_limit: '0.00', bonus: '0.00' };
  show();
  expect((await screen.findByTestId('sale-card-terms')).textContent).toBe('Без боргу · бонуси 0,00\u00a0₴');
});

it("says the card's discount first, when it has one", async () => {
  row = {
    kind: 'card',
    code: CARD,
    name: 'Гончар Наталія',
    debt: '0.00',
    debt_limit: '0.00',
    bonus: '3.10',
    discount_percent: '7.5',
  };
  show();
  expect((await screen.findByTestId('sale-card-terms')).textContent).toBe('Знижка 7,5\u00a0% · Без боргу · бонуси 3,10\u00a0₴');
});
