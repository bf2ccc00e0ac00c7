import { describe, expect, it } from 'vitest';
import { findOperation, type OperationSpec } from '../../shared/contract/index.js';
import { ContractBreach, normalizeResult, numberToDecimal } from './normalize.js';

const op = (name: string) => findOperation(name) as OperationSpec;
const up = { name: 'u', version: '0.4.0' };

describe('numbers become decimal strings without float artefacts', () => {
  it.each([
    [0.1 + 0.2, '0.3'],
    [1.005 * 1000, '1005'],
    [12, '12'],
    [-0.5, '-0.5'],
    [1e-7, '0.0000001'],
    [123456789.12, '123456789.12'],
    [-0, '0'],
    [1e21, '1000000000000000000000'],
  ])('%s → %s', (n, s) => {
    expect(numberToDecimal(n)).toBe(s);
  });

  it('refuses NaN and infinities', () => {
    expect(() => numberToDecimal(Number.NaN)).toThrow(ContractBreach);
    expect(() => numberToDecimal(Number.POSITIVE_INFINITY)).toThrow(ContractBreach);
  });
});

describe('result modes', () => {
  it('rows: only declared columns, in order, with status.value the row count', () => {
    const r = normalizeResult(op('pos.cashdesk_balance'), { rows: [{ balance: 10, extra: 'dropped' }] }, up);
    expect(r).toEqual({
      upstream: { name: 'u', version: '0.4.0', resource: 'pos' },
      status: { code: 'OK', operation: 'cashdesk_balance', value: '1' },
      rows: [{ balance: '10' }],
    });
  });

  it('rows_uncounted: status has only code and operation', () => {
    const r = normalizeResult(op('discounts.bonus_comments'), { rows: [{ comment: 'за покупку' }] }, up);
    expect(r.status).toEqual({ code: 'OK', operation: 'bonus_comments' });
    expect(r.rows).toEqual([{ comment: 'за покупку' }]);
  });

  it('scalar: the value in status.value and no rows', () => {
    const r = normalizeResult(op('checks.cash_balance'), { value: 1500.5 }, up);
    expect(r.status).toEqual({ code: 'OK', operation: 'cash_balance', value: '1500.5' });
    expect(r.rows).toEqual([]);
  });

  it('status: listed fields as strings; catalog operations name the part after catalog.', () => {
    const r = normalizeResult(op('catalog.contrag.delete'), { status: { catalog: 'contrag', affected: 1 } }, up);
    expect(r.status).toEqual({ code: 'OK', operation: 'contrag.delete', catalog: 'contrag', affected: '1' });
    expect(r.upstream.resource).toBe('catalog');
  });

  it('tagged_rows: each row keeps its tag and the columns of its shape', () => {
    const r = normalizeResult(
      op('goods.card_open'),
      {
        rows: [
          { tag: 'STATE', found: 1 },
          { tag: 'UKT', uktzed: '2208401100', excise_input: true, junk: 1 },
        ],
      },
      up,
    );
    expect(r.rows).toEqual([
      { tag: 'STATE', found: '1' },
      { tag: 'UKT', uktzed: '2208401100', excise_input: '1' },
    ]);
    expect(() => normalizeResult(op('goods.card_open'), { rows: [{ tag: 'NOPE' }] }, up)).toThrow(ContractBreach);
  });

  it('variable_rows: a summary row then positional document rows', () => {
    const r = normalizeResult(
      op('pos.debt_pay_bonus'),
      {
        rows: [
          [100, 20.5, '0'],
          ['17', 100],
        ],
      },
      up,
    );
    expect(r.rows).toEqual([
      ['100', '20.5', '0'],
      ['17', '100'],
    ]);
    expect(() => normalizeResult(op('pos.debt_pay_bonus'), { rows: [[1, 2, 3]] }, up)).toThrow(ContractBreach);
  });

  it('formats dates, date-times and bytes, and refuses values outside their format', () => {
    const docs = op('pos.prro_inline_error_docs');
    const r = normalizeResult(
      docs,
      {
        rows: [
          {
            id: 1,
            doc_type: 'receipt',
            created_at: '2026-11-21T10:00:00+02:00',
            xml_body_b64: new TextEncoder().encode('<a/>'),
            fiscal_number: '',
          },
        ],
      },
      up,
    );
    expect(r.rows[0]).toMatchObject({ xml_body_b64: 'PGEvPg==', created_at: '2026-11-21T10:00:00+02:00' });
    expect(() =>
      normalizeResult(
        docs,
        { rows: [{ id: 1, doc_type: 'r', created_at: '2026-11-21 10:00', xml_body_b64: '', fiscal_number: '' }] },
        up,
      ),
    ).toThrow(ContractBreach);
    expect(() => normalizeResult(op('pos.cashdesk_balance'), { rows: [{ balance: '1e5' }] }, up)).toThrow(ContractBreach);
  });
});
