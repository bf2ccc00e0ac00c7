// @vitest-environment happy-dom
/**
 * The card part of a sale with a bank card terminal set up: paid on the terminal through the
 * bridge's cardSale (never a close of its own), the terminal's decline said in Ukrainian with its
 * words, an unknown outcome offering to ask the terminal again, and typing the card part in by
 * hand only where a manager allowed it.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CardOutcome, type CashdeskApi, DEFAULT_TERMINAL, type TerminalSettings } from '../../../shared/bridge/api.js';
import { initI18n } from '../../i18n/i18n.js';
import { useSale } from '../sale/sale-store.js';
import { MixedPaymentScreen } from './MixedPaymentScreen.js';

let terminal: TerminalSettings;
let paid: CardOutcome;
const cardSale = vi.fn(async (_params: unknown, _options: unknown) => paid);
const cardRecover = vi.fn(async () => null);
const write = vi.fn(async (_method: string, _params: unknown, _options: unknown) => ({
  status: 'done' as const,
  id: 1,
  result: { upstream: { name: 'b', version: '1', resource: 'pos' }, status: { code: 'OK' as const, operation: 'x' }, rows: [] },
}));
const api = {
  read: vi.fn(),
  write,
  cardSale,
  cardRecover,
  queueReconcile: vi.fn(async () => ({})),
  settingsGet: async () => ({ till: { kasm: 1, akas: 'KAS1', numprro: '' }, terminal, cashRounding: '' }),
  onEvent: () => () => {},
};

function show() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MixedPaymentScreen />
    </QueryClientProvider>,
  );
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
/** The card part goes to the terminal once the settings are read. */
const byTerminal = () => waitFor(() => expect(screen.getByTestId('mixed-pay').dataset.terminal).toBe('true'));
const closes = () => write.mock.calls.filter(([method]) => method === 'pos.checkout_close_sale');

beforeAll(() => {
  initI18n('uk');
  Object.defineProperty(window, 'cashdesk', { value: api as unknown as CashdeskApi, configurable: true });
});
beforeEach(() => {
  terminal = { ...DEFAULT_TERMINAL, enabled: true, host: '192.168.1.50' };
  useSale.setState({
    ndoc: 'K1-card',
    card: null,
    lines: [
      { code: '4820000000011', name: 'Хліб', quantity: '1.000', price: '300.00', sum: '300.00', stamps: [] },
    ] as unknown as ReturnType<typeof useSale.getState>['lines'],
  });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('the card part on the terminal', () => {
  it("is paid through cardSale, and a decline says the terminal's words and leaves the sale open", async () => {
    paid = { status: 'declined', code: '1002', reason: 'Недостатньо коштів' };
    show();
    type('mixed-cashless', '200');
    type('mixed-cash', '100');
    await byTerminal();
    expect(screen.queryByTestId('mixed-card-manual')).toBeNull();
    fireEvent.click(screen.getByTestId('mixed-pay'));
    await screen.findByTestId('card-failure-text');
    expect(screen.getByTestId('card-failure-text').textContent).toBe(
      'Термінал відхилив оплату карткою: Недостатньо коштів. Чек не закрито: оплатіть іншою карткою або готівкою.',
    );
    expect(cardSale).toHaveBeenCalledTimes(1);
    expect(cardSale.mock.calls[0]?.[0]).toMatchObject({
      ndoc: 'K1-card',
      payments: [
        { type: 'nal', amount: '100.00' },
        { type: 'bn', amount: '200.00' },
      ],
    });
    expect(closes()).toEqual([]);
    expect(useSale.getState().lines).toHaveLength(1);
  });

  it('says a partial approval the till voided, and one it could not void, and leaves the sale open', async () => {
    paid = { status: 'declined', code: '0010', reason: '', taken: { amount: '120.00', voided: true } };
    show();
    type('mixed-cashless', '300');
    await byTerminal();
    fireEvent.click(screen.getByTestId('mixed-pay'));
    await screen.findByTestId('card-failure-text');
    expect(screen.getByTestId('card-failure-text').textContent).toBe(
      'Термінал схвалив лише частину суми (120,00\u00a0₴). Цю оплату скасовано на терміналі: гроші повернуться на картку. Чек не закрито: оплатіть іншою карткою або готівкою.',
    );
    paid = { status: 'declined', code: '0010', reason: '', taken: { amount: '120.00', voided: false } };
    fireEvent.click(screen.getByTestId('mixed-pay'));
    await waitFor(() => expect(screen.getByTestId('close-error').dataset.voided).toBe('false'));
    expect(screen.getByTestId('card-failure-text').textContent).toContain('Скасуйте її на терміналі й покличте менеджера');
    expect(closes()).toEqual([]);
    expect(useSale.getState().lines).toHaveLength(1);
  });

  it('offers to ask the terminal again when the outcome is unknown', async () => {
    paid = { status: 'unknown', reason: 'the link to the terminal was lost' };
    show();
    type('mixed-cashless', '300');
    await byTerminal();
    fireEvent.click(screen.getByTestId('mixed-pay'));
    fireEvent.click(await screen.findByTestId('card-recover'));
    await waitFor(() => expect(cardRecover).toHaveBeenCalledTimes(1));
    expect(screen.getByTestId('card-failure-text').textContent).toContain('Не беріть оплату вдруге');
  });

  it('is typed in by hand only where a manager allowed it', async () => {
    terminal = { ...terminal, manualEntry: true };
    show();
    type('mixed-cashless', '300');
    fireEvent.click(await screen.findByTestId('mixed-card-manual'));
    fireEvent.click(screen.getByTestId('mixed-pay'));
    await waitFor(() => expect(closes()).toHaveLength(1));
    expect(cardSale).not.toHaveBeenCalled();
  });
});
