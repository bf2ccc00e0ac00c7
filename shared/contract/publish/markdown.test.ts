import { describe, expect, it } from 'vitest';
import { PRRO_STATUSES } from '../prro-status.js';
import { OPERATIONS } from '../registry.js';
import { operationsMarkdown } from './markdown.js';

const markdown = operationsMarkdown(OPERATIONS);
const tableRows = markdown.split('\n').filter((line) => line.startsWith('| `') && line.includes('<br>'));

describe('the Markdown contract', () => {
  it('has one table row per operation, each with five cells', () => {
    expect(tableRows).toHaveLength(OPERATIONS.length);
    const rowOf = (name: string) => (r: string) =>
      r.startsWith(`| \`${name}\`<br>`) || r.startsWith(`| \`${name}\` (project-defined)<br>`);
    for (const op of OPERATIONS) expect(tableRows.filter(rowOf(op.name))).toHaveLength(1);
    for (const row of tableRows) expect(row.split(/(?<!\\)\|/).length - 2).toBe(5);
  });

  it('shows bounds, defaults and Cyrillic values as the registry has them', () => {
    const row = (name: string) => tableRows.find((r) => r.startsWith(`| \`${name}\``)) ?? '';
    expect(row('pos.price_tags_prepare_main_tmp')).toContain(
      '`rows` R: array of 1..450 objects<br>· `code` R: S1..190 without control characters',
    );
    expect(row('pos.reports_checks_today')).toContain('`limit` O = 1990: I 1..5000');
    expect(row('pos.debt_pay_cash')).toContain('`payment_name` O = "Оплата долга": S512');
    expect(row('nakl.import_confirm')).toContain('one of "Заменить здесь", "Заменить в базе"');
    expect(row('service.ping')).toContain('| none | status (no extra fields) |');
  });

  it('lists the PRRO statuses and every project-defined choice', () => {
    for (const s of PRRO_STATUSES) expect(markdown).toContain(`| ${s.code} | \`${s.name}\` |`);
    for (const op of OPERATIONS) for (const note of op.projectDefined ?? []) expect(markdown).toContain(`  - ${note}`);
  });
});
