/**
 * The words of the status bar's notice on a till's key (key-state.ts, keyNoticeOf): the whole
 * sentence, which the chip's title, a screen reader and the key screen say, and the chip's own
 * few words, the sentence up to its colon ("Ключ КЕП заблоковано"; a sentence without one whole).
 */
import type { TFunction } from 'i18next';
import type { KeyNotice } from './key-state.js';

/** The whole sentence of a notice, as the status bar's title and the key screen say it. */
export function keyNoticeText(t: TFunction<'keys'>, notice: KeyNotice): string {
  return notice.kind === 'expired'
    ? t('bar.expired')
    : notice.kind === 'locked'
      ? t('bar.locked', { count: notice.count })
      : notice.kind === 'missing'
        ? notice.count > 0
          ? t('bar.missingWaiting', { count: notice.count })
          : t('bar.missing')
        : notice.days === 0
          ? t('bar.expiringToday')
          : t('bar.expiring', { count: notice.days });
}

/** The chip's words: the sentence up to its colon (all of a short one), and the rest. */
export function chipOf(text: string): { readonly head: string; readonly rest: string } {
  const colon = text.indexOf(': ');
  return colon > 0 ? { head: text.slice(0, colon), rest: text.slice(colon) } : { head: text, rest: '' };
}
