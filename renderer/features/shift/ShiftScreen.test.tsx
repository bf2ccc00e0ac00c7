// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CashdeskApi, DEFAULT_PRINTER, type WriteOutcome } from '../../../shared/bridge/api.js';
import { BridgeError } from '../../bridge/index.js';
import { initI18n } from '../../i18n/i18n.js';
import { formatMoney } from '../../money/money.js';
import { useUi } from '../../state/ui-store.js';
import { useManagerConfirm } from '../people/manager-confirm.js';
import { useReceipt } from '../receipt/receipt-store.js';
import { ShiftOffer } from './ShiftOffer.js';
import { ShiftScreen } from './ShiftScreen.js';
import { useShiftStore } from './shift-store.js';

const RESULT = { upstream: { name: 'b', version: '1', resource: 'pos' }, status: { code: 'OK' as const, operation: 'x' } };

const CLOSED = {
  kasm: '1',
  numprro: '4000211451',
  shift_id: '',
  cashier: '',
  opened_at: null,
  shift_hours: '0.0',
  shift_max_hours: '24',
  receipts: '0',
  cash_balance: '1250.40',
  unsent_docs: '0',
  register_mode: 'online',
  offline_since: null,
  offline_hours: '0.0',
  offline_session_limit: '36',
  offline_month_hours: '0.0',
  offline_month_limit: '168',
  offline_warning: '',
  offline_exhausted: '',
};
const OPEN = {
  ...CLOSED,
  shift_id: '7',
  cashier: 'Шевчук Оксана Василівна',
  opened_at: '2025-03-14T08:00:00+02:00',
  shift_hours: '5.2',
  receipts: '12',
};
const X_REPORT = [
  {
    tag: 'SHIFT',
    shift_id: '7',
    kasm: '1',
    numprro: '4000211451',
    cashier: 'Шевчук Оксана Василівна',
    opened_at: '2025-03-14T08:00:00+02:00',
    closed_at: null,
    state: 'open',
    receipts: '12',
    returns: '0',
    opening_cash: '500.00',
    cash_balance: '1250.40',
    z_doc_id: '',
  },
  // RNDSUM as the document writes it: 750.52 due, 750.50 paid, NORNDSUM − SUM = 0.02.
  { tag: 'TOTAL', kind: 'sales', sum: '750.50', rnd_sum: '0.02', nornd_sum: '750.52', count: '12' },
  { tag: 'PAYFORM', kind: 'sales', code: '0', name: 'ГОТІВКА', sum: '600.50' },
  { tag: 'PAYFORM', kind: 'sales', code: '1', name: 'КАРТКА', sum: '150.00' },
  {
    tag: 'TAX',
    kind: 'sales',
    type: '0',
    letter: 'А',
    name: 'ПДВ',
    prc: '20.00',
    turnover: '750.52',
    source: '750.52',
    sum: '125.09',
  },
  { tag: 'SERVICE', input: '700.00', output: '200.00' },
];

let shiftRow: Record<string, unknown> = CLOSED;
let answer: WriteOutcome = { status: 'done', id: 1, result: { ...RESULT, rows: [] } };
const write = vi.fn(async (_method: string, _params: unknown, _options: unknown) => answer);
const queueReconcile = vi.fn(async () => ({}));
const rowsFor = (method: string) => (method === 'pos.shift_state' ? [shiftRow] : method === 'pos.shift_x_report' ? X_REPORT : []);
const api = {
  write,
  queueReconcile,
  read: vi.fn(async (method: string) => ({ method, result: { ...RESULT, rows: rowsFor(method) }, stale: false, fetchedAt: '' })),
  settingsGet: vi.fn(async () => ({
    serviceUrl: '',
    till: { kasm: 1, akas: 'KAS1', numprro: '4000211451' },
    language: 'uk',
    hasApiKey: true,
    embedded: true,
    timeZone: 'Europe/Kyiv',
    printer: DEFAULT_PRINTER,
  })),
  // Till 1's cashier is signed in: the shift opens for her.
  status: vi.fn(async () => ({ cashier: { id: 3, name: 'Шевчук Оксана Василівна', role: 'cashier' } })),
  onEvent: () => () => {},
};

