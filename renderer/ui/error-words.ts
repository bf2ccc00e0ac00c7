/** A refusal in words a cashier understands, with what caused it. */
import type { TFunction } from 'i18next';
import { BridgeError } from '../bridge/index.js';

export function errorWords(t: TFunction, error: unknown): string {
  if (error instanceof BridgeError) {
    const problem = error.details.map((d) => d.problem).join('; ') || error.message;
    const key = `common:errors.${error.code}`;
    return t(key, { problem, message: error.message, defaultValue: t('common:errors.default', { message: error.message }) });
  }
  return t('common:errors.default', { message: error instanceof Error ? error.message : String(error) });
}
