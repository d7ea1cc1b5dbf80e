import type { InitOptions } from 'i18next';
import type { DetectorOptions } from 'i18next-browser-languagedetector';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@embauche/contracts/constants';
import { sanitizeDetectedLanguage } from './language.ts';

/** Spec 4 Language: query `lng`, cookie `i18next`, localStorage `i18nextLng`, session, browser, html. */
export const detectionOptions: DetectorOptions = {
  order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
  lookupQuerystring: 'lng',
  lookupCookie: 'i18next',
  lookupLocalStorage: 'i18nextLng',
  lookupSessionStorage: 'i18nextLng',
  caches: ['localStorage'],
  convertDetectedLanguage: sanitizeDetectedLanguage,
};

export const baseI18nOptions: InitOptions = {
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  load: 'languageOnly',
  defaultNS: 'common',
  ns: ['common', 'errors'],
  interpolation: { escapeValue: false },
  returnNull: false,
};
