/** What the till knows of its pending stamps (see pending.ts for why this is all it can know). */
import { useTranslation } from 'react-i18next';
import type { DuplicateRow, SaleStamp } from './pending.js';

export function PendingStamps(props: {
  readonly sale: readonly SaleStamp[];
  readonly duplicates: readonly DuplicateRow[];
  readonly onPick: (stamp: string) => void;
}) {
  const { t } = useTranslation('excise');
  const { sale, duplicates } = props;
  const pick = (stamp: string) => (
    <button type="button" aria-label={t('pending.pick', { stamp })} onClick={() => props.onPick(stamp)}>
      {t('pending.pickShort')}
    </button>
  );
  return (
    <section className="excise-pending" aria-labelledby="excise-pending-title">
      <h2 id="excise-pending-title">{t('pending.title')}</h2>
      <p className="excise-note">{t('pending.source')}</p>
      {sale.length === 0 && duplicates.length === 0 ? <p data-testid="excise-pending-none">{t('pending.none')}</p> : null}
      {sale.length > 0 || duplicates.length > 0 ? (
        <ul className="excise-list">
          {sale.map((s) => (
            <li key={`sale-${s.stamp}`} data-testid="excise-pending-row">
              <span className="excise-mark">{s.stamp}</span>
              <span className="excise-product">{s.name}</span>
              <span className="badge warn">{t('pending.inSale')}</span>
              {pick(s.stamp)}
            </li>
          ))}
          {duplicates.map((d) => (
            <li key={`dup-${d.excise_mark}`} data-testid="excise-pending-row">
              <span className="excise-mark">{d.excise_mark}</span>
              <span className="excise-product">{d.code}</span>
              <span className="badge bad">{t('pending.duplicate')}</span>
              {pick(d.excise_mark)}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
