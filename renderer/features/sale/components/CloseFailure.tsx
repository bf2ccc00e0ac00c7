import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../ui/ErrorMessage.js';
import { ShiftOffer } from '../../shift/ShiftOffer.js';
import type { CloseResult } from '../actions/types.js';
import type { SaleProblem } from '../close-request.js';
import { CardFailure } from './CardFailure.js';

/** Why the sale is not paid yet, in the cashier's words. */
export function problemKey(p: SaleProblem): [string, Record<string, string | number>] {
  switch (p.kind) {
    case 'stamps':
      return ['problem.stamps', { name: p.name, count: p.missing }];
    case 'pieces':
      return ['problem.pieces', { name: p.name }];
    default:
      return [`problem.${p.kind}`, {}];
  }
}

/** A close that did not happen: a problem found on the till, or the server's refusal. The sale stays open. */
export function CloseFailure({ result }: { result: Exclude<CloseResult, { kind: 'closed' }> | null }) {
  const { t } = useTranslation('sale');
  if (!result) return null;
  if (result.kind === 'problem') {
    const [key, values] = problemKey(result.problem);
    return (
      <p className="error" role="alert" data-testid="close-error">
        {t(key, values)}
      </p>
    );
  }
  if (result.kind === 'card' || result.kind === 'cardRefused') return <CardFailure result={result} />;
  return (
    <div className="close-failure" data-testid="close-error">
      <strong>{t('closeRefused')}</strong>
      <ErrorMessage error={result.error} testId="close-error-reason" />
      <ShiftOffer error={result.error} />
    </div>
  );
}
