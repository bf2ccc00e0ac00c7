/** A queued write without a label is described as its registry spec says, or by its name. */
import { describe, expect, it } from 'vitest';
import { describeWrite } from './describe-write.js';

describe('describeWrite', () => {
  it('describes the writes whose specs say how', () => {
    expect(describeWrite('pos.checkout_close_sale', { ndoc: '7', rows: [{}, {}], sum: '12.50' })).toEqual({
      summary: 'close sale 7: 2 lines, 12.50',
      label: { key: 'saleClose', values: { count: '2', total: '12.50' } },
    });
    expect(describeWrite('pos.checkout_apply_sale_line', { ndoc: 7, code: '482' })).toEqual({
      summary: 'sale 7: line 482 × 1',
      label: { key: 'saleLine', values: { name: '482', quantity: '1' } },
    });
    expect(describeWrite('pos.debt_pay_bonus', { card: '55' }).label).toEqual({
      key: 'debtBonus',
      values: { card: '55', amount: '' },
    });
    expect(describeWrite('pos.excise_clear_pending', {}).label).toEqual({ key: 'stampReleaseAll', values: {} });
  });

  it('describes any other write by its name', () => {
    expect(describeWrite('pos.shift_open', {})).toEqual({
      summary: 'shift open',
      label: { key: 'operation', values: { method: 'pos.shift_open' } },
    });
  });
});
