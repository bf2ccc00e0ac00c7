/**
 * What a queued write is, in the cashier's language: its label (shared/bridge/api.ts, WriteLabel)
 * worded from this namespace's `labels`, money and quantities formatted. A write of an older
 * version of the till (no label) is named by its kind only: its English summary is for the log.
 */
import type { TFunction } from 'i18next';
import type { QueueItem } from '../../../shared/bridge/api.js';

export function labelOf(t: TFunction, item: Pick<QueueItem, 'label' | 'method'>): string {
  const label = item.label;
  // Values travel as strings; a count is a number again, so the plural form follows it.
  const count = label?.values.count === undefined ? {} : { count: Number(label.values.count) };
  const worded = label
    ? t(`outbox:labels.${label.key}`, { ...label.values, ...count, method: item.method, defaultValue: '' })
    : '';
  return worded !== '' ? worded : t('outbox:labels.operation', { method: item.method });
}
