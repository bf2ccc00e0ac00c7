/** The filter of the PRRO error views, as typed and as sent. */

import type { TillIdentity } from '../../../shared/bridge/api.js';
import type { ParamsOf } from '../../../shared/contract/index.js';
import type { op } from '../../../shared/contract/op.js';
import { shopDate } from '../../ui/shop-time.js';

export type Scope = 'kas' | 'user';

export interface PrroFilter {
  readonly start: string;
  readonly end: string;
  /** Till number as typed; empty: every till. */
  readonly kasm: string;
  /** PRRO fiscal number; empty: every register. */
  readonly numprro: string;
  readonly scope: Scope;
}

/**
 * The bulk status change takes every document of the till and PRRO whatever its date, so the
 * count it states is taken over all dates (DATE params must be real dates, hence not 0000/9999).
 */
export const ALL_DATES = { start: '2000-01-01', end: '2999-12-31' } as const;

/**
 * The last seven days of this till and its PRRO, in the shop's calendar (its time zone), as the
 * documents are dated: a machine clock in UTC is still on yesterday after 22:00 in Kyiv.
 */
export function defaultFilter(till: TillIdentity, now: Date, timeZone: string): PrroFilter {
  const today = shopDate(now, timeZone);
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const weekAgo = new Date(Date.UTC(y, m - 1, d - 6)).toISOString().slice(0, 10);
  return { start: weekAgo, end: today, kasm: String(till.kasm), numprro: till.numprro, scope: 'kas' };
}

export type FilterProblem = 'date' | 'order' | 'kasm';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function realDate(s: string): boolean {
  if (!DATE.test(s)) return false;
  const [y, m, d] = s.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** What is wrong with a typed filter, field by field; empty when it can be sent. */
export function filterProblems(f: PrroFilter): Partial<Record<keyof PrroFilter, FilterProblem>> {
  const problems: Partial<Record<keyof PrroFilter, FilterProblem>> = {};
  if (!realDate(f.start)) problems.start = 'date';
  if (!realDate(f.end)) problems.end = 'date';
  else if (!problems.start && f.start > f.end) problems.end = 'order';
  if (!/^\d{0,9}$/.test(f.kasm.trim())) problems.kasm = 'kasm';
  return problems;
}

export function gridParams(
  f: PrroFilter,
  dates: { start: string; end: string } = f,
): ParamsOf<typeof op.pos.prroInlineErrorGrid> {
  return { start: dates.start, end: dates.end, kasm: f.kasm.trim(), numprro: f.numprro.trim(), scope: f.scope };
}

/** Whether two filters ask for the same documents (as sent, so "12 " and "12" are one till). */
export function sameFilter(a: PrroFilter, b: PrroFilter): boolean {
  const x = gridParams(a);
  const y = gridParams(b);
  return x.start === y.start && x.end === y.end && x.kasm === y.kasm && x.numprro === y.numprro && x.scope === y.scope;
}
