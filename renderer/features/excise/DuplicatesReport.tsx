/** Stamps scanned more than once (pos.excise_duplicate): the tax service fines these, so they are worth a look. */
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { Loading } from '../../ui/Loading.js';
import type { DuplicateRow } from './pending.js';

export function DuplicatesReport(props: {
  readonly rows: readonly DuplicateRow[];
  readonly etax: boolean;
  readonly onEtax: (etax: boolean) => void;
  readonly loading: boolean;
  readonly error: unknown;
}) {
  const { t } = useTranslation('excise');
  return (
    <section className="excise-duplicates" aria-labelledby="excise-duplicates-title">
      <h2 id="excise-duplicates-title">{t('duplicates.title')}</h2>
      <label className="excise-check">
        <input type="checkbox" checked={props.etax} onChange={(e) => props.onEtax(e.target.checked)} data-testid="excise-etax" />
        {t('duplicates.etax')}
      </label>
      {props.loading ? <Loading /> : null}
      <ErrorMessage error={props.error} testId="excise-duplicates-error" />
      {props.loading || props.error ? null : props.rows.length === 0 ? (
        <p data-testid="excise-duplicates-none">{t('duplicates.none')}</p>
      ) : (
        <div className="excise-scroll">
          <table>
            <thead>
              <tr>
                <th>{t('duplicates.mark')}</th>
                <th>{t('duplicates.code')}</th>
                <th>{t('duplicates.check')}</th>
                <th className="num">{t('duplicates.till')}</th>
              </tr>
            </thead>
            <tbody>
              {props.rows.map((r, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: report rows have no identity (a stamp may repeat) and are replaced whole, never reordered
                <tr key={`${r.excise_mark}-${i}`} data-testid="excise-duplicate-row">
                  <td className="excise-mark">{r.excise_mark}</td>
                  <td>{r.code}</td>
                  <td>{r.check_number !== '' ? r.check_number : t('duplicates.notSold')}</td>
                  <td className="num">{r.cashdesk_number}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
