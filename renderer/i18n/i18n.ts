/**
 * Every string of the interface goes through i18next: Ukrainian by default, English available.
 * Each screen keeps its strings in its own namespace (features/<screen>/strings.ts).
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../../shared/bridge/api.js';
import { resources } from './resources.js';

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
  } else if (i18next.language !== language) {
    i18next.changeLanguage(language);
  }
  return i18next;
}
