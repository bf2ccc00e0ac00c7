import { describe, expect, it } from 'vitest';
import type { QueueItem } from '../../../shared/bridge/api.js';
import { OPERATIONS } from '../../../shared/contract/index.js';
import { dependencyOf } from './dependencies.js';
import type { Pending } from './store.js';
import { CLOSE_SALE, closeParams, lineParams, SALE_LINE } from './testing/scripted-client.js';

const pending = (method: string, params: Record<string, unknown>, group = 'sale-7', confirmation: number | null = null) =>
  ({ item: { method, group } as QueueItem, params, confirmation }) as Pending;

const barrier = (method: string, params: Record<string, unknown>) => dependencyOf(pending(method, params)).barrier;

describe('dependencyOf', () => {
  it("lets a plain sale's line, payment split and cash or card close go beside other sales, keyed by group and document", () => {
    expect(dependencyOf(pending(SALE_LINE, lineParams('s-7')))).toEqual({ barrier: false, keys: ['group:sale-7', 'ndoc:s-7'] });
    expect(barrier('pos.checkout_store_mixed_payment', { ndoc: 's-7', nal: '5.00', bn: '5.00', bonus: '0', debt: '' })).toBe(
      false,
    );
    expect(barrier(CLOSE_SALE, closeParams('s-7'))).toBe(false);
    const byCard = { ...closeParams('s-7'), payments: [{ type: 'bn', amount: '10.00' }], mixed: 1, sum: '10.00' };
    expect(barrier(CLOSE_SALE, byCard)).toBe(false);
    // Paid on the bank card terminal: the approval is this sale's own, and must not wait behind other sales.
    const onTerminal = { ...byCard, card_payment: { amount: '10.00', rrn: '612300000001', auth_code: '400001' } };
    expect(barrier(CLOSE_SALE, onTerminal)).toBe(false);
  });

  it('makes a barrier of a sale that names a customer card, bonus, debt, certificate or excise stamp', () => {
    const close = closeParams('s-7');
    expect(barrier(SALE_LINE, { ...lineParams('s-7'), disc_card: '2299000000017' })).toBe(true);
    expect(barrier(SALE_LINE, { ...lineParams('s-7'), bind_excise: 1 })).toBe(true);
    expect(barrier(SALE_LINE, { ...lineParams('s-7'), isbonus: '1' })).toBe(true);
    expect(barrier(CLOSE_SALE, { ...close, mixed_card: '2299000000017' })).toBe(true);
    expect(barrier(CLOSE_SALE, { ...close, payments: [{ type: 'bonus', amount: '10.00', card: '2299000000017' }] })).toBe(true);
    expect(barrier(CLOSE_SALE, { ...close, payments: [{ type: 'debt', amount: '10.00', card: '2299000000017' }] })).toBe(true);
    expect(barrier(CLOSE_SALE, { ...close, payments: [{ type: 'cert', amount: '10.00', cert_number: 'C-1' }] })).toBe(true);
    expect(barrier(CLOSE_SALE, { ...close, mixed_debt: '3.00' })).toBe(true);
    const stamped = [{ code: '1001', quant: '1', price: '10.00', sum: '10.00', excise_marks: ['AAAA1234567'] }];
    expect(barrier(CLOSE_SALE, { ...close, rows: stamped })).toBe(true);
    expect(barrier('pos.checkout_store_mixed_payment', { ndoc: 's-7', bonus: '2.00' })).toBe(true);
    // A param nobody has decided about yet.
    expect(barrier(CLOSE_SALE, { ...close, something_new: 'x' })).toBe(true);
    // A manager's confirmation belongs to another write.
    expect(dependencyOf(pending(CLOSE_SALE, close, 'sale-7', 12)).barrier).toBe(true);
  });

  it('makes a barrier of every other write of the contract', () => {
    const independent = OPERATIONS.filter((op) => op.kind === 'write' && !barrier(op.name, {})).map((op) => op.name);
    expect(independent.sort()).toEqual(['pos.checkout_apply_sale_line', 'pos.checkout_store_mixed_payment']);
    for (const name of ['pos.shift_open', 'pos.shift_close', 'pos.checkout_return', 'pos.cash_withdrawal', 'pos.debt_pay_bonus'])
      expect(barrier(name, { kasm: 1 })).toBe(true);
  });
});
