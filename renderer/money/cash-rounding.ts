/**
 * Cash rounding at the till, by the rule and the steps the back office uses (shared/fiscal/
 * rounding.ts; the steps come with the catalogue): the cashier asks for the rounded amount and
 * gives change from it, so the drawer holds what the receipt says.
 */
import { parseSteps, roundCashKopecks, stepOn } from '../../shared/fiscal/rounding.js';
import { useSettings } from '../rpc/hooks.js';
import { shopDate } from '../ui/shop-time.js';
import { Dec } from './money.js';

export function roundCash(amount: Dec, stepKopecks: number): Dec {
  return new Dec(roundCashKopecks(amount.mul(100).round().toNumber(), stepKopecks)).div(100);
}

/** Today's cash step in kopecks (1: no rounding), from the settings the till last received. */
export function useCashStep(now: Date = new Date()): number {
  const settings = useSettings().data;
  return stepOn(parseSteps(settings?.cashRounding), shopDate(now, settings?.timeZone ?? 'Europe/Kyiv'));
}
