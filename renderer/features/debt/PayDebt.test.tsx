// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type CashdeskApi, DEFAULT_PRINTER, type WriteOutcome } from '../../../shared/bridge/api.js';
import { initI18n } from '../../i18n/i18n.js';
import { formatMoney } from '../../money/money.js';
import { useReceipt } from '../receipt/receipt-store.js';
import { PayDebt } from './PayDebt.js';
import type { OpenDebtRow } from './selection.js';

const CARD = '2299001010370';
const ROWS: OpenDebtRow[] = [
  { check_number: '8', date_added: '2025-03-10', total: '341.93', paid: '197.43', debt: '144.50' },
  { check_number: '38', date_added: '2025-03-11', total: '390.69', paid: '0.00', debt: '390.69' },
];
const RESULT = { upstream: { name: 'b', version: '1', resource: 'pos' }, status: { code: 'OK' as const, operation: 'x' } };

/** getBridge keeps the first bridge it sees, so the fake desk is one, answering what each test sets. */
let answer: WriteOutcome = { status: 'queued', id: 1 };
const write = vi.fn(async () => answer);
const api = {
  write,
  read: vi.fn(async () => ({
    method: 'pos.cashdesk_balance',
    result: { ...RESULT, rows: [{ balance: '100.00' }] },
    stale: false,
    fetchedAt: '',
  })),
  queueList: vi.fn(async () => []),
  // The NBU steps the till receives with its catalogue: 0.50 since 2025-10-01.
  settingsGet: vi.fn(async () => ({
    printer: DEFAULT_PRINTER,
    cashRounding: '2018-07-01:0.10;2025-10-01:0.50',
    timeZone: 'Europe/Kyiv',
  })),
  onEvent: () => () => {},
};

function desk(outcome: WriteOutcome) {
  answer = outcome;
  write.mockClear();
  return write;
}

function show(onPaid = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PayDebt card={CARD} rows={ROWS} ticked={new Set(['38'])} akas="KAS1" kasm={1} onPaid={onPaid} />
    </QueryClientProvider>,
  );
  return onPaid;
}

beforeAll(() => {
  initI18n('uk');
  Object.defineProperty(window, 'cashdesk', { value: api as unknown as CashdeskApi, configurable: true });
});
afterEach(cleanup);

