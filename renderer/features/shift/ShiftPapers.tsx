/**
 * What of the open shift can go to paper: its X-report (Alt+P), and each of its service deposits
 * and withdrawals (the opening float among them), to print or print again.
 */

import { useTranslation } from 'react-i18next';
import { PRRO } from '../../../shared/contract/index.js';
import { op } from '../../../shared/contract/op.js';
import { rowsOf, useRead } from '../../rpc/hooks.js';
import { shopTime, useShopTimeZone } from '../../ui/shop-time.js';
import { PrintPaperButton } from '../receipt/index.js';

const SERVICE = ['service_deposit', 'service_withdrawal'];

export function ShiftPapers({ kasm, shiftId }: { readonly kasm: number; readonly shiftId: number }) {
  const { t } = useTranslation('shift');
  const zone = useShopTimeZone();
  const docs = useRead(op.pos.shiftDocuments, { shift_id: shiftId }, { enabled: shiftId > 0, staleTime: 0 });
  const service = rowsOf(docs.data).filter((d) => SERVICE.includes(d.doc_type) && Number(d.status) !== PRRO.cancelled);
  return (
    <div className="shift-papers" data-testid="shift-papers">
      <PrintPaperButton targets={[{ shift: { kasm, shiftId: 0 } }]} label={t('x.print')} testId="shift-x-print" />
      {service.length > 0 ? (
        <details className="shift-service-papers">
          <summary>{t('x.servicePapers', { count: service.length })}</summary>
          <ul>
            {service.map((d) => (
              <li key={d.id} data-testid="shift-service-paper" data-doc={d.id} data-type={d.doc_type}>
                <span>
                  {t(d.doc_type === 'service_deposit' ? 'x.deposit' : 'x.withdrawal', {
                    num: d.local_num,
                    at: shopTime(d.created_at, zone),
                  })}
                </span>
                <PrintPaperButton targets={[{ docId: d.id }]} label={t('x.printOne')} testId="shift-service-paper-print" />
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