function show() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ShiftScreen />
    </QueryClientProvider>,
  );
}
const alt = (code: string) => act(() => fireEvent.keyDown(window, { key: code.slice(3).toLowerCase(), code, altKey: true }));
/** Text as a person reads it: the no-break spaces of money (1 250,40 ₴) as plain ones. */
const plain = (el: Element | null | undefined): string => (el?.textContent ?? '').replace(/\u00a0/g, ' ');
const refusal = (reason: string, values: Record<string, string>): WriteOutcome => ({
  status: 'refused',
  id: 9,
  error: {
    code: 'INVALID_PARAMETER',
    message: 'refused',
    details: [{ path: 'params.kasm', problem: 'refused', reason, values }],
  } as never,
});

beforeAll(() => {
  initI18n('uk');
  Object.defineProperty(window, 'cashdesk', { value: api as unknown as CashdeskApi, configurable: true });
});
beforeEach(() => {
  useShiftStore.setState({ panel: null, counts: {}, lastZ: null, returnToSale: false });
  useUi.setState({ screen: 'shift' });
  answer = { status: 'done', id: 1, result: { ...RESULT, rows: [] } };
});
afterEach(() => {
  cleanup();
  write.mockClear();
  queueReconcile.mockClear();
});

describe('the shift screen without an open shift', () => {
  beforeEach(() => {
    shiftRow = CLOSED;
  });

  it('says no shift is open and offers to open one for the signed-in cashier, with a float asked once more', async () => {
    show();
    expect((await screen.findByTestId('shift-closed')).textContent).toContain('Зміну не відкрито');
    expect(screen.getByTestId('shift-facts').dataset.state).toBe('closed');
    expect((await screen.findByTestId('shift-signed-in')).textContent).toContain('Шевчук Оксана Василівна');
    const float = screen.getByTestId('shift-float');
    fireEvent.change(float, { target: { value: '500' } });
    fireEvent.keyDown(float, { key: 'Enter' });
    expect(plain(screen.getByTestId('shift-open-confirm-text'))).toBe(
      'Касир Шевчук Оксана Василівна. Розмінна сума 500,00 ₴ надійде в касу службовим внесенням.',
    );
    expect(write).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(screen.getByTestId('confirm')));
    expect(write).toHaveBeenCalledWith(
      'pos.shift_open',
      { kasm: 1, cashier: 3, float: '500.00' },
      expect.objectContaining({ label: expect.objectContaining({ key: 'shiftOpen' }) }),
    );
  });

  it('refuses a float that is not a sum of kopecks before sending anything', async () => {
    show();
    const float = await screen.findByTestId('shift-float');
    fireEvent.change(float, { target: { value: '10,005' } });
    fireEvent.keyDown(float, { key: 'Enter' });
    expect(plain(screen.getByRole('alert'))).toContain('Не більше двох знаків після коми');
    expect(screen.queryByTestId('shift-open-confirm-text')).toBeNull();
  });

  it('goes back to the sale that asked for the shift once it is open', async () => {
    useShiftStore.setState({ returnToSale: true });
    answer = {
      status: 'done',
      id: 1,
      result: { ...RESULT, rows: [{ opened_at: '2025-03-14T08:00:00+02:00', fiscal_mode: 'online' }] },
    };
    show();
    expect(await screen.findByTestId('shift-for-sale')).toBeTruthy();
    await screen.findByTestId('shift-signed-in');
    fireEvent.keyDown(screen.getByTestId('shift-float'), { key: 'Enter' });
    expect(plain(screen.getByTestId('shift-open-confirm-text'))).toContain('Без розмінної суми');
    await act(async () => fireEvent.click(screen.getByTestId('confirm')));
    expect(write.mock.calls[0]?.[1]).toEqual({ kasm: 1, cashier: 3, float: '0.00' });
    expect(useUi.getState().screen).toBe('sale');
    expect(useShiftStore.getState().returnToSale).toBe(false);
  });

  it('keeps the other actions off until a shift is open, but lets the drawer be counted', async () => {
    show();
    await screen.findByTestId('shift-open');
    expect((screen.getByTestId('shift-action-cashOut') as HTMLButtonElement).disabled).toBe(true);
    alt('KeyO');
    expect(screen.queryByTestId('shift-cash-out')).toBeNull();
    alt('KeyC');
    expect(screen.getByTestId('drawer-count')).toBeTruthy();
  });
});

