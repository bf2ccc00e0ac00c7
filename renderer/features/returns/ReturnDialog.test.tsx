// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CardOutcome, type CashdeskApi, DEFAULT_TERMINAL, type WriteOutcome } from '../../../shared/bridge/api.js';
import { verificationUrl } from '../../../shared/fiscal/verification.js';
import { initI18n } from '../../i18n/i18n.js';
import { formatMoney } from '../../money/money.js';
import { ReturnDialog } from './ReturnDialog.js';

const RESULT = { upstream: { name: 'b', version: '1', resource: 'pos' }, status: { code: 'OK' as const, operation: 'x' } };
const NC = 57;
const FISCAL = '1284301';
const NUMPRRO = '4000123456';
const QR = verificationUrl({ fiscalNumber: FISCAL, numprro: NUMPRRO, orderDate: '14032025', orderTime: '120501', sum: '138.00' });

/** Receipt 57: three loaves (one returned already), a bottle of vodka with its stamps; paid 100 by card and the rest in cash. */
const RETURNABLE = [
  {
    line_no: '1',
    code: '4820000000011',
    name: 'Хліб житній',
    unit_type: 'шт',
    quantity: '3',
    returned: '1',
    returnable: '2',
    price: '12.57',
    discount: '0.00',
    sum: '37.71',
    excise_marks: '',
    fiscal_number: FISCAL,
  },
  {
    line_no: '2',
    code: '4820000000035',
    name: 'Горілка 0,5',
    unit_type: 'шт',
    quantity: '2',
    returned: '0',
    returnable: '2',
    price: '50.00',
    discount: '0.00',
    sum: '100.00',
    excise_marks: 'AATE508932 0000412166, AATE508932 0000412167',
    fiscal_number: FISCAL,
  },
];
const HEAD = {
  tag: 'HEAD',
  kind: 'sale',
  check_number: String(NC),
  kasm: '1',
  created_at: '2025-03-14T12:05:01+02:00',
  fiscal_number: FISCAL,
  mode: 'online',
  total: '137.70',
};
const JOURNAL = {
  check_number: String(NC),
  total: '137.71',
  cash_received: '50.00',
  change: '12.30',
  cashless: '100.00',
  debt: '0.00',
  bonus: '0.00',
  certificate: '0.00',
  card: '',
  kasm: '1',
  ndoc: '1',
  created_at: HEAD.created_at,
  fiscal_number: FISCAL,
};

const rowsFor: Record<string, unknown[]> = {
  'pos.checkout_returnable': RETURNABLE,
  'pos.receipt_print': [HEAD],
  'pos.reports_checks_today': [JOURNAL],
  'pos.receipt_find': [{ kind: 'sale', check_number: String(NC), return_id: '', kasm: '1', created_at: HEAD.created_at }],
};
const read = vi.fn(async (method: string, _params: unknown) => ({
  method,
  result: { ...RESULT, rows: rowsFor[method] ?? [] },
  stale: false,
  fetchedAt: '',
}));
let answer: WriteOutcome = { status: 'queued', id: 1 };
const write = vi.fn(async (_method: string, _params: unknown, _options: unknown) => answer);
const cardRefund = vi.fn(
  async (_params: unknown, _refund: unknown, _options: unknown): Promise<CardOutcome> => ({
    status: 'declined',
    code: 'none',
    reason: '',
  }),
);
const api = {
  read,
  write,
  cardRefund,
  queueList: vi.fn(async () => []),
  settingsGet: vi.fn(async () => ({
    serviceUrl: '',
    till: { kasm: 1, akas: 'KAS1', numprro: NUMPRRO },
    language: 'uk',
    hasApiKey: true,
    embedded: true,
    quickKeys: [],
    timeZone: 'Europe/Kyiv',
    stampMasks: [],
    cashRounding: '2018-07-01:0.10',
  })),
  onEvent: () => () => {},
};

function show(initial = '', over: Partial<Parameters<typeof ReturnDialog>[0]> = {}) {
  const onReturned = vi.fn();
  const confirmWithManager = vi.fn(async () => ({ confirmed: true as const, by: 'Менеджер', confirmation: 7 }));
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ReturnDialog
        initial={initial}
        onClose={onClose}
        onReturned={onReturned}
        confirmWithManager={confirmWithManager}
        {...over}
      />
    </QueryClientProvider>,
  );
  return { onReturned, confirmWithManager, onClose };
}

const qty = async (line: string) =>
  (await screen.findAllByTestId('return-qty')).find((i) => i.getAttribute('data-line') === line) as HTMLInputElement;

beforeAll(() => {
  initI18n('uk');
  Object.defineProperty(window, 'cashdesk', { value: api as unknown as CashdeskApi, configurable: true });
});
beforeEach(() => {
  read.mockClear();
  write.mockClear();
});
afterEach(cleanup);

