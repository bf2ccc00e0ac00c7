/** Cards whose debt is older than a date: the cashier's list of who to remind, one key from their receipts. */

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { op } from '../../../shared/contract/op.js';
import { formatMoney } from '../../money/money.js';
import { rowsOf, useRead } from '../../rpc/hooks.js';
import { DateField } from '../../ui/DateField.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { Loading } from '../../ui/Loading.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function OverdueDebts({ current, onPick }: { current: string; onPick: (card: string) => void }) {
  const { t } = useTranslation('debt');
  const [before, setBefore] = useState('');
  const [onlyMine, setOnlyMine] = useState(false);
  // A half-typed date is not sent: the list keeps the last complete filter meanwhile.
  const maxDate = before === '' || DATE.test(before) ? before : '';
  const overdue = useRead(op.pos.overdueDebts, { max_date: maxDate, only_user: onlyMine });
  const rows = rowsOf(overdue.data);
  return (
    <section className="debt-overdue" aria-labelledby="debt-overdue-title">
      <h2 id="debt-overdue-title">{t('overdue.title')}</h2>
      <div className="row">
        <div className="debt-overdue-before">
          <DateField
            id="debt-overdue-before"
            label={t('overdue.before')}
            value={before}
            onDate={setBefore}
            data-testid="debt-overdue-before"
            aria-describedby="debt-overdue-before-hint"
          />
          <small id="debt-overdue-before-hint">{t('overdue.beforeHint')}</small>
        </div>
        <label className="debt-check">
          <input
            type="checkbox"
            checked={onlyMine}
            onChange={(e) => setOnlyMine(e.target.checked)}
            data-testid="debt-overdue-only-mine"
          />
          {t('overdue.onlyMine')}
        </label>
      </div>
      {overdue.isPending ? <Loading /> : null}
      <ErrorMessage error={overdue.error} testId="debt-overdue-error" />
      {overdue.isSuccess && rows.length === 0 ? <p>{t('overdue.none')}</p> : null}
      {rows.length > 0 ? (
        <div className="debt-scroll">
          <table>
            <thead>
              <tr>
                <th>{t('overdue.card')}</th>
                <th>{t('overdue.holder')}</th>
                <th className="num">{t('overdue.debt')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.card} className={r.card === current ? 'selected' : undefined} data-testid="debt-overdue-row">
                  <td>
                    <button
                      type="button"
                      className="debt-link"
                      aria-label={t('overdue.pick', { card: r.card })}
                      onClick={() => onPick(r.card)}
                      data-testid="debt-overdue-pick"
                    >
                      {r.card}
                    </button>
                  </td>
                  <td>{[r.last_name, r.first_name, r.middle_name].filter(Boolean).join(' ')}</td>
                  <td className="num">{formatMoney(r.debt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
