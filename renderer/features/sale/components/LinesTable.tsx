import { memo, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { dec, formatMoney, formatQuantity } from '../../../money/money.js';
import { type SaleLine, unitsOf } from '../sale-lines.js';

/** The receipt being rung up; the selected line is the one the line keys act on. */
export function LinesTable(props: {
  readonly lines: readonly SaleLine[];
  readonly selected: number;
  readonly onSelect: (index: number) => void;
}) {
  const { t } = useTranslation('sale');
  const body = useRef<HTMLTableSectionElement>(null);
  useEffect(() => {
    body.current?.children[props.selected]?.scrollIntoView({ block: 'nearest' });
  }, [props.selected]);
  if (props.lines.length === 0) {
    return (
      <p className="sale-empty" data-testid="sale-empty">
        {t('empty')}
      </p>
    );
  }
  return (
    <table className="sale-lines" aria-label={t('lines')}>
      {/* Fixed widths: a new line lays out on its own, not the whole table again (bench:ui, part A). */}
      <colgroup>
        <col className="col-no" />
        <col />
        <col className="col-quantity" />
        <col className="col-money" />
        <col className="col-discount" />
        <col className="col-money" />
      </colgroup>
      <thead>
        <tr>
          <th className="num">{t('col.no')}</th>
          <th>{t('col.name')}</th>
          <th className="num">{t('col.quantity')}</th>
          <th className="num">{t('col.price')}</th>
          <th className="num">{t('col.discount')}</th>
          <th className="num">{t('col.sum')}</th>
        </tr>
      </thead>
      <tbody ref={body}>
        {props.lines.map((l, i) => (
          <LineRow key={l.code} line={l} index={i} selected={i === props.selected} onSelect={props.onSelect} />
        ))}
      </tbody>
    </table>
  );
}

/**
 * One line of the receipt. A scan changes one line (or adds one) and the selection: the other
 * lines of a long receipt are not rendered again.
 */
const LineRow = memo(function LineRow(props: {
  readonly line: SaleLine;
  readonly index: number;
  readonly selected: boolean;
  readonly onSelect: (index: number) => void;
}) {
  const { t } = useTranslation('sale');
  const { line: l, index: i } = props;
  return (
    <tr
      className={props.selected ? 'selected' : undefined}
      aria-selected={props.selected}
      data-testid="sale-line"
      data-code={l.code}
      data-quantity={l.quantity}
      data-sum={l.sum}
      data-price-state={l.priceState}
      onClick={() => props.onSelect(i)}
    >
      <td className="num">{i + 1}</td>
      <td>
        <span className="line-name" title={l.name}>
          {l.name}
        </span>
        <span className="line-code">{l.code}</span>
        {l.manual ? (
          <span className="badge ok" title={l.manual.manager} data-testid="line-manual">
            {t('manualBadge')}
          </span>
        ) : null}
        {l.priceState === 'unconfirmed' ? (
          <span className="badge warn" title={t('priceUnconfirmedHint')} data-testid="price-unconfirmed">
            {t('priceUnconfirmed')}
          </span>
        ) : null}
        {l.excise ? (
          <span
            className={l.stamps.length >= unitsOf(l) ? 'badge ok' : 'badge bad'}
            data-testid="line-stamps"
            data-have={l.stamps.length}
          >
            {t('stampsProgress', { have: l.stamps.length, need: unitsOf(l) })}
          </span>
        ) : null}
      </td>
      <td className="num" data-testid="line-quantity">
        {formatQuantity(l.quantity)} {l.unit}
      </td>
      <td className="num">{formatMoney(l.price)}</td>
      <td className="num">{dec(l.discount).isZero() ? '' : formatMoney(l.discount)}</td>
      <td className="num line-sum" data-testid="line-sum">
        {l.priceState === 'pending' ? <span className="pricing">{t('pricing')}</span> : null}
        {formatMoney(l.sum)}
      </td>
    </tr>
  );
});
