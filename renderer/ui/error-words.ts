/**
 * A refusal in the cashier's words. Each detail that names a reason (a business refusal or a
 * contract issue) is worded from the refusals namespace with its values filled in and formatted;
 * the code of the error says the rest. Anything without a known reason gets a translated sentence
 * of its own kind, and the service's raw text stays available (raw) for the "details" disclosure
 * and the log, never as the sentence itself: no English reaches a Ukrainian screen.
 */
import type { TFunction } from 'i18next';
import { type ErrorDetail, isIssueReason, isRefusalReason } from '../../shared/contract/index.js';
import { BridgeError } from '../bridge/index.js';

export interface ErrorText {
  /** What the cashier reads. */
  readonly text: string;
  /** The raw text behind it (codes, English problems, paths), for the "details" disclosure. */
  readonly raw: string;
}

const known = (d: ErrorDetail): boolean => isRefusalReason(d.reason) || isIssueReason(d.reason);

/** The last member of a path: `params.rows[0].quant` → `quant`, which names the field an issue is about. */
const fieldOf = (path: string): string => /([A-Za-z_]\w*)(?:\[\d+\])*$/.exec(path)?.[1] ?? path;

function detailWords(t: TFunction, d: ErrorDetail): string {
  const sentence = t(d.reason as string, { ns: 'refusals', keySeparator: false, ...(d.values ?? {}) });
  // A contract issue says what is wrong with a field; the field is named so the sentence stands alone.
  return isIssueReason(d.reason) ? t('common:errors.field', { field: fieldOf(d.path), problem: sentence }) : sentence;
}

export function errorText(t: TFunction, error: unknown): ErrorText {
  if (error instanceof BridgeError) {
    const raw = [error.code, error.message, ...error.details.map((d) => `${d.path}: ${d.problem}`)].join('\n');
    const worded = error.details.filter(known).map((d) => detailWords(t, d));
    if (worded.length > 0) {
      const lead = error.code === 'INVALID_PARAMETER' ? '' : `${t(`common:errors.${error.code}`, { defaultValue: '' })} `;
      return { text: `${lead}${worded.join(' ')}`.trim(), raw };
    }
    const unknownDetails = error.details.length > 0 && error.code === 'INVALID_PARAMETER';
    const key = unknownDetails ? 'common:errors.refusedUnknown' : `common:errors.${error.code}`;
    return { text: t(key, { defaultValue: t('common:errors.default') }), raw };
  }
  const raw = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return { text: t('common:errors.default'), raw };
}

/** Just the words, where only a line of text fits. */
export const errorWords = (t: TFunction, error: unknown): string => errorText(t, error).text;
