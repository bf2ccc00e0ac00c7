import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { groupOf, operationOf, SCOPES } from './dsl/operation.js';
import { validateParams } from './dsl/validate.js';
import { PRRO_STATUSES, prroStatusName } from './prro-status.js';
import { findOperation, isOperationName, isSpecOperation, OPERATIONS } from './registry.js';

const SPEC_OPERATIONS = OPERATIONS.filter(isSpecOperation);
const PROJECT_OPERATIONS = OPERATIONS.filter((op) => !isSpecOperation(op));

/** The operations of issue 2, section 2, exactly as listed there. */
const ISSUE_LIST = {
  pos: 'card_setting_history, card_setting_save, cashdesk_balance, cashdesk_bank_next_destination, checkout_apply_sale_line, checkout_client_bonus_delta, checkout_close_sale, checkout_mixed_payment, checkout_store_mixed_payment, checkout_uktzed_rows, debt_open_rows, debt_pay_bonus, debt_pay_cash, excise_add_mark, excise_bind_pending, excise_clear_pending, excise_duplicate, fifo_summary, find_code, is_etax, overdue_debts, price_tags_prepare_main_tmp, prro_inline_enqueue, prro_inline_error_docs, prro_inline_error_grid, prro_inline_queue_rows, prro_inline_requeue, prro_inline_set_status, prro_inline_set_status_by_filter, reports_check_print_rows, reports_checks_today, template_contractor_rekv, template_contractors, template_get_parts, template_report_get',
  print_templates: 'count_receipt',
  checks: 'branch_product_exists, cash_balance, discount_debt, fop_year_turnover, product_exists',
  generators: 'make_art, make_own',
  goods: 'card_main, card_open, extra_value, extra_values, fifo_rows, fifo_sk_rows, picture',
  catalog:
    'contrag.save, contrag.delete, discount_actions.save, discount_actions.delete, translate_zap.save, translate_zap.delete, translate_kupm.save, translate_kupm.delete, users.save, users.delete',
  settings: 'init_user_tp, save_tp, save_user_identity',
  nakl: 'add_lines, adjust_prices_percent, cancel_empty_line, import_cancel, import_confirm, import_main_add_line, price_diff, renew_inventory_rest, save_line',
  discounts: 'bonus_comments, delete_extra_value, import_card_ignore',
  finance: 'discount_debt_cash_line, discount_debt_cash_pay, invoice_currency, pay_contrag_invoice',
  service: 'ping',
};
const EXPECTED_NAMES = Object.entries(ISSUE_LIST).flatMap(([group, ops]) => ops.split(', ').map((op) => `${group}.${op}`));

/** The groups of the spec ("What the service does", 3). */
const SPEC_GROUPS = [
  'pos',
  'print_templates',
  'checks',
  'generators',
  'goods',
  'catalog',
  'settings',
  'nakl',
  'discounts',
  'finance',
  'service',
];

/** Operations the spec marks W (Endpoints); every other one is a read. */
const SPEC_WRITES = new Set([
  ...'card_setting_save debt_pay_bonus debt_pay_cash price_tags_prepare_main_tmp excise_add_mark excise_bind_pending excise_clear_pending prro_inline_enqueue prro_inline_requeue prro_inline_set_status prro_inline_set_status_by_filter checkout_apply_sale_line checkout_client_bonus_delta checkout_close_sale checkout_store_mixed_payment template_report_get'
    .split(' ')
    .map((op) => `pos.${op}`),
  ...EXPECTED_NAMES.filter((name) => name.startsWith('catalog.') || name.startsWith('settings.')),
  ...EXPECTED_NAMES.filter((name) => name.startsWith('nakl.') && name !== 'nakl.price_diff'),
  'discounts.delete_extra_value',
  'discounts.import_card_ignore',
  'finance.discount_debt_cash_line',
  'finance.discount_debt_cash_pay',
  'finance.pay_contrag_invoice',
]);

