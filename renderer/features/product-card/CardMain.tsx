/** MAIN: the card's own columns, price first, stock against its critical level. */
import { useTranslation } from 'react-i18next';
import { Dec, formatAmount, formatMoney, formatQuantity } from '../../money/money.js';
import { Pairs, Shape } from './Shape.js';
import type { PartRow } from './tagged.js';

export function CardMain({ main }: { main: PartRow<'MAIN'> }) {
  const { t } = useTranslation('product');
  const yesNo = (v: string) => t(v === '1' ? 'yes' : 'no');
  const low = new Dec(main.critical_quantity).gt(0) && new Dec(main.quantity).lte(main.critical_quantity);
  const unit = main.unit_type;
  return (
    <Shape tag="MAIN" wide>
      <div className="product-head">
        <div>
          <p className="product-name" data-testid="product-name">
            {main.name}
          </p>
          <p className="product-code-line">
            {t('main.code')} {main.code}
          </p>
        </div>
        <p className="total" data-testid="product-price">
          {formatMoney(main.price)}
        </p>
      </div>
      <Pairs
        items={[
          [
            t('main.quantity'),
            <>
              {formatQuantity(main.quantity)} {unit} {low ? <span className="badge bad">{t('main.low')}</span> : null}
            </>,
          ],
          [t('main.critical_quantity'), `${formatQuantity(main.critical_quantity)} ${unit}`],
          [t('main.cost'), formatMoney(main.cost)],
          [t('main.markup'), `${formatAmount(main.markup)} %`],
          [t('main.unit_type'), unit],
          [t('main.supplier'), main.supplier],
          [t('main.category'), main.category],
          [t('main.parent_category'), main.parent_category],
          [t('main.c2'), main.c2],
          [t('main.shelf_life_days'), main.shelf_life_days === '0' ? '' : main.shelf_life_days],
          [t('main.no_discount'), yesNo(main.no_discount)],
          [t('main.in_cloud'), yesNo(main.in_cloud)],
          [t('main.date_added'), main.date_added],
          [t('main.additional_info'), main.additional_info],
        ]}
      />
    </Shape>
  );
}
