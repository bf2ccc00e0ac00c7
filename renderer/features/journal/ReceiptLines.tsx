/** The goods of one receipt as it was printed (pos.reports_check_print_rows). */

import { useTranslation } from 'react-i18next';
import { op } from '../../../shared/contract/op.js';
import { formatMoney, formatQuantity } from '../../money/money.js';
import { rowsOf, useRead } from '../../rpc/hooks.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { Loading } from '../../ui/Loading.js';

export function ReceiptLines({ checkNumber, onClose }: { checkNumber: string; onClose: () => void }) {
  const { t } = useTranslation('journal');
  const lines = useRead(op.pos.reportsCheckPrintRows, { nc: Number(checkNumber) });
  const rows = rowsOf(lines.data);
  return (
    <section className="journal-lines" aria-labelledby="journal-lines-title" data-testid="journal-lines">
      <div className="journal-lines-head">
        <h2 id="journal-lines-title">{t('lines.title', { nc: checkNumber })}</h2>
        <button type="button" onClick={onClose} data-testid="journal-lines-close">
          {t('lines.close')} <kbd>Esc</kbd>
        </button>
      </div>
      {lines.isPending ? <Loading /> : null}
      <ErrorMessage error={lines.error} testId="journal-lines-error" />
      {lines.isSuccess && rows.length === 0 ? <p>{t('lines.none')}</p> : null}
      {rows.length > 0 ? (
        <table>
          <thead>
            <tr>
              <th>{t('lines.name')}</th>
              <th className="num">{t('lines.quantity')}</th>
              <th className="num">{t('lines.price')}</th>
              <th className="num">{t('lines.salePrice')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((l) => (
              <tr key={l.id} data-testid="journal-line">
                <td>
                  <div>{l.name}</div>
                  <small className="journal-muted">
                    {t('lines.code')} {l.code}
                    {l.uktzed ? ` · ${t('lines.uktzed')} ${l.uktzed}` : ''}
                  </small>{' '}
                  {l.excise_input === '1' ? <span className="badge warn">{t('lines.excise')}</span> : null}
                </td>
                <td className="num">
                  {formatQuantity(l.quantity)} {l.unit_type}
                </td>
                <td className="num">{formatMoney(l.price)}</td>
                <td className="num">{formatMoney(l.sale_price)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