describe('paying a card debt', () => {
  it('checks the amount against the chosen receipts before asking anything', () => {
    const write = desk({ status: 'queued', id: 1 });
    show();
    const amount = screen.getByTestId('debt-pay-amount');
    fireEvent.change(amount, { target: { value: '400' } });
    fireEvent.keyDown(amount, { key: 'Enter' });
    expect(screen.getByRole('alert').textContent).toContain(formatMoney('390.69'));
    expect(screen.queryByTestId('debt-confirm-text')).toBeNull();
    expect(write).not.toHaveBeenCalled();
  });

  it('states the amount, the cash box and the card, then shows the summary and receipts the service answered', async () => {
    const write = desk({
      status: 'done',
      id: 1,
      result: {
        ...RESULT,
        rows: [
          ['60.00', '160.00', '475.19', '60.00', '0.00'],
          ['38', '60.00', '77'],
        ],
      },
    });
    const onPaid = show();
    fireEvent.change(screen.getByTestId('debt-pay-amount'), { target: { value: '60' } });
    fireEvent.click(screen.getByTestId('debt-pay-cash'));
    const question = screen.getByTestId('debt-confirm-text').textContent ?? '';
    expect(question).toContain(formatMoney('60'));
    expect(question).toContain('KAS1');
    expect(question).toContain(CARD);
    expect(question).toContain('38');
    fireEvent.click(screen.getByTestId('confirm'));

    const result = await screen.findByTestId('debt-result');
    expect(within(result).getByTestId('debt-result-paid').textContent).toBe(formatMoney('60.00'));
    expect(within(result).getByTestId('debt-result-balance').textContent).toBe(formatMoney('160.00'));
    expect(within(result).getByTestId('debt-result-remaining').textContent).toBe(formatMoney('475.19'));
    expect(
      within(result)
        .getAllByTestId('debt-result-row')
        .map((r) => r.textContent),
    ).toEqual([`38${formatMoney('60.00')}`]);
    expect(write).toHaveBeenCalledWith(
      'pos.debt_pay_cash',
      { card: CARD, akas: 'KAS1', kasm: 1, only_nc: '38', amount: '60.00' },
      expect.objectContaining({ group: expect.stringMatching(/^debt-2299001010370-/) }),
    );
    expect(onPaid).toHaveBeenCalledOnce();
    // The customer is given the repayment receipt as a sale's is: it is read (and, unreadable here, said).
    await waitFor(() => expect(useReceipt.getState().shown?.targets).toEqual([{ docId: '77' }]));
    expect(api.read).toHaveBeenCalledWith('pos.receipt_print', { doc_id: 77 });
    expect(within(result).getByTestId('debt-result-print')).toBeTruthy();
  });

  it('gives the repayment receipt once when the whole debt is paid and the answer is then shown alone', async () => {
    desk({
      status: 'done',
      id: 1,
      result: {
        ...RESULT,
        rows: [
          ['390.69', '490.69', '0.00', '390.50', '-0.19'],
          ['38', '390.69', '78'],
        ],
      },
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const one = [ROWS[1] as OpenDebtRow];
    const screenWith = (rows: OpenDebtRow[]) => (
      <QueryClientProvider client={client}>
        <PayDebt card={CARD} rows={rows} ticked={new Set()} akas="KAS1" kasm={1} onPaid={() => {}} />
      </QueryClientProvider>
    );
    const { rerender } = render(screenWith(one));
    fireEvent.click(screen.getByTestId('debt-pay-cash'));
    fireEvent.click(screen.getByTestId('confirm'));
    await screen.findByTestId('debt-result');
    // Each giving of the receipt reads its paper first.
    const reads = () =>
      (api.read.mock.calls as unknown as [string, { doc_id?: number }][]).filter(
        ([method, params]) => method === 'pos.receipt_print' && params.doc_id === 78,
      );
    await waitFor(() => expect(reads()).toHaveLength(1));
    // The card owes nothing now: the screen reads its receipts again and has none to list.
    rerender(screenWith([]));
    expect(screen.getByTestId('debt-result')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(reads()).toHaveLength(1);
  });

  it('asks to take the rounded cash the drawer will hold, with the rounding, and shows what the service took', async () => {
    desk({
      status: 'done',
      id: 1,
      result: {
        ...RESULT,
        rows: [
          ['12.30', '112.50', '378.39', '12.50', '0.20'],
          ['38', '12.30', ''],
        ],
      },
    });
    show();
    fireEvent.change(screen.getByTestId('debt-pay-amount'), { target: { value: '12,30' } });
    fireEvent.click(screen.getByTestId('debt-pay-cash'));
    const question = screen.getByTestId('debt-confirm-text').textContent ?? '';
    // 12.30 is taken as 12.50 at the 0.50 step: the cashier is asked for what the drawer gets.
    expect(question).toContain(`Прийняти ${formatMoney('12.50')} готівкою в касу KAS1`);
    expect(question).toContain(`борг зменшиться на ${formatMoney('12.30')}, заокруглення +${formatMoney('0.20')}`);
    fireEvent.click(screen.getByTestId('confirm'));
    const result = await screen.findByTestId('debt-result');
    expect(within(result).getByTestId('debt-result-cash').textContent).toBe(
      `${formatMoney('12.50')} (заокруглення +${formatMoney('0.20')})`,
    );
  });

  it('shows a refusal of the service beside the amount, keeping what was typed', async () => {
    desk({
      status: 'refused',
      id: 1,
      error: {
        code: 'INVALID_PARAMETER',
        message: 'refused',
        details: [
          {
            path: 'params.amount',
            problem: 'bonus 50.00 exceeds the bonus balance 10.00 of card 2299001010370',
            reason: 'card.bonus_exceeds',
            values: { amount: '50.00', balance: '10.00', card: '2299001010370' },
          },
        ],
      },
    });
    const onPaid = show();
    const amount = screen.getByTestId('debt-pay-amount') as HTMLInputElement;
    fireEvent.change(amount, { target: { value: '50' } });
    fireEvent.keyDown(amount, { key: 'Enter', shiftKey: true });
    expect(screen.getByTestId('debt-confirm-text').textContent).toContain(formatMoney('50'));
    fireEvent.click(screen.getByTestId('confirm'));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('більше, ніж є на картці 2299001010370 (10,00\u00a0₴)');
    expect(amount.getAttribute('aria-describedby')).toBe(alert.id);
    expect(amount.value).toBe('50');
    expect(onPaid).not.toHaveBeenCalled();
  });
});
