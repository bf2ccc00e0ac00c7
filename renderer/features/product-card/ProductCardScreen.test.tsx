// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CashdeskApi } from '../../../shared/bridge/api.js';
import { initI18n } from '../../i18n/i18n.js';
import { useUi } from '../../state/ui-store.js';
import { ProductCardScreen } from './ProductCardScreen.js';
import type { CardRow } from './tagged.js';

const MAIN: CardRow = {
  tag: 'MAIN',
  code: '4820000000001',
  name: 'Коньяк «Таврія» 0.5 л',
  unit_type: 'шт',
  supplier: 'ТОВ "Напої"',
  category: 'Алкоголь',
  parent_category: 'Напої',
  shelf_life_days: '0',
  c2: 'K5',
  additional_info: '',
  in_cloud: '0',
  no_discount: '1',
  cost: '180.00',
  price: '249.90',
  markup: '38.83',
  quantity: '2',
  critical_quantity: '5',
  date_added: '2025-01-10',
};
const CARD: CardRow[] = [
  { tag: 'STATE', found: '1' },
  MAIN,
  { tag: 'DESC', description: 'Витримка 5 років', kitchen_printer: '' },
  { tag: 'UKT', uktzed: '2208201200', excise_input: '1' },
  { tag: 'EXTRA_CODE', code: '200123' },
  { tag: 'EXTRA_VALUE', field_name: 'Міцність', value: '40%' },
  { tag: 'FIFO', document_number: 'П-0001', cost: '180.00', quantity: '1', date: '2025-01-10', fiscal: '1' },
  { tag: 'FIFO', document_number: 'П-0007', cost: '185.00', quantity: '1', date: '2025-02-10', fiscal: '0' },
  { tag: 'SOSTAV', code: '4820000000002', name: 'Пляшка', cost: '1.00', price: '2.00', unit_type: 'шт', quantity: '1' },
  { tag: 'PICTURE', folder: 'img/alco', picture: 'tavria.jpg' },
  { tag: 'SIZE_SUMMARY', summary: 'склад: 2 шт; філія 1: 0 шт' },
];
const ANSWERS: Record<string, CardRow[]> = {
  '4820000000001': CARD,
  '200999': [
    { tag: 'STATE', found: '0' },
    { tag: 'DUP_OWNER', owner_code: '4820000000001', owner_name: 'Коньяк «Таврія» 0.5 л' },
  ],
};

const read = vi.fn(async (method: string, params: { code: string }) => ({
  method,
  result: {
    upstream: { name: 'b', version: '1', resource: 'goods' },
    status: { code: 'OK', operation: 'card_open' },
    rows: ANSWERS[params.code] ?? [{ tag: 'STATE', found: '0' }],
  },
  stale: false,
  fetchedAt: '',
}));

function show() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ProductCardScreen />
    </QueryClientProvider>,
  );
}

beforeAll(() => {
  initI18n('uk');
  const api = { read, onEvent: () => () => {} };
  Object.defineProperty(window, 'cashdesk', { value: api as unknown as CashdeskApi, configurable: true });
});
beforeEach(() => useUi.setState({ productCode: '' }));
afterEach(cleanup);

describe('the product card', () => {
  it('opens on the code another screen asked for and shows every part of the card', async () => {
    useUi.getState().openProduct('4820000000001');
    show();
    expect((screen.getByTestId('product-code') as HTMLInputElement).value).toBe('4820000000001');
    await screen.findByTestId('product-card');
    expect(read).toHaveBeenCalledWith('goods.card_open', { code: '4820000000001', sk: 0 });
    for (const tag of ['MAIN', 'DESC', 'UKT', 'EXTRA_CODE', 'EXTRA_VALUE', 'FIFO', 'SOSTAV', 'PICTURE', 'SIZE_SUMMARY']) {
      expect(screen.getByTestId(`product-shape-${tag}`)).toBeTruthy();
    }
    expect(screen.getAllByTestId('product-fifo-row')).toHaveLength(2);
    expect(screen.getByTestId('product-fifo-total').textContent).toBe('2 шт');
    expect(screen.getByTestId('product-shape-MAIN').textContent).toContain('мало на складі');
    expect(screen.getByTestId('product-shape-UKT').textContent).toContain('акцизний товар');
    expect(screen.getByTestId('product-shape-PICTURE').textContent).toContain('tavria.jpg');
  });

  it('says clearly that a code is unknown, and offers the card that already carries it as an extra code', async () => {
    show();
    const code = screen.getByTestId('product-code');
    fireEvent.change(code, { target: { value: '200999' } });
    fireEvent.submit(code);
    expect((await screen.findByTestId('product-not-found')).textContent).toContain('200999');
    expect(screen.getByTestId('product-shape-DUP_OWNER').textContent).toContain('4820000000001');
    fireEvent.click(screen.getByTestId('product-open-owner'));
    await screen.findByTestId('product-card');
    expect((code as HTMLInputElement).value).toBe('4820000000001');
  });
});
