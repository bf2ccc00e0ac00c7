/** FIFO: the batches the stock is sold from, oldest first, with what they hold in all. */
import { useTranslation } from 'react-i18next';
import { formatMoney, formatQuantity } from '../../money/money.js';
import { Shape } from './Shape.js';
import { batchesCost, batchesQuantity, type PartRow } from './tagged.js';

export function CardBatches({ batches, unit }: { batches: readonly PartRow<'FIFO'>[]; unit: string }) {
  const { t } = useTranslation('product');
  return (
    <Shape tag="FIFO">
      {batches.length === 0 ? (
        <p>{t('none')}</p>
      ) : (
        <div className="product-scroll">
          <table>
            <thead>
              <tr>
                <th>{t('fifo.document')}</th>
                <th>{t('fifo.date')}</th>
                <th className="num">{t('fifo.cost')}</th>
                <th className="num">{t('fifo.quantity')}</th>
                <th>{t('fifo.fiscal')}</th>
              </tr>
            </thead>
            <tbody>
              {batches.map((b, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: batch rows carry no id (one invoice may hold two batches) and are replaced whole, never reordered
                <tr key={`${b.document_number}-${i}`} data-testid="product-fifo-row">
                  <td>{b.document_number}</td>
                  <td>{b.date}</td>
                  <td className="num">{formatMoney(b.cost)}</td>
                  <td className="num">
                    {formatQuantity(b.quantity)} {unit}
                  </td>
                  <td>{t(b.fiscal === '1' ? 'yes' : 'no')}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th colSpan={3}>{t('fifo.total', { cost: formatMoney(batchesCost(batches)) })}</th>
                <th className="num" data-testid="product-fifo-total">
                  {formatQuantity(batchesQuantity(batches))} {unit}
                </th>
                <th />
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </Shape>
  );
}