/** Operations the spec marks with a dagger: their scope (and often more) is the project's choice. */
const DAGGERED = [
  'pos.debt_open_rows',
  'pos.fifo_summary',
  'pos.prro_inline_queue_rows',
  'pos.checkout_mixed_payment',
  'pos.prro_inline_enqueue',
  'pos.checkout_client_bonus_delta',
  'goods.card_main',
  'goods.extra_value',
  'catalog.translate_zap.save',
  'settings.init_user_tp',
  'nakl.price_diff',
  'finance.discount_debt_cash_line',
];

/** Scopes the spec states, for every operation it states one for. */
const SPEC_SCOPES: Record<string, string> = {
  'print_templates.count_receipt': 'settings.read',
  'checks.branch_product_exists': 'inventory.read',
  'checks.cash_balance': 'finance.read',
  'checks.discount_debt': 'finance.read',
  'checks.fop_year_turnover': 'finance.read',
  'checks.product_exists': 'inventory.read',
  'generators.make_art': 'catalog.details.read',
  'generators.make_own': 'catalog.details.read',
  'goods.card_open': 'inventory.cost.read',
  'goods.extra_values': 'catalog.details.read',
  'goods.fifo_rows': 'inventory.cost.read',
  'goods.fifo_sk_rows': 'inventory.cost.read',
  'goods.picture': 'catalog.details.read',
  'settings.save_tp': 'settings.write',
  'settings.save_user_identity': 'settings.write',
  'discounts.bonus_comments': 'finance.read',
  'discounts.delete_extra_value': 'finance.write',
  'discounts.import_card_ignore': 'finance.write',
  'finance.discount_debt_cash_pay': 'finance.write',
  'finance.invoice_currency': 'finance.read',
  'finance.pay_contrag_invoice': 'finance.write',
  'service.ping': 'diagnostics.read',
};
const groupScope = (name: string): string | undefined => {
  if (name.startsWith('pos.')) return SPEC_WRITES.has(name) ? 'pos.write' : 'pos.read';
  if (name.startsWith('catalog.')) return 'catalog.write';
  if (name.startsWith('nakl.') && name !== 'nakl.price_diff') return 'inventory.write';
  return SPEC_SCOPES[name];
};

