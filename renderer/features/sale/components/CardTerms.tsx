/**
 * The terms of the sale's discount card, under its holder, as soon as it is scanned: its discount,
 * its debt against its limit (what it may still take on debt) and its bonus balance, so the cashier
 * can tell the customer before the payment (issue 20: they showed only on the mixed payment, F2). The
 * read is the one F2 makes (pos.find_code with the card's code), answered from the cache offline.
 */
import { useTranslation } from 'react-i18next';
import { dec, formatMoney, formatQuantity } from '../../../money/money.js';
import { useCardFacts } from '../../mixed-payment/use-card-facts.js';

export function CardTerms({ card }: { readonly card: string }) {
  const { t } = useTranslation('sale');
  const { facts, stale } = useCardFacts(card);
  const ledger = facts.ledger;
  if (!ledger) return null;
  const room = ledger.debtLimit.minus(ledger.debt);
  // A copy read before the till knew the column has none: say nothing rather than 0 %.
  const percent = facts.discountPercent === undefined ? undefined : dec(facts.discountPercent);
  return (
    <p className="sale-card-terms" data-testid="sale-card-terms" data-stale={stale}>
      {percent?.gt(0) ? `${t('cardTerms.discount', { percent: formatQuantity(percent) })} · ` : null}
      {ledger.debtLimit.isZero() && ledger.debt.isZero()
        ? t('cardTerms.noDebt')
        : t('cardTerms.debt', { debt: formatMoney(ledger.debt), room: formatMoney(room.isNegative() ? '0' : room) })}
      {' · '}
      {t('cardTerms.bonus', { bonus: formatMoney(ledger.bonusBalance) })}
    </p>
  );
}
