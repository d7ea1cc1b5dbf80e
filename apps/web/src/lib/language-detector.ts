import type { LanguageDetectorModule } from 'i18next';
import { sanitizeDetectedLanguage } from './language.ts';

/** Where the chosen language is kept between visits (and where tests and e2e set it). */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';
/** The cookie a server-side page or another app of the domain may set. */
export const LANGUAGE_COOKIE = 'i18next';

function storage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return window[kind];
  } catch {
    return null; // storage refused (privacy settings)
  }
}

function cookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

/**
 * Spec 4 "Language": the query's `lng`, the `i18next` cookie, local then session storage
 * (`i18nextLng`), the browser's languages, then `<html lang>`; each value sanitised (a script
 * injection becomes the default language). The language chosen is kept in local storage.
 * (Written here rather than taken from i18next-browser-languagedetector: the sign-in page loads
 * it, and these few lines weigh a tenth of it.)
 */
export const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect() {
    const found = [
      new URLSearchParams(window.location.search).get('lng'),
      cookie(LANGUAGE_COOKIE),
      storage('localStorage')?.getItem(LANGUAGE_STORAGE_KEY),
      storage('sessionStorage')?.getItem(LANGUAGE_STORAGE_KEY),
      ...(navigator.languages ?? [navigator.language]),
      document.documentElement.lang,
    ];
    return found.filter((v): v is string => Boolean(v)).map(sanitizeDetectedLanguage);
  },
  cacheUserLanguage(lng: string) {
    storage('localStorage')?.setItem(LANGUAGE_STORAGE_KEY, sanitizeDetectedLanguage(lng));
  },
};
