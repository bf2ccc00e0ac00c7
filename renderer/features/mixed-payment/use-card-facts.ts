/**
 * What the mixed payment needs to know of the sale's card: its debt, debt limit and bonus
 * balance, from pos.find_code with the card's code (the same read the scan made, so the answer is
 * on screen at once; the core answers it from the till's cache while the service is away).
 */
import { op } from '../../../shared/contract/op.js';
import { dec } from '../../money/money.js';
import { rowsOf, useRead } from '../../rpc/hooks.js';
import type { CardFacts } from './split.js';

export function useCardFacts(card: string) {
  // Fetched again on every opening: the figures may have moved since the scan (another till, a repayment).
  const found = useRead(op.pos.findCode, { code: card }, { enabled: card !== '', staleTime: 0 });
  const row = rowsOf(found.data).find((r) => r.kind === 'card' && r.code === card);
  const facts: CardFacts = {
    hasCard: card !== '',
    ledger: row && { debt: dec(row.debt), debtLimit: dec(row.debt_limit), bonusBalance: dec(row.bonus) },
  };
  return {
    facts: { ...facts, discountPercent: row?.discount_percent },
    stale: found.data?.stale ?? false,
    loading: found.isLoading,
  };
}
