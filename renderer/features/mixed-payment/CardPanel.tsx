/**
 * The sale's discount card on the mixed payment: its debt, the limit and the room the limit
 * leaves, and the bonus balance, so the cashier knows what may go on credit or bonus before
 * typing it.
 */
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../money/money.js';
import { StaleNotice } from '../../ui/Loading.js';
import type { SaleCard } from '../sale/sale-store.js';
import { type CardFacts, debtRoom } from './split.js';

interface Props {
  readonly card: SaleCard | null;
  readonly facts: CardFacts;
  readonly stale: boolean;
  readonly loading: boolean;
}

export function CardPanel({ card, facts, stale, loading }: Props) {
  const { t } = useTranslation('mixed');
  const { ledger } = facts;
  return (
    <div className="mixed-card" data-testid="mixed-card">
      {!card ? (
        <p className="muted">{t('noCard')}</p>
      ) : (
        <>
          <p className="badge ok">{t('card', { code: card.code, holder: card.holder })}</p>
          {ledger ? (
            <>
              <p data-testid="mixed-card-debt" data-debt={ledger.debt.toFixed(2)}>
                {t('debtNow', { debt: formatMoney(ledger.debt) })}
              </p>
              <p data-testid="mixed-debt-limit" data-limit={ledger.debtLimit.toFixed(2)} data-room={debtRoom(ledger).toFixed(2)}>
                {t('debtRoom', { limit: formatMoney(ledger.debtLimit), room: formatMoney(debtRoom(ledger)) })}
              </p>
              <p data-testid="mixed-bonus-balance" data-bonus={ledger.bonusBalance.toFixed(2)}>
                {t('bonusBalance', { bonus: formatMoney(ledger.bonusBalance) })}
              </p>
              <StaleNotice stale={stale} />
            </>
          ) : (
            <p className={loading ? 'muted' : 'error'} data-testid="mixed-card-unknown">
              {loading ? t('factsLoading') : t('factsUnknown')}
            </p>
          )}
        </>
      )}
    </div>
  );
}
