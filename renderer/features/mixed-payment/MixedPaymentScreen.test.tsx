// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CashdeskApi } from '../../../shared/bridge/api.js';
import { BridgeError } from '../../bridge/index.js';
import { initI18n } from '../../i18n/i18n.js';
import { useSale } from '../sale/sale-store.js';
import { MixedPaymentScreen } from './MixedPaymentScreen.js';

const CARD = '2299000000017';
const RESULT = { upstream: { name: 'b', version: '1', resource: 'pos' }, status: { code: 'OK' as const, operation: 'x' } };
const CARD_ROW = {
  kind: 'card',
  code: CARD,
  name: 'Шевченко Олена Петрівна',
  price: '0.00',
  quantity: '1.000',
  unit_type: '',
  excise_input: '0',
  matched: CARD,
  debt: '369.85',
  debt_limit: '500.00',
  bonus: '12.30',
};

let lookup: () => Promise<unknown>;
const read = vi.fn((_method: string, _params: unknown) => lookup());
const write = vi.fn();
const api = { read, write, onEvent: () => () => {} };

function show() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MixedPaymentScreen />
    </QueryClientProvider>,
  );
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

beforeAll(() => {
  initI18n('uk');
  Object.defineProperty(window, 'cashdesk', { value: api as unknown as CashdeskApi, configurable: true });
});
beforeEach(() => {
  lookup = async () => ({ method: 'pos.find_code', result: { ...RESULT, rows: [CARD_ROW] }, stale: false, fetchedAt: '' });
  // A 300.00 sale with the card scanned.
  useSale.setState({
    ndoc: 'K1-test',
    card: { code: CARD, holder: CARD_ROW.name },
    lines: [
      { code: '4820000000011', name: 'Хліб', quantity: '1.000', price: '300.00', sum: '300.00', stamps: [] },
    ] as unknown as ReturnType<typeof useSale.getState>['lines'],
  });
});
afterEach(() => {
  cleanup();
  read.mockClear();
  write.mockClear();
});

describe('the mixed payment with a discount card', () => {
  it("learns the card's debt, limit and bonus from pos.find_code and shows the room left on credit", async () => {
    show();
    const limit = await screen.findByTestId('mixed-debt-limit');
    expect(limit.dataset).toMatchObject({ limit: '500.00', room: '130.15' });
    expect(limit.textContent).toContain('130,15');
    expect(screen.getByTestId('mixed-card-debt').dataset.debt).toBe('369.85');
    expect(screen.getByTestId('mixed-bonus-balance').dataset.bonus).toBe('12.30');
    expect(read).toHaveBeenCalledWith('pos.find_code', { code: CARD });
    expect(write).not.toHaveBeenCalled();
  });

  it('refuses debt beyond the room and bonus beyond the balance before anything is sent', async () => {
    show();
    await screen.findByTestId('mixed-debt-limit');
    type('mixed-debt', '130.16');
    type('mixed-bonus', '12.31');
    type('mixed-cash', '157.53');
    expect(screen.getByText(/Перевищує ліміт боргу картки: можна не більше 130,15/)).toBeTruthy();
    expect(screen.getByText(/Більше, ніж бонусів на картці \(12,30/)).toBeTruthy();
    expect((screen.getByTestId('mixed-pay') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(window, { key: 'F12' });
    type('mixed-debt', '130.15');
    type('mixed-bonus', '12.30');
    type('mixed-cash', '157.55');
    expect((screen.getByTestId('mixed-pay') as HTMLButtonElement).disabled).toBe(false);
    expect(write).not.toHaveBeenCalled();
  });

  it('refuses debt and bonus, saying why, while the card cannot be looked up', async () => {
    lookup = async () => {
      throw new BridgeError('NETWORK_ERROR', 'the service is unreachable');
    };
    show();
    expect(screen.getByTestId('mixed-card-unknown').textContent).toBe('Борг і бонуси картки уточнюються…');
    expect(await screen.findByText(/невідомі \(немає зв'язку\): у борг і бонусами зараз не сплатити/)).toBeTruthy();
    type('mixed-debt', '10');
    type('mixed-bonus', '10');
    expect(screen.getByText('Ліміт боргу картки невідомий: у борг зараз не продати.')).toBeTruthy();
    expect(screen.getByText('Баланс бонусів невідомий: бонусами зараз не сплатити.')).toBeTruthy();
  });

  it('says an overpaid split is overpaid and by how much, never "paid in full 0,00"', async () => {
    show();
    await screen.findByTestId('mixed-debt-limit');
    type('mixed-cashless', '400');
    const box = screen.getByTestId('mixed-remainder-box');
    expect(box.dataset.state).toBe('overpaid');
    expect(box.textContent).toContain('Переплата');
    expect(box.textContent).not.toContain('Усе сплачено');
    expect((screen.getByTestId('mixed-pay') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('the mixed payment of a total the cash rounding moves', () => {
  beforeEach(() => {
    // 269.80 on 2025-11-03, when cash is rounded to 0.50 (the demo's steps): 270.00 in cash.
    vi.useFakeTimers({ now: new Date('2025-11-03T10:00:00Z'), toFake: ['Date'] });
    useSale.setState({
      card: null,
      lines: [
        { code: '4820000000011', name: 'Хліб', quantity: '1.000', price: '269.80', sum: '269.80', stamps: [] },
      ] as unknown as ReturnType<typeof useSale.getState>['lines'],
    });
  });
  afterEach(() => vi.useRealTimers());

  it('shows the rounding and what is to pay beside the sum, so the remainder adds up with them', () => {
    show();
    const plain = (id: string) => (screen.getByTestId(id).textContent ?? '').replace(/\u00a0/g, ' ');
    expect(plain('mixed-total')).toBe('269,80 ₴');
    expect(screen.getByTestId('mixed-rounding').dataset).toMatchObject({ rounding: '0.20', toPay: '270.00' });
    expect(plain('mixed-rounding')).toContain('+0,20 ₴');
    expect(plain('mixed-to-pay')).toBe('270,00 ₴');
    expect(plain('mixed-remainder')).toBe('270,00 ₴');
    // A card would pay the rest to the kopeck.
    expect(plain('mixed-remainder-exact')).toBe('безготівково: 269,80 ₴');
    type('mixed-cash', '100');
    expect(plain('mixed-remainder')).toBe('170,00 ₴');
    type('mixed-cash', '');
    type('mixed-cashless', '269,80');
    expect(screen.queryByTestId('mixed-rounding')).toBeNull();
  });
});