describe('a return from the journal', () => {
  it('finds the receipt by the QR code a scanner types, through its fiscal and register numbers', async () => {
    show();
    const field = await screen.findByTestId('return-find');
    fireEvent.change(field, { target: { value: `${QR}\r\n` } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(await screen.findByTestId('return-form')).toHaveProperty('dataset.check', String(NC));
    expect(read).toHaveBeenCalledWith('pos.receipt_find', { fiscal_number: FISCAL, numprro: NUMPRRO });
    expect(await screen.findAllByTestId('return-line')).toHaveLength(2);
  });

  it('refuses a link to another host without looking anything up', async () => {
    show();
    const field = await screen.findByTestId('return-find');
    fireEvent.change(field, { target: { value: QR.replace('cabinet.tax.gov.ua', 'cabinet.tax.gov.ua.example.com') } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect((await screen.findByRole('alert')).textContent).toContain('не на перевірку чека');
    expect(read.mock.calls.filter(([m]) => m === 'pos.receipt_find')).toHaveLength(0);
  });

  it('refuses more than is returnable before anything is sent', async () => {
    show(String(NC));
    const bread = await qty('1');
    fireEvent.change(bread, { target: { value: '3' } });
    expect(screen.getByTestId('return-qty-problem').textContent).toContain('Більше, ніж можна повернути (2)');
    fireEvent.keyDown(bread, { key: 'Enter' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(write).not.toHaveBeenCalled();
  });

  it('moves with the arrows, takes a whole line with Space, previews the payback, and writes the return', async () => {
    answer = {
      status: 'done',
      id: 9,
      result: {
        ...RESULT,
        rows: [
          {
            return_id: '4',
            check_number: String(NC),
            total: '75.14',
            cash: '0.00',
            card: '75.14',
            certificate: '0.00',
            bonus: '0.00',
            debt_reversed: '0.00',
            rounding: '0.00',
            certificate_number: '',
            prro_doc_id: '31',
            fiscal_number: '1284309',
            fiscal_mode: 'online',
          },
        ],
      },
    };
    const { onReturned, confirmWithManager } = show(String(NC));
    const bread = await qty('1');
    await waitFor(() => expect(document.activeElement).toBe(bread));
    fireEvent.change(bread, { target: { value: '2' } });
    fireEvent.keyDown(bread, { key: 'ArrowDown' });
    const vodka = await qty('2');
    expect(document.activeElement).toBe(vodka);
    fireEvent.keyDown(vodka, { key: ' ' });
    expect(vodka.value).toBe('2');
    fireEvent.keyDown(vodka, { key: ' ' });
    expect(vodka.value).toBe('');
    fireEvent.change(vodka, { target: { value: '1' } });
    // The last stamp sold goes back by default.
    const stamps = within(screen.getByTestId('return-stamps')).getAllByTestId('return-stamp') as HTMLInputElement[];
    expect(stamps.map((s) => [s.dataset.mark, s.checked])).toEqual([
      ['AATE508932 0000412166', false],
      ['AATE508932 0000412167', true],
    ]);
    // 2 of 3 loaves (the last two: 37.71 − 12.57 = 25.14) and a bottle (50.00): the card takes its 100.00 first.
    await waitFor(() => expect(screen.getByTestId('return-preview-total').dataset.total).toBe('75.14'));
    expect(screen.getByTestId('return-preview-card').dataset.amount).toBe('75.14');
    expect(screen.queryByTestId('return-preview-cash')).toBeNull();

    fireEvent.keyDown(vodka, { key: 'Enter' });
    const question = screen.getByTestId('return-confirm-text').textContent ?? '';
    expect(question).toContain(formatMoney('75.14'));
    fireEvent.click(screen.getByTestId('confirm'));

    const result = await screen.findByTestId('return-result');
    expect(within(result).getByTestId('return-result-total').textContent).toBe(formatMoney('75.14'));
    expect(within(result).getByTestId('return-result-fiscal').textContent).toContain('1284309');
    expect(write).toHaveBeenCalledWith(
      'pos.checkout_return',
      {
        check_number: NC,
        kasm: 1,
        rows: [
          { line_no: 1, quant: '2' },
          { line_no: 2, quant: '1', excise_marks: ['AATE508932 0000412167'] },
        ],
      },
      expect.objectContaining({
        group: expect.stringMatching(/^return-57-/),
        label: expect.objectContaining({ key: 'saleReturn' }),
      }),
    );
    expect(onReturned).toHaveBeenCalledWith('4');
    expect(confirmWithManager).not.toHaveBeenCalled();
  });

  it('rounds a cash payback by the NBU step', async () => {
    rowsFor['pos.reports_checks_today'] = [{ ...JOURNAL, cashless: '0.00', cash_received: '140.00', change: '2.30' }];
    try {
      show(String(NC));
      fireEvent.change(await qty('1'), { target: { value: '1' } });
      // One loaf: 12.57, handed over as 12.60.
      await waitFor(() => expect(screen.getByTestId('return-preview-cash').dataset.amount).toBe('12.60'));
      expect(screen.getByTestId('return-preview-total').dataset.total).toBe('12.57');
      // The rounding with the sign the receipts print: paid back less due.
      expect(screen.getByTestId('return-preview-rounding').textContent).toBe('+0,03\u00a0₴');
    } finally {
      rowsFor['pos.reports_checks_today'] = [JOURNAL];
    }
  });

  it('asks a manager above the limit, and writes nothing when the manager does not confirm', async () => {
    rowsFor['pos.checkout_returnable'] = [{ ...(RETURNABLE[1] as object), price: '900.00', sum: '1800.00' }];
    try {
      const confirmWithManager = vi.fn(async () => ({ confirmed: false as const }));
      show(String(NC), { confirmWithManager });
      const vodka = await qty('2');
      fireEvent.change(vodka, { target: { value: '2' } });
      expect(await screen.findByTestId('return-needs-manager')).toBeTruthy();
      fireEvent.keyDown(vodka, { key: 'Enter' });
      fireEvent.click(screen.getByTestId('confirm'));
      expect(await screen.findByTestId('return-manager-refused')).toBeTruthy();
      expect(confirmWithManager).toHaveBeenCalledWith(expect.objectContaining({ action: 'return', checkNumber: NC }));
      expect(write).not.toHaveBeenCalled();
    } finally {
      rowsFor['pos.checkout_returnable'] = RETURNABLE;
    }
  });

  it('asks a manager above the limit the back office has set, and not below it', async () => {
    rowsFor['settings.fiscal_settings'] = [{ tag: 'LIMIT', name: 'return_manager_limit', value: '30.00' }];
    try {
      show(String(NC));
      const bread = await qty('1');
      // Two loaves, 25.14: under the shop's 30.00.
      fireEvent.change(bread, { target: { value: '2' } });
      expect(await screen.findByTestId('return-preview-total')).toBeTruthy();
      expect(screen.queryByTestId('return-needs-manager')).toBeNull();
      const vodka = await qty('2');
      fireEvent.change(vodka, { target: { value: '1' } });
      expect((await screen.findByTestId('return-needs-manager')).textContent).toContain('30,00');
    } finally {
      delete rowsFor['settings.fiscal_settings'];
    }
  });

  it("sends the manager's confirmation with a return above the limit", async () => {
    rowsFor['pos.checkout_returnable'] = [{ ...(RETURNABLE[1] as object), price: '900.00', sum: '1800.00' }];
    try {
      const confirmWithManager = vi.fn(async () => ({ confirmed: true as const, by: 'Менеджер', confirmation: 7 }));
      show(String(NC), { confirmWithManager });
      const vodka = await qty('2');
      fireEvent.change(vodka, { target: { value: '2' } });
      fireEvent.keyDown(vodka, { key: 'Enter' });
      await act(async () => fireEvent.click(screen.getByTestId('confirm')));
      expect(write).toHaveBeenCalledWith(
        'pos.checkout_return',
        expect.objectContaining({ check_number: NC, confirmation: 7 }),
        expect.anything(),
      );
    } finally {
      rowsFor['pos.checkout_returnable'] = RETURNABLE;
    }
  });

  it("pays the card part back on the terminal, naming the sale's RRN, and books the return only on its approval", async () => {
    const settings = api.settingsGet.getMockImplementation();
    api.settingsGet.mockImplementation(
      async () =>
        ({
          ...((await settings?.()) as object),
          terminal: { ...DEFAULT_TERMINAL, enabled: true, host: '192.168.1.50' },
        }) as never,
    );
    rowsFor['pos.receipt_print'] = [HEAD, { tag: 'PAYSYS', pay_code: '1', rrn: '612300000042', sum: '100.00' }];
    cardRefund.mockImplementationOnce(async () => ({ status: 'declined', code: '1002', reason: 'Відмова банку' }));
    try {
      show(String(NC));
      fireEvent.change(await qty('1'), { target: { value: '1' } });
      await waitFor(() => expect(screen.getByTestId('return-ask').dataset.terminal).toBe('true'));
      fireEvent.click(screen.getByTestId('return-ask'));
      fireEvent.click(screen.getByTestId('confirm'));
      // Declined: nothing booked, the terminal's words said.
      expect((await screen.findByTestId('card-failure-text')).textContent).toContain('Відмова банку');
      expect(cardRefund).toHaveBeenCalledWith(
        { check_number: NC, kasm: 1, rows: [{ line_no: 1, quant: '1' }] },
        { amount: '12.57', rrn: '612300000042' },
        expect.objectContaining({ group: expect.stringMatching(/^return-57-/) }),
      );
      expect(write).not.toHaveBeenCalled();
    } finally {
      rowsFor['pos.receipt_print'] = [HEAD];
      if (settings) api.settingsGet.mockImplementation(settings);
    }
  });
});
