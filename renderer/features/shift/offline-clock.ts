/**
 * The offline clock in a cashier's words. When the tax server cannot be reached the register
 * works offline, at most `offline_session_limit` hours a session and `offline_month_limit` hours a
 * calendar month (36 and 168 by default; configuration, as martial law changed them). The back
 * office says when to warn (`offline_warning`, its margins are the shop's settings) and when sales
 * stop (`offline_exhausted`); this turns its hours into what is used and what is left.
 */

import type { TFunction } from 'i18next';
import type { ResultRowOf } from '../../../shared/contract/index.js';
import type { op } from '../../../shared/contract/op.js';
import { Dec } from '../../money/money.js';
import { shopDateTime } from '../../ui/shop-time.js';

export type ClockRow = Pick<
  ResultRowOf<typeof op.pos.shiftState>,
  | 'register_mode'
  | 'offline_since'
  | 'offline_hours'
  | 'offline_session_limit'
  | 'offline_month_hours'
  | 'offline_month_limit'
  | 'offline_warning'
  | 'offline_exhausted'
>;

export type Limit = 'session' | 'month';

export type Clock =
  | { readonly kind: 'online' }
  | {
      readonly kind: 'offline' | 'warning' | 'exhausted';
      /** The limit warned about or reached; for plain offline work, the session's. */
      readonly limit: Limit;
      readonly since: string | null;
      readonly session: Usage;
      readonly month: Usage;
    };

export interface Usage {
  readonly used: Dec;
  readonly limit: Dec;
  /** Never below zero. */
  readonly left: Dec;
}

const num = (s: string | null | undefined): Dec => {
  const t = (s ?? '').trim();
  return /^\d+(\.\d+)?$/.test(t) ? new Dec(t) : new Dec(0);
};

const usage = (used: string, limit: string): Usage => {
  const u = num(used);
  const l = num(limit);
  return { used: u, limit: l, left: Dec.max(l.minus(u), 0) };
};

const asLimit = (s: string): Limit | '' => (s === 'session' || s === 'month' ? s : '');

export function clockOf(row: ClockRow | undefined): Clock {
  if (row?.register_mode !== 'offline') return { kind: 'online' };
  const session = usage(row.offline_hours, row.offline_session_limit);
  const month = usage(row.offline_month_hours, row.offline_month_limit);
  const exhausted = asLimit(row.offline_exhausted);
  const warning = asLimit(row.offline_warning);
  const base = { since: row.offline_since ?? null, session, month };
  if (exhausted) return { kind: 'exhausted', limit: exhausted, ...base };
  if (warning) return { kind: 'warning', limit: warning, ...base };
  return { kind: 'offline', limit: 'session', ...base };
}

/** Hours as a cashier reads them: whole hours, or one decimal below ten ("2,5"). */
export function hoursShown(h: Dec, language: 'uk' | 'en' = 'uk'): string {
  const shown = h.gte(10) ? h.floor().toFixed(0) : h.toDecimalPlaces(1, Dec.ROUND_DOWN).toFixed();
  return language === 'uk' ? shown.replace('.', ',') : shown;
}

/**
 * What is left before sales stop, rounded down so the till never promises more than it has:
 * whole hours from one hour up, minutes below it.
 */
export function leftShown(left: Dec): { readonly unit: 'hours' | 'minutes'; readonly value: number } {
  if (left.gte(1)) return { unit: 'hours', value: left.floor().toNumber() };
  return { unit: 'minutes', value: left.times(60).floor().toNumber() };
}

/** The status bar's sentence and its longer title, in the interface language. */
export function clockWords(
  t: TFunction,
  clock: Exclude<Clock, { kind: 'online' }>,
  language: 'uk' | 'en',
  timeZone: string,
  now: Date = new Date(),
): { readonly text: string; readonly title: string } {
  const h = (d: Dec) => hoursShown(d, language);
  const usage = clock.limit === 'month' ? clock.month : clock.session;
  const left = leftShown(usage.left);
  const values = {
    since: shopDateTime(clock.since, timeZone, now) || '—',
    used: h(usage.used),
    limit: h(usage.limit),
    left: t(`shift:clock.${left.unit}`, { value: left.value }),
    monthUsed: h(clock.month.used),
    monthLimit: h(clock.month.limit),
  };
  const key = clock.kind === 'offline' ? 'shift:clock.offline' : `shift:clock.${clock.kind}.${clock.limit}`;
  const title = t('shift:clock.title', {
    ...values,
    used: h(clock.session.used),
    limit: h(clock.session.limit),
  });
  return { text: t(key, values), title };
}
