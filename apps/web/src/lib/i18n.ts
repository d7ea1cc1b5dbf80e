import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { i18nFetchBackend } from './i18n-fetch-backend.ts';
import { baseI18nOptions } from './i18n-options.ts';
import { languageDetector } from './language-detector.ts';

/** Keeps `<html lang>` in step with the interface language. */
export function syncHtmlLang(instance: i18n): void {
  const apply = (lng: string) => {
    document.documentElement.lang = lng.split('-')[0] ?? lng;
  };
  if (instance.language) apply(instance.language);
  instance.on('languageChanged', apply);
}

/** The browser instance: translations fetched from /i18n/{ns}/{lng}.json. A failed fetch shows keys. */
export function createI18n(): i18n {
  const instance = i18next.createInstance();
  void instance
    // The version changes with the texts: the server lets browsers keep versioned files a year.
    .use(i18nFetchBackend(import.meta.env.VITE_I18N_VERSION))
    .use(languageDetector)
    .use(initReactI18next)
    .init({
      ...baseI18nOptions,
      // Every language holds every key (lib/i18n-keys.test.ts): fetching French beside the user's
      // language would only double the translation requests in front of the first paint.
      fallbackLng: false,
      react: { useSuspense: true },
    });
  syncHtmlLang(instance);
  return instance;
}