describe('the operation registry', () => {
  it('holds exactly the 80 operations of the spec, and names every operation once', () => {
    expect(SPEC_OPERATIONS).toHaveLength(80);
    expect(EXPECTED_NAMES).toHaveLength(80);
    expect(SPEC_OPERATIONS.map((op) => op.name).sort()).toEqual([...EXPECTED_NAMES].sort());
    expect(new Set(OPERATIONS.map((op) => op.name)).size).toBe(OPERATIONS.length);
  });

  it.each(PROJECT_OPERATIONS.map((op) => [op.name, op] as const))(
    'flags the project-defined %s and says why it exists',
    (_, op) => {
      expect(op.origin).toBe('project');
      expect(op.projectDefined?.length ?? 0).toBeGreaterThan(0);
    },
  );

  it.each(OPERATIONS.map((op) => [op.name, op] as const))('gives %s a spec group and a known scope', (name, op) => {
    expect(SPEC_GROUPS).toContain(groupOf(name));
    expect(SCOPES).toContain(op.scope);
  });

  it.each(SPEC_OPERATIONS.map((op) => [op.name, op.kind] as const))(
    'marks %s a write exactly where the spec marks W',
    (name, kind) => {
      expect(kind).toBe(SPEC_WRITES.has(name) ? 'write' : 'read');
    },
  );

  it.each(SPEC_OPERATIONS.filter((op) => !DAGGERED.includes(op.name)).map((op) => [op.name, op.scope] as const))(
    'gives %s the scope the spec states',
    (name, scope) => {
      expect(scope).toBe(groupScope(name));
    },
  );

  it.each(DAGGERED)('flags the daggered %s as project-defined with a reason', (name) => {
    const notes = findOperation(name)?.projectDefined ?? [];
    expect(notes.length).toBeGreaterThan(0);
    for (const note of notes) expect(note.trim()).not.toBe('');
  });

  it.each(OPERATIONS.map((op) => [op.name, op] as const))(
    'gives %s a default that satisfies its own member contract',
    (_, op) => {
      for (const [name, field] of Object.entries(op.params)) {
        if (field.default === undefined) continue;
        const result = validateParams({ [name]: { ...field, required: true } }, { [name]: field.default });
        expect(result, `${op.name} ${name}`).toMatchObject({ ok: true });
      }
    },
  );

  it.each(OPERATIONS.map((op) => [op.name, op] as const))('declares a non-empty result for %s', (_, op) => {
    const result = op.result;
    if (result.mode === 'rows' || result.mode === 'rows_uncounted') expect(Object.keys(result.columns).length).toBeGreaterThan(0);
    if (result.mode === 'status') expect(new Set(result.fields).size).toBe(result.fields.length);
    if (result.mode === 'tagged_rows') expect(Object.values(result.shapes).every((s) => Object.keys(s).length > 0)).toBe(true);
    if (result.mode === 'variable_rows') expect(result.rest.minRest).toBeGreaterThanOrEqual(0);
  });

  it("is counted right in the README: all, the spec's and the project's own", () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8').replace(/\s+/g, ' ');
    expect(readme).toContain(
      `with ${OPERATIONS.length} named operations (the spec's ${SPEC_OPERATIONS.length} and ${PROJECT_OPERATIONS.length} of the project's own,`,
    );
  });

  it('finds operations by name and nothing else', () => {
    expect(findOperation('service.ping')?.scope).toBe('diagnostics.read');
    expect(findOperation('service.pong')).toBeUndefined();
    expect(findOperation('toString')).toBeUndefined();
    expect(isOperationName('catalog.users.save')).toBe(true);
    expect(isOperationName('catalog.users')).toBe(false);
  });

  it('splits a name into the group and the operation the status reports', () => {
    expect(groupOf('catalog.contrag.delete')).toBe('catalog');
    expect(operationOf('catalog.contrag.delete')).toBe('contrag.delete');
    expect(operationOf('pos.cashdesk_balance')).toBe('cashdesk_balance');
  });

  it('keeps the Cyrillic enum values and defaults byte for byte', () => {
    const confirm = findOperation('nakl.import_confirm')?.params.actions?.spec;
    const decision =
      confirm?.kind === 'array' && confirm.items.kind === 'object' ? confirm.items.fields.decision?.spec : undefined;
    expect(decision).toEqual({ kind: 'enum', values: ['Заменить здесь', 'Заменить в базе'] });
    const cash = findOperation('pos.debt_pay_cash')?.params;
    expect([cash?.payment_name?.default, cash?.tdoc?.default]).toEqual(['Оплата долга', 'Приход кассы']);
  });
});

describe('the PRRO queue statuses', () => {
  it('name every code from 0 to 9 once, in order', () => {
    expect(PRRO_STATUSES.map((s) => s.code)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(new Set(PRRO_STATUSES.map((s) => s.name)).size).toBe(10);
    expect(prroStatusName(3)).toBe('rejected');
    expect(prroStatusName(10)).toBeUndefined();
  });
});

describe('names printed in fiscal documents', () => {
  it.each([
    ['catalog.users.save', { nt: 'Олена\u0007Касир', card: '7001', level: '1' }],
    ['pos.card_setting_save', { code: '4820000000011', nt: 'Сир\u0001плавлений' }],
    ['settings.save_user_identity', { card: '7001', nt: 'Олена\u001bКасир', target_user_id: 3 }],
  ] as const)('%s refuses a name with a control character, which XML cannot carry', (name, params) => {
    const op = findOperation(name);
    const result = op ? validateParams(op.params, params) : undefined;
    expect(result).toMatchObject({ ok: false, issues: [{ path: 'params.nt', reason: 'param.control_chars' }] });
  });
});
