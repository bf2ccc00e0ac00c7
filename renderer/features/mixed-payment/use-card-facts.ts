/**
 * What the mixed payment needs to know of the sale's card: its current debt (checks.discount_debt,
 * answered from the till's cache while the service is away) and its bonus balance. No read gives
 * the balance, so it is asked with pos.checkout_client_bonus_delta for the open sale document
 * (its old_balance is the card's balance now), queued behind the sale's own lines.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import type { ResultRowOf } from '../../../shared/contract/index.js';
import { dec } from '../../money/money.js';
import { useRead } from '../../rpc/hooks.js';
import { firstRow, saleGroup, send } from '../sale/send.js';
import type { CardFacts } from './split.js';

type DeltaRow = ResultRowOf<'pos.checkout_client_bonus_delta'>;

export function useCardFacts(card: string, ndoc: string) {
  const client = useQueryClient();
  const debt = useRead('checks.discount_debt', { code: card }, { enabled: card !== '' });
  const bonus = useQuery({
    queryKey: ['sale', 'bonus-balance', card, ndoc],
    enabled: card !== '' && ndoc !== '',
    staleTime: 30_000,
    retry: false,
    queryFn: async () => {
      const outcome = await send(
        client,
        'pos.checkout_client_bonus_delta',
        { card, ndoc },
        { group: saleGroup(ndoc), summary: i18next.t('mixed:bonusSummary', { ndoc, card }) },
      );
      const row = firstRow<DeltaRow>(outcome);
      return row ? row.old_balance : null;
    },
  });
  const debtValue = debt.data?.result.status.value;
  const facts: CardFacts = {
    hasCard: card !== '',
    debt: debtValue === undefined ? undefined : dec(debtValue),
    bonusBalance: bonus.data ? dec(bonus.data) : undefined,
  };
  return { facts, debtStale: debt.data?.stale ?? false, bonusLoading: bonus.isLoading };
}
