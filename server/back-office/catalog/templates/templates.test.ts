import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Call, caller, openTestDb, type TestDb } from '../testing.js';

let t: TestDb;
let call: Call;

beforeEach(() => {
  t = openTestDb();
  call = caller(t.db);
  t.db
    .prepare(
      `INSERT INTO receipt_template_parts (part, text, updated_at) VALUES
        ('header', 'Магазин "Колосок"', '2025-01-02'), ('footer', 'Дякуємо!', '2025-01-02'),
        ('prro_header', 'ФН ПРРО {numprro}', '2025-01-03')`,
    )
    .run();
  t.db
    .prepare(
      `INSERT INTO receipt_templates (kind, name, body, updated_at) VALUES
        ('prro', 'Основний', '{header}{lines}', '2025-01-02'), ('prro', 'Короткий', '{lines}', '2025-01-02'),
        ('dprinter', 'A4', '{lines}', '2025-01-02')`,
    )
    .run();
});
afterEach(() => t.close());

describe('print templates', () => {
  it('gives the ordinary receipt parts, or the fiscal registrar set with the prro_ prefix', () => {
    expect(call('pos.template_get_parts', {}).rows).toEqual([
      { part: 'footer', text: 'Дякуємо!', updated_at: '2025-01-02' },
      { part: 'header', text: 'Магазин "Колосок"', updated_at: '2025-01-02' },
    ]);
    expect(call('pos.template_get_parts', { prefix: 'prro_' }).rows).toEqual([
      { part: 'prro_header', text: 'ФН ПРРО {numprro}', updated_at: '2025-01-03' },
    ]);
  });

  it('counts receipt templates per kind of printer', () => {
    expect(call('print_templates.count_receipt', { kind: 'prro' }).value).toBe('2');
    expect(call('print_templates.count_receipt', { kind: 'android' }).value).toBe('0');
  });
});
