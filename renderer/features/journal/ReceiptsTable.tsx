/** The receipts of the period; ↑/↓ walk the list, Enter (or a click) opens a receipt's goods. */
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../money/money.js';
import { type ReceiptRow, shownTime, tendersOf } from './receipts.js';

function walk(e: KeyboardEvent<HTMLTableSectionElement>) {
  if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
  const buttons = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('button[data-testid="journal-open"]')];
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  const next = buttons[Math.min(buttons.length - 1, Math.max(0, at + (e.key === 'ArrowDown' ? 1 : -1)))];
  if (next) {
    e.preventDefault();
    next.focus();
  }
}

export function ReceiptsTable(props: {
  readonly rows: readonly ReceiptRow[];
  readonly open: string;
  readonly withDate: boolean;
  readonly onOpen: (checkNumber: string) => void;
}) {
  const { t } = useTranslation('journal');
  return (
    <div className="journal-scroll">
      <table className="journal-table">
        <thead>
          <tr>
            <th>{t('receipts.number')}</th>
            <th>{t('receipts.time')}</th>
            <th className="num journal-narrow-hide">{t('receipts.till')}</th>
            <th className="num">{t('receipts.total')}</th>
            <th>{t('receipts.paid')}</th>
            <th className="num journal-narrow-hide">{t('receipts.change')}</th>
            <th>{t('receipts.card')}</th>
            <th>{t('receipts.fiscal')}</th>
          </tr>
        </thead>
        <tbody onKeyDown={walk}>
          {props.rows.map((r) => (
            <tr key={r.check_number} className={r.check_number === props.open ? 'selected' : undefined} data-testid="journal-row">
              <td>
                <button
                  type="button"
                  className="journal-open"
                  aria-label={t('receipts.open', { nc: r.check_number })}
                  aria-pressed={r.check_number === props.open}
                  onClick={() => props.onOpen(r.check_number)}
                  data-testid="journal-open"
                  data-check={r.check_number}
                >
                  {r.check_number}
                </button>
              </td>
              <td>{shownTime(r.created_at, props.withDate)}</td>
              <td className="num journal-narrow-hide">{r.kasm}</td>
              <td className="num">{formatMoney(r.total)}</td>
              <td>
                {tendersOf(r)
                  .map((p) => `${t(`tenders.${p.tender}`)} ${formatMoney(p.amount)}`)
                  .join(' · ')}
              </td>
              <td className="num journal-narrow-hide">{formatMoney(r.change)}</td>
              <td>{r.card}</td>
              <td>{r.fiscal_number}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
