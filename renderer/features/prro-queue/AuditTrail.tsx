/** Every change a person made to a document (pos.prro_doc_audit): who, when, what, the status and the hash before and after. */

import { useTranslation } from 'react-i18next';
import { op } from '../../../shared/contract/op.js';
import { rowsOf, useRead } from '../../rpc/hooks.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { Loading } from '../../ui/Loading.js';
import { ALL_DATES } from './filters.js';
import { shortHash, shownTime } from './rows.js';
import { statusOf } from './status.js';

export function AuditTrail({ docId }: { readonly docId: string }) {
  const { t } = useTranslation('prro');
  // Every date: a document may be changed days after it was made.
  const audit = useRead(op.pos.prroDocAudit, { id: Number(docId), ...ALL_DATES }, { staleTime: 0 });
  const rows = rowsOf(audit.data);
  const status = (code: string) => {
    const name = statusOf({ status: code });
    return name ? t(`statuses.${name}`) : code;
  };
  return (
    <section className="prro-audit" aria-labelledby={`prro-audit-${docId}`} data-testid="prro-audit">
      <h3 id={`prro-audit-${docId}`}>{t('audit.title')}</h3>
      {audit.isPending ? <Loading label={t('audit.loading')} /> : null}
      <ErrorMessage error={audit.error} />
      {audit.isSuccess && rows.length === 0 ? (
        <p className="muted" data-testid="prro-audit-none">
          {t('audit.none')}
        </p>
      ) : null}
      {rows.length > 0 ? (
        <table className="prro-audit-table">
          <thead>
            <tr>
              <th>{t('audit.at')}</th>
              <th>{t('audit.user')}</th>
              <th>{t('audit.action')}</th>
              <th>{t('audit.status')}</th>
              <th>{t('audit.hash')}</th>
              <th>{t('audit.note')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((a) => (
              <tr key={a.id} data-testid="prro-audit-row" data-action={a.action}>
                <td>{shownTime(a.at)}</td>
                <td data-testid="prro-audit-user">{a.user}</td>
                <td>{t(`audit.actions.${a.action}`, { defaultValue: a.action })}</td>
                <td data-testid="prro-audit-status">
                  {status(a.status_before)} → {status(a.status_after)}
                </td>
                <td className="hash" title={`${a.hash_before ?? ''} → ${a.hash_after}`}>
                  {(a.hash_before ?? '') === a.hash_after
                    ? `${shortHash(a.hash_after)} (${t('audit.same')})`
                    : `${shortHash(a.hash_before ?? '') || '—'} → ${shortHash(a.hash_after)}`}
                </td>
                <td>{a.note}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
