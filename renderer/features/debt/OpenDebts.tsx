/** A card's receipts that still carry debt; ticking some limits the repayment to them. */
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../money/money.js';
import { dateText } from '../../ui/date-text.js';
import { type OpenDebtRow, owedBy } from './selection.js';

export function OpenDebts(props: {
  readonly card: string;
  readonly rows: readonly OpenDebtRow[];
  readonly ticked: ReadonlySet<string>;
  readonly onToggle: (checkNumber: string) => void;
}) {
  const { t } = useTranslation('debt');
  const { rows, ticked } = props;
  const chosen = rows.filter((r) => ticked.has(r.check_number));
  return (
    <div className="debt-open">
      <h3>{t('rows.title', { card: props.card })}</h3>
      <div className="debt-scroll">
        <table>
          <thead>
            <tr>
              <th />
              <th>{t('rows.check')}</th>
              <th>{t('rows.date')}</th>
              <th className="num">{t('rows.total')}</th>
              <th className="num">{t('rows.paid')}</th>
              <th className="num">{t('rows.debt')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr
                key={r.check_number}
                className={ticked.has(r.check_number) ? 'selected' : undefined}
                data-testid="debt-row"
                data-check={r.check_number}
              >
                <td>
                  <input
                    type="checkbox"
                    className="debt-tick"
                    checked={ticked.has(r.check_number)}
                    onChange={() => props.onToggle(r.check_number)}
                    aria-label={t('rows.select', { nc: r.check_number })}
                    data-testid="debt-row-select"
                  />
                </td>
                <td>{r.check_number}</td>
                <td data-testid="debt-row-date">{dateText(r.date_added) || r.date_added}</td>
                <td className="num">{formatMoney(r.total)}</td>
                <td className="num">{formatMoney(r.paid)}</td>
                <td className="num">{formatMoney(r.debt)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th colSpan={5}>{t('rows.totalDebt')}</th>
              <th className="num" data-testid="debt-total">
                {formatMoney(owedBy(rows))}
              </th>
            </tr>
          </tfoot>
        </table>
      </div>
      <p className="debt-selection" data-testid="debt-selection">
        {chosen.length > 0
          ? t('rows.selected', { count: chosen.length, sum: formatMoney(owedBy(chosen)) })
          : t('rows.allSelected')}
      </p>
    </div>
  );
}
