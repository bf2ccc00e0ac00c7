/**
 * Text of the daily and PRRO reports. The shop's template (catalog's report_templates) decides the
 * layout; these values fill its {placeholders}. Without a template the defaults below are used,
 * which also show every placeholder there is. Unknown placeholders are left as they are, so a
 * typo shows on the printout instead of vanishing.
 */
import { PRRO, PRRO_ERROR_STATUSES, PRRO_PENDING_STATUSES, prroStatusName } from '../../../../shared/contract/index.js';
import type { Db } from '../../../../shared-node/sql/db.js';
import { fmtDb } from '../../decimal.js';
import { cashSql } from '../kernel/cash/statements.js';
import { prroSql } from '../kernel/register/statements.js';
import { reportSql } from './statements.js';

export type ReportType = 'dayrep' | 'prrorep';

const DEFAULT_TEMPLATES: Record<ReportType, string> = {
  dayrep: [
    'ДЕННИЙ ЗВІТ №{number} за {date}',
    'Складено: {created_at}, {user}',
    'Чеків: {receipts}',
    'Продано на суму: {total} (знижки {discount})',
    '  готівкою: {cash}',
    '  безготівково: {cashless}',
    '  у борг: {debt}',
    '  бонусами: {bonus}',
    '  сертифікатами: {certificate}',
    'Видано решти: {change}',
    'Нараховано бонусів: {bonus_accrued}',
    'Залишки кас:',
    '{cash_boxes}',
  ].join('\n'),
  prrorep: [
    'ЗВІТ ПРРО №{number} за {date}',
    'Складено: {created_at}, {user}',
    'Не надіслано документів: {unsent}; потребують уваги: {errors}',
    '{registers}',
  ].join('\n'),
};

export interface ReportContext {
  readonly date: string;
  readonly number: number;
  readonly createdAt: string;
  readonly user: string;
}

function dayValues(db: Db, date: string): Record<string, string> {
  const t = reportSql(db).dayTotals.get({ date });
  const money = (n: number | undefined) => fmtDb(n ?? 0);
  return {
    receipts: String(t?.receipts ?? 0),
    total: money(t?.total),
    discount: money(t?.discount),
    cash: money(t?.cash),
    cashless: money(t?.cashless),
    debt: money(t?.debt),
    bonus: money(t?.bonus),
    certificate: money(t?.certificate),
    change: money(t?.change),
    bonus_accrued: money(t?.bonus_accrued),
    cash_boxes: cashSql(db)
      .boxes.all()
      .map((b) => `  ${b.akas} (${b.name}): ${fmtDb(b.balance)}`)
      .join('\n'),
  };
}

const UNSENT: readonly number[] = [...PRRO_PENDING_STATUSES, PRRO.sending, PRRO.blocked];

function prroValues(db: Db): Record<string, string> {
  const counts = prroSql(db).countByStatus.all();
  const byRegister = new Map<string, string[]>();
  let unsent = 0;
  let errors = 0;
  for (const c of counts) {
    if (UNSENT.includes(c.status)) unsent += c.n;
    if (PRRO_ERROR_STATUSES.includes(c.status)) errors += c.n;
    const name = prroStatusName(c.status) ?? String(c.status);
    byRegister.set(c.numprro, [...(byRegister.get(c.numprro) ?? []), `${name} ${c.n}`]);
  }
  const registers = [...byRegister].map(([numprro, parts]) => `ПРРО ${numprro}: ${parts.join(', ')}`).join('\n');
  return { unsent: String(unsent), errors: String(errors), registers: registers || 'документів немає' };
}

export function reportText(db: Db, type: ReportType, ctx: ReportContext): string {
  const template = reportSql(db).template.get(type) ?? DEFAULT_TEMPLATES[type];
  const values: Record<string, string> = {
    date: ctx.date,
    number: String(ctx.number),
    created_at: ctx.createdAt,
    user: ctx.user,
    ...(type === 'dayrep' ? dayValues(db, ctx.date) : prroValues(db)),
  };
  return template.replace(/\{([a-z_]+)\}/g, (all, name: string) => values[name] ?? all);
}
