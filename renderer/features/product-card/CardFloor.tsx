/**
 * What the till floor needs of a card beyond goods.card_open: the PLU a scale prints for goods by
 * weight, the age a buyer must be, and the sales closed beyond the books (goods.shortages), which
 * the manager reconciles with a count or a delivery.
 */

import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { op } from '../../../shared/contract/op.js';
import { getBridge } from '../../bridge/index.js';
import { Dec, formatQuantity } from '../../money/money.js';
import { rowsOf, useRead } from '../../rpc/hooks.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { shopDateTime, useShopTimeZone } from '../../ui/shop-time.js';
import { Pairs, Shape } from './Shape.js';

export function CardFloor({ code, unit, quantity }: { code: string; unit: string; quantity: string }) {
  const { t } = useTranslation('product');
  const zone = useShopTimeZone();
  const item = useQuery({ queryKey: ['catalog', 'item', code], queryFn: () => getBridge().catalogItem(code) }).data;
  const shortages = useRead(op.goods.shortages, { code, limit: 50 });
  const rows = rowsOf(shortages.data);
  const short = new Dec(quantity).lt(0);
  return (
    <Shape tag="FLOOR" wide>
      <Pairs
        items={[
          [t('floor.weighted'), item ? t(item.weighted ? 'yes' : 'no') : '—'],
          [
            t('floor.plu'),
            item?.plu ? (
              <strong key="plu" data-testid="product-plu">
                {item.plu}
              </strong>
            ) : (
              '—'
            ),
          ],
          [t('floor.age'), item && item.ageLimit > 0 ? t('floor.ageLimit', { age: item.ageLimit }) : t('floor.anyAge')],
        ]}
      />
      {short ? (
        <p className="badge bad" data-testid="product-short">
          {t('floor.negative', { quantity: formatQuantity(quantity), unit })}
        </p>
      ) : null}
      <h3>{t('floor.shortages')}</h3>
      <ErrorMessage error={shortages.error} testId="product-shortages-error" />
      {shortages.isSuccess && rows.length === 0 ? <p>{t('floor.noShortages')}</p> : null}
      {rows.length > 0 ? (
        <table data-testid="product-shortages">
          <thead>
            <tr>
              <th>{t('floor.at')}</th>
              <th>{t('floor.receipt')}</th>
              <th className="num">{t('floor.short')}</th>
              <th className="num">{t('floor.before')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} data-testid="product-shortage">
                <td>{shopDateTime(r.at, zone)}</td>
                <td>{r.check_number}</td>
                <td className="num">
                  {formatQuantity(r.quantity)} {unit}
                </td>
                <td className="num">
                  {formatQuantity(r.stock_before)} {unit}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </Shape>
  );
}
