/**
 * The totals of a shift from its fiscal documents (pos.shift_x_report): the X-report of the open
 * shift (interim, not fiscal), or the same figures of a closed shift under its Z-report. Sales and
 * returns with their rounding, payment forms and taxes, then cash put in and taken out.
 */

import { useTranslation } from 'react-i18next';
import type { ResultRowOf } from '../../../shared/contract/index.js';
import { op } from '../../../shared/contract/op.js';
import { formatMoney } from '../../money/money.js';
import { formatRoundingMoney, roundingOfRndsum } from '../../money/rounding-shown.js';
import { rowsOf, useRead } from '../../rpc/hooks.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { Loading, StaleNotice } from '../../ui/Loading.js';
import { shopDateTime, useShopTimeZone } from '../../ui/shop-time.js';
import { groupByTag } from '../product-card/tagged.js';

type XRow = ResultRowOf<typeof op.pos.shiftXReport>;
type Part<T extends XRow['tag']> = Extract<XRow, { tag: T }>;
type Kind = 'sales' | 'returns';

export function ShiftReport(props: { readonly kasm: number; readonly shiftId?: number; readonly testId: string }) {
  const { t } = useTranslation('shift');
  const zone = useShopTimeZone();
  const shiftId = props.shiftId ?? 0;
  const report = useRead(op.pos.shiftXReport, { kasm: props.kasm, shift_id: shiftId }, { staleTime: 0 });
  if (report.isPending) return <Loading />;
  if (report.error) return <ErrorMessage error={report.error} testId={`${props.testId}-error`} />;
  const parts = groupByTag(rowsOf(report.data));
  const head = parts.SHIFT?.[0];
  const service = parts.SERVICE?.[0];
  return (
    <div className="shift-report" data-testid={props.testId} data-shift={head?.shift_id ?? ''}>
      <StaleNotice stale={report.data?.stale} />
      {head ? (
        <p className="shift-report-head">
          {t('x.shift', { id: head.shift_id, cashier: head.cashier, opened: shopDateTime(head.opened_at, zone) })}
          {head.closed_at ? `, ${t('x.closedAt', { closed: shopDateTime(head.closed_at, zone) })}` : ''}
        </p>
      ) : null}
      <div className="shift-report-grid">
        {(['sales', 'returns'] as const).map((kind) => (
          <KindBlock
            key={kind}
            kind={kind}
            total={parts.TOTAL?.find((r) => r.kind === kind)}
            pays={parts.PAYFORM ?? []}
            taxes={parts.TAX ?? []}
          />
        ))}
        <section className="shift-report-block" data-testid="report-service">
          <h3>{t('x.service')}</h3>
          <table>
            <tbody>
              {head ? (
                <tr>
                  <td>{t('x.opening')}</td>
                  <td className="num">{formatMoney(head.opening_cash)}</td>
                </tr>
              ) : null}
              <tr>
                <td>{t('x.input')}</td>
                <td className="num" data-testid="report-service-input" data-amount={service?.input ?? '0.00'}>
                  {formatMoney(service?.input ?? '0')}
                </td>
              </tr>
              <tr>
                <td>{t('x.output')}</td>
                <td className="num" data-testid="report-service-output" data-amount={service?.output ?? '0.00'}>
                  {formatMoney(service?.output ?? '0')}
                </td>
              </tr>
              {head && !head.closed_at ? (
                <tr>
                  <td>{t('x.cash')}</td>
                  <td className="num">{formatMoney(head.cash_balance)}</td>
                </tr>
              ) : null}
            </tbody>
          </table>
        </section>
      </div>
    </div>
  );
}

function KindBlock(props: {
  readonly kind: Kind;
  readonly total: Part<'TOTAL'> | undefined;
  readonly pays: readonly Part<'PAYFORM'>[];
  readonly taxes: readonly Part<'TAX'>[];
}) {
  const { t } = useTranslation('shift');
  const { kind, total } = props;
  const pays = props.pays.filter((p) => p.kind === kind);
  const taxes = props.taxes.filter((p) => p.kind === kind);
  return (
    <section
      className="shift-report-block"
      data-testid={`report-${kind}`}
      data-sum={total?.sum ?? '0.00'}
      data-count={total?.count ?? '0'}
    >
      <h3>{t(kind === 'sales' ? 'x.sales' : 'x.returns')}</h3>
      {total ? (
        <table>
          <tbody>
            <tr>
              <td>{t('x.count')}</td>
              <td className="num">{total.count}</td>
            </tr>
            <tr>
              <td>{t('x.sum')}</td>
              <td className="num">
                <strong>{formatMoney(total.sum)}</strong>
              </td>
            </tr>
            <tr>
              <td>{t('x.exact')}</td>
              <td className="num">{formatMoney(total.nornd_sum)}</td>
            </tr>
            <tr>
              {/* The till's one sign: paid less due (the document's RNDSUM is due less paid). */}
              <td>{t('x.rounding')}</td>
              <td className="num" data-testid={`report-${kind}-rounding`} data-amount={total.rnd_sum}>
                {formatRoundingMoney(roundingOfRndsum(total.rnd_sum))}
              </td>
            </tr>
          </tbody>
        </table>
      ) : (
        <p className="muted">{t(kind === 'sales' ? 'x.noSales' : 'x.noReturns')}</p>
      )}
      {pays.length > 0 ? (
        <>
          <h4>{t('x.payForms')}</h4>
          <table>
            <tbody>
              {pays.map((p) => (
                <tr key={`${p.code}-${p.name}`} data-testid={`report-${kind}-pay`} data-code={p.code} data-amount={p.sum}>
                  <td>{p.name}</td>
                  <td className="num">{formatMoney(p.sum)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
      {taxes.length > 0 ? (
        <>
          <h4>{t('x.taxes')}</h4>
          <table>
            <thead>
              <tr>
                <th>{t('x.tax')}</th>
                <th className="num">{t('x.turnover')}</th>
                <th className="num">{t('x.taxSum')}</th>
              </tr>
            </thead>
            <tbody>
              {taxes.map((x) => (
                <tr key={`${x.letter}-${x.type}`} data-testid={`report-${kind}-tax`}>
                  <td>
                    {x.letter} {x.name} {x.prc.replace('.', ',')} %
                  </td>
                  <td className="num">{formatMoney(x.turnover)}</td>
                  <td className="num">{formatMoney(x.sum)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </section>
  );
}
