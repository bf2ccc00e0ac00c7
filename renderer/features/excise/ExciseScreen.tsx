/**
 * F4, excise stamps: what the till knows of its pending stamps, releasing them, and the
 * duplicates report (server/back-office/sales/excise is what answers).
 */

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { op } from '../../../shared/contract/op.js';
import { rowsOf, useRead, useSettings } from '../../rpc/hooks.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { Loading } from '../../ui/Loading.js';
import { useSale } from '../sale/sale-store.js';
import { DuplicatesReport } from './DuplicatesReport.js';
import './excise.css';
import { KeyHints } from '../../ui/KeyHints.js';
import { KEYS } from './keys.js';
import { PendingStamps } from './PendingStamps.js';
import { knownPending, pendingDuplicates, saleStamps } from './pending.js';
import { ReleaseStamps } from './ReleaseStamps.js';

export function ExciseScreen() {
  const { t } = useTranslation('excise');
  const settings = useSettings();
  const kasm = settings.data?.till.kasm ?? 0;
  const [code, setCode] = useState('');
  const [etax, setEtax] = useState(false);
  const report = useRead(op.pos.exciseDuplicate, { etax });
  const duplicates = rowsOf(report.data);
  const sale = saleStamps(useSale((s) => s.lines));
  const unsold = pendingDuplicates(duplicates, kasm);

  // Every action here is for this till: nothing is offered before the till is known.
  if (!settings.data) return settings.error ? <ErrorMessage error={settings.error} /> : <Loading />;

  return (
    <div className="excise-screen">
      <h1 className="excise-title">{t('title', { kasm })}</h1>
      <ReleaseStamps
        kasm={kasm}
        code={code}
        onCode={setCode}
        known={knownPending(sale, unsold)}
        inSale={sale.map((s) => s.stamp)}
      />
      <PendingStamps sale={sale} duplicates={unsold} onPick={setCode} />
      <DuplicatesReport rows={duplicates} etax={etax} onEtax={setEtax} loading={report.isPending} error={report.error} />
      <KeyHints
        className="excise-keys"
        title={t('keys.title')}
        hints={KEYS.map((k) => ({ keys: k.key, label: t(`keys.${k.action}`) }))}
      />
    </div>
  );
}
