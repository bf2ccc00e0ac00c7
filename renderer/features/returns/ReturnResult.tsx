/** The return as the service wrote it: the money by form, a new certificate, the fiscal number or the offline mark. */

import { useTranslation } from 'react-i18next';
import type { ResultRowOf } from '../../../shared/contract/index.js';
import type { op } from '../../../shared/contract/op.js';
import { dec, formatMoney } from '../../money/money.js';
import { formatRoundingMoney, roundingOfRndsum } from '../../money/rounding-shown.js';
import { usePrintedFiscal } from '../receipt/index.js';

export type ReturnDone = ResultRowOf<typeof op.pos.checkoutReturn>;

const PARTS = [
  ['debt', 'debt_reversed'],
  ['bonus', 'bonus'],
  ['certificate', 'certificate'],
  ['card', 'card'],
  ['cash', 'cash'],
] as const;

export function ReturnResult({ result, onAgain }: { readonly result: ReturnDone; readonly onAgain: () => void }) {
  const { t } = useTranslation('returns');
  // The paper may already carry the number the answer did not have yet: the screen says what it says.
  const printed = usePrintedFiscal({ returnId: result.return_id });
  const fiscal = result.fiscal_number || printed?.fiscal || '';
  const mode =
    (result.fiscal_number ? result.fiscal_mode : (printed?.mode ?? result.fiscal_mode)) === 'offline' ? 'offline' : 'online';
  return (
    <section className="returns-result" role="status" data-testid="return-result" data-return-id={result.return_id}>
      <h3>{t('result.title', { id: result.return_id })}</h3>
      <dl>
        <dt>{t('result.total')}</dt>
        <dd data-testid="return-result-total">{formatMoney(result.total)}</dd>
        {PARTS.filter(([, col]) => dec(result[col] || '0').gt(0)).map(([form, col]) => [
          <dt key={`${form}-t`}>{t(`preview.forms.${form}`)}</dt>,
          <dd key={`${form}-d`} data-testid={`return-result-${form}`} data-amount={result[col]}>
            {formatMoney(result[col])}
          </dd>,
        ])}
        {!dec(result.rounding || '0').isZero() ? (
          <>
            <dt>{t('preview.rounding')}</dt>
            <dd data-testid="return-result-rounding">{formatRoundingMoney(roundingOfRndsum(result.rounding))}</dd>
          </>
        ) : null}
      </dl>
      {result.certificate_number ? (
        <p data-testid="return-result-certificate">{t('result.certificate', { number: result.certificate_number })}</p>
      ) : null}
      <p data-testid="return-result-fiscal" data-mode={mode} data-fiscal={fiscal}>
        {fiscal ? t('result.fiscal', { fiscal, mode: t(`result.modes.${mode}`) }) : t('result.noFiscal')}
      </p>
      <button type="button" onClick={onAgain} data-testid="return-again">
        {t('result.again')}
      </button>
    </section>
  );
}
