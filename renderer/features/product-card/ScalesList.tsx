/** Goods sold by weight with the PLU each carries, from the till's catalogue copy: what a scale is set up with. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getBridge } from '../../bridge/index.js';
import { formatMoney } from '../../money/money.js';

export function ScalesList({ onOpen }: { onOpen: (code: string) => void }) {
  const { t } = useTranslation('product');
  const weighted = useQuery({
    queryKey: ['catalog', 'weighted'],
    queryFn: () => getBridge().catalogSearch({ text: '', weighted: true, limit: 2000 }),
  }).data;
  if (!weighted || weighted.length === 0) return null;
  return (
    <section className="product-scales" aria-labelledby="product-scales-title">
      <h2 id="product-scales-title">{t('scales.title')}</h2>
      <p className="muted">{t('scales.note')}</p>
      <table data-testid="scales-list">
        <thead>
          <tr>
            <th className="num">{t('scales.plu')}</th>
            <th>{t('scales.name')}</th>
            <th className="num">{t('scales.price')}</th>
            <th>{t('scales.code')}</th>
          </tr>
        </thead>
        <tbody>
          {weighted.map((g) => (
            <tr key={g.code} data-testid="scales-row" data-plu={g.plu}>
              <td className="num">{g.plu}</td>
              <td>
                <button type="button" className="link" onClick={() => onOpen(g.code)}>
                  {g.name}
                </button>
              </td>
              <td className="num">{formatMoney(g.price)}</td>
              <td>{g.code}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
