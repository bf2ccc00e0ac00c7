/** What the return will pay back, by form, before it is sent (payback.ts); the service's answer follows. */
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../money/money.js';
import { formatRounding } from '../../money/rounding-shown.js';
import { needsManager } from './limits.js';
import { FORMS, type Payback } from './payback.js';

export function Preview({
  payback,
  formsKnown,
  limit,
}: {
  readonly payback: Payback;
  readonly formsKnown: boolean;
  /** The return above which a manager confirms (limits.ts). */
  readonly limit: string;
}) {
  const { t } = useTranslation('returns');
  return (
    <section className="returns-preview" aria-labelledby="returns-preview-title" data-testid="return-preview">
      <h3 id="returns-preview-title">{t('preview.title')}</h3>
      <dl>
        <dt>{t('preview.total')}</dt>
        <dd data-testid="return-preview-total" data-total={payback.total.toFixed(2)}>
          {formatMoney(payback.total)}
        </dd>
        {formsKnown
          ? FORMS.filter((f) => payback.parts[f].gt(0)).map((f) => [
              <dt key={`${f}-t`}>{t(`preview.forms.${f}`)}</dt>,
              <dd key={`${f}-d`} data-testid={`return-preview-${f}`} data-amount={payback.parts[f].toFixed(2)}>
                {formatMoney(payback.parts[f])}
              </dd>,
            ])
          : null}
        {formsKnown && !payback.rounding.isZero() ? (
          <>
            <dt>{t('preview.rounding')}</dt>
            {/* The till's one sign: the cash paid back less the amount due (money/rounding-shown.ts). */}
            <dd data-testid="return-preview-rounding">{`${formatRounding(payback.rounding.neg())}\u00a0₴`}</dd>
          </>
        ) : null}
        {formsKnown ? (
          <>
            <dt>{t('preview.paidBack')}</dt>
            <dd className="returns-strong" data-testid="return-preview-paid">
              {formatMoney(payback.paidBack)}
            </dd>
          </>
        ) : null}
      </dl>
      {needsManager(payback.total, limit) ? (
        <p className="stale" data-testid="return-needs-manager">
          {t('preview.manager', { limit })}
        </p>
      ) : null}
      <p className="returns-muted">{t('preview.note')}</p>
    </section>
  );
}
