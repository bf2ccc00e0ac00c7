import { describe, expect, it } from 'vitest';
import { isBase64, isCalendarDate, isDateTimeWithOffset, isPhone, isSha256 } from '../dsl/formats.js';
import type { Column, Columns, ResultSpec } from '../dsl/results.js';
import { OPERATIONS } from '../registry.js';
import { boundaryCases, sampleResult, validParams } from './cases.js';
import { fromScaled, stepDecimal, toScaled } from './decimal-steps.js';
import { FORMAT_SAMPLES } from './values.js';

const COLUMN_CHECKS: Record<Column['format'], (s: string) => boolean> = {
  string: () => true,
  decimal: (s) => /^-?\d+(?:\.\d+)?$/.test(s),
  date: isCalendarDate,
  'date-time': isDateTimeWithOffset,
  byte: isBase64,
  sha256: isSha256,
  int: (s) => /^-?\d+$/.test(s),
  phone: isPhone,
};

function expectRow(columns: Columns, row: unknown) {
  expect(Object.keys(row as object).sort()).toEqual(Object.keys(columns).sort());
  for (const [name, column] of Object.entries(columns)) {
    const value = (row as Record<string, unknown>)[name];
    expect(typeof value === 'string' && COLUMN_CHECKS[column.format](value), `${name}: ${String(value)}`).toBe(true);
  }
}

function expectPositional(columns: Columns, row: unknown) {
  const formats = Object.values(columns).map((c) => c.format);
  expect(Array.isArray(row) && row.length === formats.length).toBe(true);
  expect((row as string[]).every((value, i) => COLUMN_CHECKS[formats[i] ?? 'string'](value))).toBe(true);
}

describe.each(OPERATIONS.map((op) => [op.name, op] as const))('the generated cases of %s', (_, op) => {
  const cases = boundaryCases(op);

  it('have unique names', () => {
    expect(new Set(cases.map((c) => c.name)).size).toBe(cases.length);
  });

  it('probe every member with at least one case that must fail, at a params path', () => {
    for (const member of Object.keys(op.params)) {
      expect(
        cases.some((c) => c.expect === 'fail' && c.path.startsWith(`params.${member}`)),
        member,
      ).toBe(true);
    }
    expect(cases.every((c) => c.path.startsWith('params.'))).toBe(true);
  });

  it('leave validParams untouched, so every call gives the same cases', () => {
    expect(boundaryCases(op)).toEqual(cases);
    expect(validParams(op)).toEqual(validParams(op));
  });

  it('include a sample result that fits the result mode and every column format', () => {
    const sample = sampleResult(op);
    const result: ResultSpec = op.result;
    switch (result.mode) {
      case 'rows':
      case 'rows_uncounted':
        expect(sample.rows).toHaveLength(1);
        expectRow(result.columns, sample.rows?.[0]);
        break;
      case 'scalar':
        expect(COLUMN_CHECKS[result.value.format](String(sample.value))).toBe(true);
        break;
      case 'status':
        expect(sample.rows).toEqual([]);
        expect(Object.keys(sample.status ?? {})).toEqual([...result.fields]);
        expect(Object.values(sample.status ?? {}).every((v) => typeof v === 'string')).toBe(true);
        break;
      case 'tagged_rows':
        expect(sample.rows?.map((r) => (r as { tag: string }).tag)).toEqual(Object.keys(result.shapes));
        for (const row of sample.rows ?? []) {
          const { tag, ...rest } = row as { tag: string };
          expectRow(result.shapes[tag] ?? {}, rest);
        }
        break;
      case 'variable_rows':
        expect(sample.rows).toHaveLength(1 + result.rest.minRest);
        expectPositional(result.first.columns, sample.rows?.[0]);
        for (const row of sample.rows?.slice(1) ?? []) expectPositional(result.rest.columns, row);
        break;
    }
  });
});

describe('the decimal steps of the boundary values', () => {
  it('move by exactly one unit of the last decimal place', () => {
    expect(stepDecimal('0', 3, 1)).toBe('0.001');
    expect(stepDecimal('1000000', 3, 1)).toBe('1000000.001');
    expect(stepDecimal('0', 4, -1)).toBe('-0.0001');
    expect(stepDecimal('-0.5', 1, 1)).toBe('-0.4');
  });

  it('round-trip through scaled integers', () => {
    expect(toScaled('-12.5', 3)).toBe(-12500n);
    expect(fromScaled(-12500n, 3)).toBe('-12.500');
    expect(fromScaled(5n, 0)).toBe('5');
  });
});

describe('the generated cases of all operations together', () => {
  it('try every value format and the Cyrillic enum values', () => {
    const sent = JSON.stringify(OPERATIONS.flatMap((op) => boundaryCases(op).map((c) => c.params)));
    for (const needle of [
      '2024-02-29',
      '+02:00',
      'QUJDRA==',
      FORMAT_SAMPLES.sha256,
      '+380 44 123-45-67',
      'Заменить здесь',
      'Заменить в базе',
      '𝄞',
    ]) {
      expect(sent).toContain(needle);
    }
  });
});
