import { describe, expect, it } from 'vitest';
import { findOperation, OPERATIONS } from '../registry.js';
import { boundaryCases, validParams } from '../testing/cases.js';
import type { OperationSpec } from './operation.js';
import { validateParams } from './validate.js';

const withParams = OPERATIONS.filter((op) => Object.keys(op.params).length > 0);
const withoutParams = OPERATIONS.filter((op) => Object.keys(op.params).length === 0);

/** Only the required members, so every optional one is omitted. */
const requiredOnly = (op: OperationSpec) =>
  Object.fromEntries(Object.entries(validParams(op)).filter(([name]) => op.params[name]?.required));

const membersOfKind = (kind: string) =>
  OPERATIONS.flatMap((op) =>
    Object.entries(op.params)
      .filter(([, field]) => field.spec.kind === kind)
      .map(([member]) => ({ op, member })),
  );

describe.each(OPERATIONS.map((op) => [op.name, op] as const))('%s', (_, op) => {
  it('accepts its valid params', () => {
    expect(validateParams(op.params, validParams(op))).toMatchObject({ ok: true });
  });

  it.each(boundaryCases(op))('$name', ({ params, expect: verdict, path }) => {
    const result = validateParams(op.params, params);
    if (verdict === 'pass') expect(result).toMatchObject({ ok: true });
    else expect(result.ok ? [] : result.issues.map((i) => i.path)).toEqual([path]);
  });

  it('applies the default of every omitted member and leaves members without one absent', () => {
    const result = validateParams<Record<string, unknown>>(op.params, requiredOnly(op));
    expect(result.ok).toBe(true);
    const value = result.ok ? result.value : {};
    for (const [name, field] of Object.entries(op.params)) {
      if (field.required) continue;
      if (field.default === undefined) expect(value).not.toHaveProperty(name);
      else expect(value[name]).toEqual(field.default);
    }
  });
});

describe('validateParams', () => {
  it.each(membersOfKind('int'))(
    'refuses a numeric string for the int $op.name $member instead of coercing it',
    ({ op, member }) => {
      const result = validateParams(op.params, { ...validParams(op), [member]: '1' });
      expect(result.ok ? [] : result.issues.map((i) => i.path)).toEqual([`params.${member}`]);
    },
  );

  it.each(membersOfKind('string'))(
    'refuses a number for the string $op.name $member instead of coercing it',
    ({ op, member }) => {
      const result = validateParams(op.params, { ...validParams(op), [member]: 1 });
      expect(result.ok ? [] : result.issues.map((i) => i.path)).toEqual([`params.${member}`]);
    },
  );

  it.each(withoutParams.map((op) => op.name))('accepts {} and [] for %s, which has no parameters', (name) => {
    const op = withoutParams.find((o) => o.name === name)!;
    expect(validateParams(op.params, {})).toEqual({ ok: true, value: {} });
    expect(validateParams(op.params, [])).toEqual({ ok: true, value: {} });
  });

  it.each(withParams.map((op) => op.name))('refuses [] for %s, which has parameters', (name) => {
    const op = withParams.find((o) => o.name === name)!;
    const result = validateParams(op.params, []);
    expect(result.ok ? [] : result.issues.map((i) => i.path)).toEqual(['params']);
  });

  it('refuses a non-empty array and anything but an object for an operation without parameters', () => {
    const ping = withoutParams[0]!;
    for (const input of [[1], null, 'x', 1, true]) expect(validateParams(ping.params, input).ok).toBe(false);
  });

  it('hands every call its own copy of a default array', () => {
    const op = findOperation('nakl.import_confirm')!;
    const first = validateParams<{ actions: unknown[] }>(op.params, { temp_nn: 'T1' });
    const second = validateParams<{ actions: unknown[] }>(op.params, { temp_nn: 'T2' });
    if (!first.ok || !second.ok) throw new Error('valid params were refused');
    first.value.actions.push({ code: '1', decision: 'Заменить здесь' });
    expect(second.value.actions).toEqual([]);
    expect(op.params.actions?.default).toEqual([]);
  });

  it('does not report invalid items of a unique array as repeats of each other', () => {
    const op = findOperation('nakl.add_lines')!;
    const result = validateParams(op.params, { nn: '1', codes: [1, 2] });
    expect(result.ok ? [] : result.issues.map((i) => i.path)).toEqual(['params.codes[0]', 'params.codes[1]']);
  });

  it('reports at most 20 issues however many members are wrong', () => {
    const op = findOperation('pos.checkout_close_sale')!;
    const junk = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`junk${i}`, i]));
    const result = validateParams(op.params, junk);
    expect(result.ok ? 0 : result.issues.length).toBe(20);
  });

  it('normalizes a decimal comma and leading zeros to the canonical decimal string', () => {
    const users = findOperation('catalog.users.save')!;
    const result = validateParams<{ kf: string }>(users.params, { nt: 'Олена', card: '1', level: '1', kf: '007,25' });
    expect(result.ok && result.value.kf).toBe('7.25');
  });

  it('names the path of a member inside an array item', () => {
    const op = findOperation('pos.price_tags_prepare_main_tmp')!;
    const rows = [{ code: 'A' }, { code: 'B' }, { code: 'C' }, { code: 'D', quant: '1.2345' }];
    const result = validateParams(op.params, { rows });
    expect(result.ok ? [] : result.issues.map((i) => i.path)).toEqual(['params.rows[3].quant']);
  });
});
