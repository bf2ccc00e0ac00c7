/**
 * The receipt's lines with what was sold, returned and is still returnable, and a quantity field
 * each. Keyboard: ↑ ↓ move between the fields, Space returns the whole line (or nothing again),
 * Enter asks to make the return. An excise line lists its stamps: the last ones sold are ticked
 * for the units returned, and the cashier may tick the ones of the bottles actually brought back.
 */
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dec, formatMoney, formatQuantity } from '../../money/money.js';
import { type CheckedLine, isExcise, type LineChoice, type LineProblem, type ReturnableRow, stampsOf } from './choice.js';
import { lineRefund } from './payback.js';

interface Props {
  readonly lines: readonly ReturnableRow[];
  readonly choices: ReadonlyMap<string, LineChoice>;
  readonly checked: ReadonlyMap<string, CheckedLine>;
  readonly onChoose: (lineNo: string, choice: LineChoice) => void;
  readonly onAsk: () => void;
}

function moveFocus(e: KeyboardEvent<HTMLInputElement>, by: number) {
  const table = e.currentTarget.closest('table');
  const fields = [...(table?.querySelectorAll<HTMLInputElement>('input[data-testid="return-qty"]') ?? [])];
  const next = fields[fields.indexOf(e.currentTarget) + by];
  if (next) {
    e.preventDefault();
    next.focus();
    next.select();
  }
}

export function ReturnLines({ lines, choices, checked, onChoose, onAsk }: Props) {
  const { t } = useTranslation('returns');
  const problemText = (p: LineProblem) =>
    p.kind === 'tooMuch'
      ? t('lines.problems.tooMuch', { left: p.left })
      : p.kind === 'stamps'
        ? t('lines.problems.stamps', { count: p.count })
        : t(`lines.problems.${p.kind}`);

  return (
    <table className="returns-lines" aria-label={t('lines.label')}>
      <thead>
        <tr>
          <th>{t('lines.name')}</th>
          <th className="num">{t('lines.sold')}</th>
          <th className="num">{t('lines.returned')}</th>
          <th className="num">{t('lines.returnable')}</th>
          <th className="num">{t('lines.price')}</th>
          <th className="num">{t('lines.quantity')}</th>
          <th className="num">{t('lines.back')}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((l) => {
          const choice = choices.get(l.line_no) ?? { text: '', stamps: null };
          const c = checked.get(l.line_no);
          const problemId = `return-qty-problem-${l.line_no}`;
          const none = new Dec(l.returnable).isZero();
          const back = c?.quantity && !c.problem ? lineRefund(l, c.quantity) : undefined;
          const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
            if (e.key === 'ArrowDown') moveFocus(e, 1);
            else if (e.key === 'ArrowUp') moveFocus(e, -1);
            else if (e.key === ' ') {
              e.preventDefault();
              onChoose(l.line_no, { text: choice.text.trim() === '' ? formatQuantity(l.returnable) : '', stamps: null });
            } else if (e.key === 'Enter') {
              e.preventDefault();
              onAsk();
            }
          };
          return [
            <tr
              key={l.line_no}
              className={c?.quantity && !c.problem ? 'chosen' : undefined}
              data-testid="return-line"
              data-line={l.line_no}
              data-returnable={l.returnable}
            >
              <td>
                <div>{l.name}</div>
                <small className="returns-muted">{l.code}</small>
              </td>
              <td className="num">
                {formatQuantity(l.quantity)} {l.unit_type}
              </td>
              <td className="num">{formatQuantity(l.returned)}</td>
              <td className="num">{formatQuantity(l.returnable)}</td>
              <td className="num">{formatMoney(l.price)}</td>
              <td className="num">
                <input
                  className="returns-qty"
                  inputMode="decimal"
                  autoComplete="off"
                  aria-label={t('lines.quantityOf', { name: l.name })}
                  aria-invalid={c?.problem ? true : undefined}
                  aria-describedby={c?.problem ? problemId : undefined}
                  disabled={none}
                  value={choice.text}
                  onChange={(e) => onChoose(l.line_no, { text: e.target.value, stamps: null })}
                  onKeyDown={onKeyDown}
                  data-testid="return-qty"
                  data-line={l.line_no}
                />
                {c?.problem ? (
                  <span className="field-problem" id={problemId} role="alert" data-testid="return-qty-problem">
                    {problemText(c.problem)}
                  </span>
                ) : null}
              </td>
              <td className="num" data-testid="return-line-back">
                {back ? formatMoney(back) : ''}
              </td>
            </tr>,
            isExcise(l) && c?.quantity && c.problem?.kind !== 'tooMuch' && c.problem?.kind !== 'whole' ? (
              <tr key={`${l.line_no}-stamps`} className="returns-stamps-row">
                <td colSpan={7}>
                  <fieldset className="returns-stamps" data-testid="return-stamps">
                    <legend>
                      {t('lines.stamps')} <span className="returns-muted">({t('lines.stampsDefault')})</span>
                    </legend>
                    {stampsOf(l).map((mark) => (
                      <label key={mark}>
                        <input
                          type="checkbox"
                          checked={c.stamps.includes(mark)}
                          onChange={(e) =>
                            onChoose(l.line_no, {
                              text: choice.text,
                              stamps: e.target.checked ? [...c.stamps, mark] : c.stamps.filter((s) => s !== mark),
                            })
                          }
                          data-testid="return-stamp"
                          data-mark={mark}
                        />{' '}
                        <code>{mark}</code>
                      </label>
                    ))}
                  </fieldset>
                </td>
              </tr>
            ) : null,
          ];
        })}
      </tbody>
    </table>
  );
}
