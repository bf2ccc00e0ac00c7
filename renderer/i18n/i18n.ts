/**
 * Every string of the interface goes through i18next: Ukrainian by default, English available.
 * Each screen keeps its strings in its own namespace (features/<screen>/strings.ts).
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../../shared/bridge/api.js';
import { formatMoneyIn, formatQuantityIn } from '../money/money.js';
import { RECORD_LABELS } from './refusals.js';
import { resources } from './resources.js';

const isDecimal = (v: unknown): v is string => typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v);
const lang = (lng: string | undefined): Language => (lng === 'en' ? 'en' : 'uk');

/** `{{amount, money}}`, `{{left, qty}}` and `{{label, record}}` in the strings: values worded for the language. */
function addFormatters(i18n: typeof i18next): void {
  const formatter = i18n.services.formatter;
  if (!formatter) return;
  formatter.add('money', (v: unknown, lng?: string) => (isDecimal(v) ? formatMoneyIn(v, lang(lng)) : String(v)));
  formatter.add('qty', (v: unknown, lng?: string) => (isDecimal(v) ? formatQuantityIn(v, lang(lng)) : String(v)));
  formatter.add('record', (v: unknown, lng?: string) => {
    const labels: Readonly<Record<string, string>> = RECORD_LABELS[lang(lng)];
    return labels[String(v)] ?? String(v);
  });
}

export function initI18n(language: Language = 'uk'): typeof i18next {
  if (!i18next.isInitialized) {
    i18next.use(initReactI18next).init({
      resources,
      lng: language,
      fallbackLng: 'uk',
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    addFormatters(i18next);
  } else if (i18next.language !== language) {
    i18next.changeLanguage(language);
  }
  return i18next;
}
