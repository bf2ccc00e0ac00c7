/**
 * The NBU cash-rounding rule, in one place for the back office and the till: an amount paid in
 * cash is rounded half up to a multiple of the step in effect on its date (0.10 UAH from
 * 2018-07-01, 0.50 UAH from 2025-10-01: shared/fiscal/choices.ts). Works on whole kopecks, so
 * both sides compute it exactly without sharing a decimal library.
 */
import { DEFAULT_ROUNDING_STEPS } from './choices.js';

export interface RoundingStep {
  /** YYYY-MM-DD, the first shop-local day the step applies. */
  readonly from: string;
  /** The step in kopecks: 10 for 0.10 UAH, 50 for 0.50 UAH. */
  readonly kopecks: number;
}

const STEP = /^(\d{4}-\d{2}-\d{2}):(\d+)\.(\d{2})$/;

/** The steps as the till receives them: `2018-07-01:0.10;2025-10-01:0.50`. */
export const formatSteps = (steps: readonly RoundingStep[]): string =>
  steps.map((s) => `${s.from}:${Math.floor(s.kopecks / 100)}.${String(s.kopecks % 100).padStart(2, '0')}`).join(';');

export function parseSteps(text: string | undefined): RoundingStep[] {
  const parsed = (text ?? '')
    .split(';')
    .map((part) => STEP.exec(part.trim()))
    .flatMap((m) => (m ? [{ from: m[1] as string, kopecks: Number(m[2]) * 100 + Number(m[3]) }] : []))
    .filter((s) => s.kopecks > 0);
  return parsed.length > 0 ? parsed.sort((a, b) => (a.from < b.from ? -1 : 1)) : DEFAULT_STEPS;
}

export const DEFAULT_STEPS: RoundingStep[] = DEFAULT_ROUNDING_STEPS.map((s) => ({
  from: s.from,
  kopecks: Math.round(Number(s.step) * 100),
}));

/** The step on a shop-local date, in kopecks; 1 (no rounding) before the first step. */
export function stepOn(steps: readonly RoundingStep[], date: string): number {
  let step = 1;
  for (const s of steps) if (s.from <= date) step = s.kopecks;
  return step;
}

/** Rounds a cash amount in kopecks half up to the step; a refund (negative) by its size. */
export function roundCashKopecks(kopecks: number, step: number): number {
  // Half up: floor(size/step + 1/2), in integers.
  const size = Math.floor((2 * Math.abs(kopecks) + step) / (2 * step)) * step;
  return kopecks < 0 ? -size : size;
}
