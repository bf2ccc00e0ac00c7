/** How many documents and which depend on a change (dependents.ts), said before it is made. */
import { useTranslation } from 'react-i18next';
import type { ChainRow } from './dependents.js';
import { statusOf } from './status.js';

/** Named one by one up to this; the rest are counted. */
const LISTED = 8;

export type DependentsCause = 'cancel' | 'requeue' | 'status' | 'bulk';

export function DependentsWarning({
  dependents,
  cause,
}: {
  readonly dependents: readonly ChainRow[];
  readonly cause: DependentsCause;
}) {
  const { t } = useTranslation('prro');
  if (dependents.length === 0) return null;
  const count = dependents.length;
  return (
    <div className="prro-dependents" role="alert" data-testid="prro-dependents" data-count={count}>
      <p className="prro-dependents-title">{t(cause === 'bulk' ? 'dependents.bulkTitle' : 'dependents.title', { count })}</p>
      <p>{t(`dependents.${cause}`)}</p>
      <ul>
        {dependents.slice(0, LISTED).map((d) => {
          const name = statusOf(d);
          return (
            <li key={d.id} data-testid="prro-dependent" data-id={d.id}>
              {t('dependents.item', {
                num: d.local_num,
                type: t(`docTypes.${d.doc_type}`, { defaultValue: d.doc_type }),
                status: name ? t(`statuses.${name}`) : d.status,
                numprro: d.numprro,
              })}
            </li>
          );
        })}
        {count > LISTED ? <li>{t('dependents.more', { count: count - LISTED })}</li> : null}
      </ul>
    </div>
  );
}
