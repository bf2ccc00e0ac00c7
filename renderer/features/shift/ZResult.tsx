/**
 * The Z-report just made: what pos.shift_close answered (the collection among it), the closed
 * shift's full totals, and its papers to print again (the collection and the Z-report, Alt+P).
 */
import { useTranslation } from 'react-i18next';
import { dec } from '../../money/money.js';
import { shopTime, useShopTimeZone } from '../../ui/shop-time.js';
import { PrintPaperButton } from '../receipt/index.js';
import { closePapers } from './CloseShift.js';
import { ShiftReport } from './ShiftReport.js';
import type { ZClosed } from './shift-store.js';

export function ZResult({ z }: { readonly z: ZClosed }) {
  const { t } = useTranslation('shift');
  const zone = useShopTimeZone();
  const collected = z.collected ?? '0.00';
  return (
    <section className="shift-panel" aria-labelledby="shift-z-title" data-testid="shift-z" data-shift={z.shift_id}>
      <h2 id="shift-z-title">{t('z.title')}</h2>
      <p>{t('z.at', { at: shopTime(z.closed_at, zone), doc: z.z_doc_id })}</p>
      <ul className="shift-z-summary">
        <li data-testid="shift-z-sales" data-sum={z.sales_sum} data-count={z.sales_count}>
          {t('z.sales', { count: Number(z.sales_count), sum: z.sales_sum })}
        </li>
        <li data-testid="shift-z-returns" data-sum={z.returns_sum} data-count={z.returns_count}>
          {t('z.returns', { count: Number(z.returns_count), sum: z.returns_sum })}
        </li>
        <li data-testid="shift-z-service" data-input={z.service_input} data-output={z.service_output}>
          {t('z.service', { input: z.service_input, output: z.service_output })}
        </li>
        <li data-testid="shift-z-collection" data-collected={collected} data-left={z.cash_left}>
          {t('z.collection', { collect: collected, keep: z.cash_left })}
        </li>
      </ul>
      <PrintPaperButton
        targets={closePapers(z)}
        label={t(dec(collected).gt(0) ? 'z.print' : 'z.printZ')}
        testId="shift-z-print"
      />
      <h3>{t('x.zTitle', { id: z.shift_id })}</h3>
      <ShiftReport kasm={z.kasm} shiftId={Number(z.shift_id)} testId="z-report" />
    </section>
  );
}
