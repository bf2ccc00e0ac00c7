// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CashdeskApi, CatalogItem } from '../../../shared/bridge/api.js';
import { useNotice } from './notice-store.js';
import { saleActions } from './sale-actions.js';
import { useSale } from './sale-store.js';

const RESULT = {
  upstream: { name: 'b', version: '1', resource: 'pos' },
  status: { code: 'OK' as const, operation: 'find_code' },
};
const BREAD: CatalogItem = {
  code: '4820000000017',
  name: 'Хліб',
  unit: 'шт',
  price: '32.50',
  weighted: false,
  plu: '',
  excise: false,
  ageLimit: 0,
  stock: '10.000',
};
const BARCODE = '4820000000024';
const CARD = '2299000000013';

const copy = new Map<string, CatalogItem>([
  [BREAD.code, BREAD],
  [BARCODE, BREAD],
]);
const read = vi.fn(async (_method: string, params: { code: string }) => ({
  method: 'pos.find_code',
  result: {
    ...RESULT,
    rows:
      params.code === CARD
        ? [
            {
              kind: 'card',
              code: CARD,
              name: 'Олена',
              price: '0.00',
              quantity: '1.000',
              unit_type: '',
              excise_input: '0',
              matched: CARD,
              debt: '0.00',
              debt_limit: '0.00',
              bonus: '0.00',
            },
          ]
        : [],
  },
  stale: false,
  fetchedAt: '',
}));
const write = vi.fn(async () => ({ status: 'queued', id: 1 }));
const api = {
  read,
  write,
  catalogItem: vi.fn(async (code: string) => copy.get(code) ?? null),
  settingsGet: async () => ({ till: { kasm: 1, akas: 'KAS1', numprro: '1' }, stampMasks: [] }),
  queueReconcile: vi.fn(),
  onEvent: () => () => {},
};

beforeAll(() => {
  Object.defineProperty(window, 'cashdesk', { value: api as unknown as CashdeskApi, configurable: true });
});
beforeEach(() => {
  useSale.getState().cancel();
  useNotice.getState().setStale(false);
});
afterEach(() => vi.clearAllMocks());

describe('a scan', () => {
  it('puts a product the catalogue copy knows on the receipt without asking the service, then has the back office price it', async () => {
    const actions = saleActions(new QueryClient());
    expect(await actions.scan(BARCODE, 'scan')).toEqual({ kind: 'line', code: BREAD.code, needsStamps: false });
    expect(read).not.toHaveBeenCalled();
    expect(useSale.getState().lines).toMatchObject([{ code: BREAD.code, name: 'Хліб', price: '32.50', priceState: 'pending' }]);
    expect(write).toHaveBeenCalledWith(
      'pos.checkout_apply_sale_line',
      expect.objectContaining({ code: BREAD.code }),
      expect.anything(),
    );
  });

  it('a price the service did not answer leaves the line unconfirmed, and the screen says the till works on its own copy', async () => {
    const actions = saleActions(new QueryClient());
    await actions.scan(BREAD.code, 'scan');
    await vi.waitFor(() => expect(useSale.getState().lines[0]?.priceState).toBe('unconfirmed'));
    expect(useNotice.getState().stale).toBe(true);
  });

  it('asks the service what the copy cannot tell: a discount card', async () => {
    const actions = saleActions(new QueryClient());
    expect(await actions.scan(CARD, 'scan')).toEqual({ kind: 'card' });
    expect(read).toHaveBeenCalledWith('pos.find_code', { code: CARD, allow_alpha: false });
    expect(useSale.getState().card).toEqual({ code: CARD, holder: 'Олена' });
  });
});

describe('an entry that is no code (issue 20)', () => {
  it('of 10,000 pasted characters is said shortly, in words, and never sent to be looked up', async () => {
    const actions = saleActions(new QueryClient());
    expect(await actions.scan('7'.repeat(10_000), 'typed')).toEqual({ kind: 'unknown' });
    expect(read).not.toHaveBeenCalled();
    const notice = useNotice.getState().notice;
    expect(notice).toMatchObject({ tone: 'error', key: 'tooLong', values: { count: 10_000, max: 512 } });
    expect(notice?.error).toBeUndefined();
    expect(String(notice?.values?.code).length).toBeLessThanOrEqual(32);
  });
});
