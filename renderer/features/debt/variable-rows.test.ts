import { describe, expect, it } from 'vitest';
import { paidDebt } from './payment.js';
import { parseVariableRows, VariableRowsError } from './variable-rows.js';

describe('variable rows', () => {
  it('name the summary row and the document rows by the registry column order', () => {
    const rows = [
      ['60.04', '1060.00', '117.00', '60.00', '-0.04'],
      ['1', '42.00', '301'],
      ['2', '18.04', '302'],
    ];
    expect(parseVariableRows('pos.debt_pay_cash', rows)).toEqual({
      first: { paid: '60.04', cash_balance: '1060.00', remaining_debt: '117.00', cash_paid: '60.00', rounding: '-0.04' },
      rest: [
        { document_number: '1', paid: '42.00', prro_doc_id: '301' },
        { document_number: '2', paid: '18.04', prro_doc_id: '302' },
      ],
    });
  });

  it('give the bonus balance in the summary of a bonus repayment', () => {
    expect(
      paidDebt('bonus', 'C1', [
        ['84.00', '16.00', '93.00'],
        ['3', '84.00'],
      ]),
    ).toEqual({
      tender: 'bonus',
      card: 'C1',
      paid: '84.00',
      balance: '16.00',
      remainingDebt: '93.00',
      // A bonus moves no money: no repayment receipt, nothing to print.
      documents: [{ documentNumber: '3', paid: '84.00', prroDocId: '' }],
    });
  });

  it('refuse an answer outside the contract instead of showing wrong numbers', () => {
    expect(() => parseVariableRows('pos.debt_pay_cash', [])).toThrow(VariableRowsError);
    expect(() => parseVariableRows('pos.debt_pay_cash', [['60.00', '1.00', '2.00']])).toThrow(/fewer than 1/);
    expect(() =>
      parseVariableRows('pos.debt_pay_cash', [
        ['60.00', '1.00'],
        ['1', '60.00', ''],
      ]),
    ).toThrow(/row 0/);
    expect(() =>
      parseVariableRows('pos.debt_pay_bonus', [
        ['1', '2', '3'],
        ['1', 60],
      ]),
    ).toThrow(/row 1/);
    expect(() => parseVariableRows('pos.debt_pay_bonus', [{ paid: '1' }, ['1', '2']])).toThrow(VariableRowsError);
  });
});
