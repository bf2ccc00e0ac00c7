/** The catalog through HTTP: the real gateway and the embedded back office on the test run's engine. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../testing/harness.js';

let svc: TestService;

beforeAll(async () => {
  svc = await startTestService({ now: () => new Date('2025-03-14T10:00:00Z') });
  // Goods have no create operation (cards come from the back office's own tools): put two in directly.
  svc.service.db
    .prepare(
      `INSERT INTO goods (code, name, price, cost, markup, date_added) VALUES
       ('4820000000011', 'Олія соняшникова 0.9 л', 659000, 480000, 400000, '2025-01-10'),
       ('4820000000028', 'Цукор 1 кг', 335000, 260000, 400000, '2025-01-10')`,
    )
    .run();
});
afterAll(async () => {
  await svc?.close();
});

describe('the invoice import flow over HTTP', () => {
  it('stages a supplier file, confirms it with both decisions and shows the stock and prices afterwards', async () => {
    for (const [code, price] of [
      ['4820000000011', '52.00'],
      ['4820000000028', '27.50'],
    ] as const) {
      await svc.ok('nakl.import_main_add_line', { from_nn: 'TMP-1', nn: 'П-1', code, quant: '12', currency_price: price });
    }
    const confirmed = await svc.ok('nakl.import_confirm', {
      temp_nn: 'TMP-1',
      actions: [
        { code: '4820000000011', decision: 'Заменить в базе' },
        { code: '4820000000028', decision: 'Заменить здесь' },
      ],
    });
    expect(confirmed.status).toMatchObject({ code: 'OK', operation: 'import_confirm', affected: '2' });

    const oil = await svc.ok('goods.card_main', { code: '4820000000011' });
    expect(oil.rows).toMatchObject([{ price: '72.80', cost: '52.00', quantity: '12.000' }]);
    const sugar = await svc.ok('goods.card_main', { code: '4820000000028' });
    expect(sugar.rows).toMatchObject([{ price: '33.50', cost: '26.00', quantity: '12.000' }]);
    const fifo = await svc.ok('goods.fifo_rows', { code: '4820000000028' });
    expect(fifo.rows).toEqual([{ document_number: 'П-1', cost: '27.50', quantity: '12.000', date: '2025-03-14', fiscal: '0' }]);
    const diff = await svc.ok('nakl.price_diff', { nn: 'П-1' });
    expect(diff.rows).toEqual([
      {
        code: '4820000000028',
        name: 'Цукор 1 кг',
        document_price: '38.50',
        main_price: '33.50',
        document_quantity: '12.000',
        main_quantity: '12.000',
        unit_type: 'шт',
      },
    ]);
  });

  it('cancels an import and refuses one that is gone, as INVALID_PARAMETER', async () => {
    await svc.ok('nakl.import_main_add_line', { from_nn: 'TMP-2', nn: 'П-2', code: '4820000000011', quant: '1' });
    expect((await svc.ok('nakl.import_cancel', { temp_nn: 'TMP-2' })).status).toMatchObject({ affected: '1' });
    const again = await svc.call('nakl.import_cancel', { temp_nn: 'TMP-2' });
    expect(again.status).toBe(422);
    expect(JSON.stringify(again.body)).toContain('import TMP-2 not found');
  });
});

describe('a directory round trip over HTTP', () => {
  it('saves a counterparty, reads it back, updates it by key and deletes it', async () => {
    const saved = await svc.ok('catalog.contrag.save', { nt: 'ТОВ "Хлібодар"', rekv: 'ЄДРПОУ 11223344' });
    expect(saved.status).toMatchObject({ code: 'OK', operation: 'contrag.save', catalog: 'contrag', affected: '1' });
    const key = saved.status.key as string;
    expect((await svc.ok('pos.template_contractors', {})).rows).toEqual([{ name: 'ТОВ "Хлібодар"' }]);
    await svc.ok('catalog.contrag.save', { key, nt: 'ТОВ "Хлібодар"', rekv: 'ЄДРПОУ 11223344, м. Київ' });
    expect((await svc.ok('pos.template_contractor_rekv', { nt: 'ТОВ "Хлібодар"' })).rows).toEqual([
      { details: 'ЄДРПОУ 11223344, м. Київ' },
    ]);
    expect((await svc.ok('catalog.contrag.delete', { key })).status).toMatchObject({
      operation: 'contrag.delete',
      affected: '1',
    });
    expect((await svc.ok('pos.template_contractors', {})).rows).toEqual([]);
    expect((await svc.call('catalog.contrag.delete', { key })).status).toBe(422);
  });
});