describe('the shift screen with an open shift', () => {
  beforeEach(() => {
    shiftRow = OPEN;
  });

  it('shows the cashier, receipts, the cash expected and that everything is sent', async () => {
    show();
    expect((await screen.findByTestId('shift-cashier-name')).textContent).toBe('Шевчук Оксана Василівна');
    expect(plain(screen.getByTestId('shift-receipts'))).toBe('12');
    expect(plain(screen.getByTestId('shift-cash'))).toBe('1 250,40 ₴');
    expect(plain(screen.getByTestId('shift-hours'))).toBe('5,2 год з 24');
    expect(plain(screen.getByTestId('shift-unsent'))).toBe('усе надіслано');
    expect(plain(screen.getByTestId('shift-mode'))).toBe("на зв'язку з податковою");
  });

  it('refuses the Z-report while documents are unsent, saying how many, with the way to the PRRO queue', async () => {
    shiftRow = { ...OPEN, unsent_docs: '3', register_mode: 'offline', offline_since: '2025-03-14T12:00:00+02:00' };
    show();
    await screen.findByTestId('shift-cashier-name');
    alt('KeyZ');
    const refused = screen.getByTestId('shift-close-refused');
    expect(refused.dataset.count).toBe('3');
    expect(plain(refused)).toContain('3 документи ще не прийняла податкова');
    expect(plain(refused)).toContain("без зв'язку з податковою");
    expect(screen.queryByTestId('shift-close-confirm-text')).toBeNull();
    expect(write).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('shift-open-queue'));
    expect(useUi.getState().screen).toBe('prro');
  });

  it('shows the back office’s count when it refuses the close for unsent documents, and settles that refusal', async () => {
    answer = refusal('shift.unsent_documents', { kasm: '1', count: '2' });
    show();
    await screen.findByTestId('shift-cashier-name');
    alt('KeyZ');
    fireEvent.keyDown(screen.getByTestId('shift-keep'), { key: 'Enter' });
    expect(plain(screen.getByTestId('shift-close-confirm-text'))).toContain('(чеків: 12)');
    await act(async () => fireEvent.click(screen.getByTestId('confirm')));
    expect(write).toHaveBeenCalledWith('pos.shift_close', { kasm: 1, collection: '1250.40' }, expect.anything());
    expect(screen.getByTestId('shift-close-refused').dataset.count).toBe('2');
    expect(queueReconcile).toHaveBeenCalledWith(9, expect.any(String));
  });

  it('asks what is collected and what the drawer keeps, the whole drawer by default, the two always adding up', async () => {
    show();
    await screen.findByTestId('shift-cashier-name');
    alt('KeyZ');
    expect(plain(screen.getByTestId('shift-close-drawer'))).toBe('Готівка в касі: 1 250,40 ₴.');
    const collect = screen.getByTestId('shift-collect') as HTMLInputElement;
    const keep = screen.getByTestId('shift-keep') as HTMLInputElement;
    expect(document.activeElement).toBe(collect);
    expect([collect.value, keep.value]).toEqual(['1250,40', '0,00']);
    fireEvent.change(keep, { target: { value: '250,40' } });
    expect(collect.value).toBe('1000,00');
    fireEvent.change(collect, { target: { value: '1300' } });
    fireEvent.keyDown(collect, { key: 'Enter' });
    fireEvent.keyDown(keep, { key: 'Enter' });
    // More than the drawer holds: said beside the field, nothing asked, nothing sent.
    expect(plain(screen.getByTestId('shift-close'))).toContain('У касі лише 1 250,40 ₴');
    expect(screen.queryByTestId('shift-close-confirm-text')).toBeNull();
    fireEvent.change(collect, { target: { value: '1000' } });
    expect(keep.value).toBe('250,40');
    fireEvent.keyDown(keep, { key: 'Enter' });
    expect(plain(screen.getByTestId('shift-close-confirm-cash'))).toBe(
      'Інкасація 1 000,00 ₴: службова видача перед Z-звітом. У касі залишиться на наступну зміну 250,40 ₴.',
    );
    expect(write).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(screen.getByTestId('confirm')));
    expect(write).toHaveBeenCalledWith(
      'pos.shift_close',
      { kasm: 1, collection: '1000.00' },
      expect.objectContaining({ label: expect.objectContaining({ key: 'shiftClose' }) }),
    );
  });

  it('closes with the Z-report, shows its totals and the collection, and shows the collection and the Z-report to print', async () => {
    answer = {
      status: 'done',
      id: 3,
      result: {
        ...RESULT,
        rows: [
          {
            shift_id: '7',
            closed_at: '2025-03-14T20:00:00+02:00',
            z_doc_id: '88',
            close_doc_id: '89',
            sales_sum: '750.50',
            sales_count: '12',
            returns_sum: '0.00',
            returns_count: '0',
            service_input: '700.00',
            service_output: '1200.00',
            collection_doc_id: '87',
            collected: '1000.00',
            cash_left: '250.40',
          },
        ],
      },
    };
    useReceipt.setState({ shown: null });
    show();
    await screen.findByTestId('shift-cashier-name');
    alt('KeyZ');
    fireEvent.change(screen.getByTestId('shift-keep'), { target: { value: '250,40' } });
    fireEvent.keyDown(screen.getByTestId('shift-keep'), { key: 'Enter' });
    // The back office closes the shift: the state read after the write has none open.
    shiftRow = { ...CLOSED, cash_balance: '250.40' };
    await act(async () => fireEvent.click(screen.getByTestId('confirm')));
    expect(useShiftStore.getState().lastZ).toMatchObject({ shift_id: '7', kasm: 1 });
    expect(plain(await screen.findByTestId('shift-z-sales'))).toBe('Продажі: 12 чеків на 750,50 ₴');
    expect(plain(screen.getByTestId('shift-z-service'))).toBe('Внесено 700,00 ₴, видано 1 200,00 ₴');
    expect(plain(screen.getByTestId('shift-z-collection'))).toBe('Інкасовано 1 000,00 ₴, у касі залишилось 250,40 ₴');
    // The papers of the close, in the order they print: the collection, then the Z-report.
    await waitFor(() =>
      expect(useReceipt.getState().shown?.targets).toEqual([{ docId: '87' }, { shift: { kasm: 1, shiftId: 7 } }]),
    );
    expect(screen.getByTestId('shift-z-print').textContent).toContain('Друкувати чек інкасації і Z-звіт');
    // The closed shift's full totals come under it, and the next shift opens on what the drawer kept.
    expect(await screen.findByTestId('z-report')).toBeTruthy();
    expect(plain(await screen.findByTestId('shift-open-drawer'))).toContain('У касі вже 250,40 ₴');
  });

  it('shows the X-report: totals, payment forms, taxes and the cash put in and taken out', async () => {
    show();
    await screen.findByTestId('shift-cashier-name');
    alt('KeyX');
    const sales = await screen.findByTestId('report-sales');
    expect(sales.dataset.sum).toBe('750.50');
    // The rounding with the till's one sign, as the receipts print it: paid less due.
    expect(plain(screen.getByTestId('report-sales-rounding'))).toBe('−0,02 ₴');
    expect(screen.getAllByTestId('report-sales-pay').map((r) => plain(r))).toEqual(['ГОТІВКА600,50 ₴', 'КАРТКА150,00 ₴']);
    expect(plain(screen.getByTestId('report-sales-tax'))).toContain('А ПДВ 20,00 %');
    expect(plain(screen.getByTestId('report-returns'))).toContain('Повернень не було');
    expect(screen.getByTestId('report-service-input').dataset.amount).toBe('700.00');
    expect(screen.getByTestId('report-service-output').dataset.amount).toBe('200.00');
  });

  it('takes cash out only with a reason, never more than the drawer holds, and asks first', async () => {
    show();
    await screen.findByTestId('shift-cashier-name');
    alt('KeyO');
    const amount = screen.getByTestId('shift-cash-amount');
    const reason = screen.getByTestId('shift-cash-reason');
    fireEvent.change(amount, { target: { value: '2000' } });
    fireEvent.keyDown(reason, { key: 'Enter' });
    expect(plain(screen.getByTestId('shift-cash-out'))).toContain('У касі лише 1 250,40 ₴');
    fireEvent.change(amount, { target: { value: '250,40' } });
    fireEvent.keyDown(reason, { key: 'Enter' });
    expect(plain(screen.getByTestId('shift-cash-out'))).toContain('Напишіть причину');
    fireEvent.change(reason, { target: { value: 'Інкасація' } });
    fireEvent.keyDown(reason, { key: 'Enter' });
    expect(plain(screen.getByTestId('shift-cash-confirm-text'))).toBe(
      'Видати 250,40 ₴. Причина: Інкасація. У касі залишиться 1 000,00 ₴.',
    );
    answer = {
      status: 'done',
      id: 4,
      result: { ...RESULT, rows: [{ prro_doc_id: '5', fiscal_number: '', balance: '1000.00' }] },
    };
    await act(async () => fireEvent.click(screen.getByTestId('confirm')));
    // Nothing is written until a manager confirms; the confirmation goes with the write.
    expect(write).not.toHaveBeenCalled();
    expect(useManagerConfirm.getState().request).toMatchObject({
      action: 'cash_withdrawal',
      subject: `${formatMoney('250.40')}: Інкасація`,
    });
    await act(async () => useManagerConfirm.getState().finish({ id: 42, manager: 'Мельник Андрій Петрович' }));
    expect(write).toHaveBeenCalledWith(
      'pos.cash_withdrawal',
      { kasm: 1, amount: '250.40', comment: 'Інкасація', confirmation: 42 },
      expect.objectContaining({ label: { key: 'cashOut', values: { amount: '250.40', reason: 'Інкасація', kasm: '1' } } }),
    );
    expect(plain(screen.getByTestId('shift-cash-done'))).toBe('Видано 250,40 ₴. У касі тепер 1 000,00 ₴.');
  });

  it('counts the drawer against the cash expected, and keeps the count while the cashier looks elsewhere', async () => {
    show();
    await screen.findByTestId('shift-cashier-name');
    alt('KeyC');
    fireEvent.change(screen.getByTestId('drawer-pieces-n1000'), { target: { value: '1' } });
    fireEvent.change(screen.getByTestId('drawer-pieces-n200'), { target: { value: '1' } });
    fireEvent.change(screen.getByTestId('drawer-pieces-n50'), { target: { value: '1' } });
    fireEvent.change(screen.getByTestId('drawer-pieces-c0.10'), { target: { value: '3' } });
    expect(screen.getByTestId('drawer-counted').dataset.amount).toBe('1250.30');
    const diff = screen.getByTestId('drawer-difference');
    expect(diff.dataset.amount).toBe('-0.10');
    expect(diff.dataset.balance).toBe('shortage');
    expect(plain(diff)).toBe('−0,10 ₴ Нестача');
    cleanup();
    show();
    await screen.findByTestId('shift-cashier-name');
    expect(screen.getByTestId('drawer-counted').dataset.amount).toBe('1250.30');
    fireEvent.change(screen.getByTestId('drawer-pieces-c0.10'), { target: { value: '4' } });
    expect(screen.getByTestId('drawer-difference').dataset.balance).toBe('exact');
  });
});

describe('the offer on the sale', () => {
  it('appears for a close refused for want of a shift and takes the cashier to it, to come back', () => {
    useUi.setState({ screen: 'sale' });
    const error = new BridgeError('INVALID_PARAMETER', 'x', [
      { path: 'params.kasm', problem: 'x', reason: 'shift.not_open', values: { kasm: '1' } },
    ]);
    render(<ShiftOffer error={error} />);
    fireEvent.click(screen.getByTestId('shift-offer-open'));
    expect(useUi.getState().screen).toBe('shift');
    expect(useShiftStore.getState().returnToSale).toBe(true);
  });

  it('is not there for other refusals', () => {
    const error = new BridgeError('INVALID_PARAMETER', 'x', [{ path: 'p', problem: 'x', reason: 'sale.cash_short', values: {} }]);
    render(<ShiftOffer error={error} />);
    expect(screen.queryByTestId('shift-offer')).toBeNull();
  });
});
