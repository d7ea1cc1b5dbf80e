import i18next, { type i18n } from 'i18next';
import HttpBackend from 'i18next-http-backend';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { baseI18nOptions, detectionOptions } from './i18n-options.ts';

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
    .use(HttpBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      ...baseI18nOptions,
      backend: { loadPath: '/i18n/{{ns}}/{{lng}}.json' },
      detection: detectionOptions,
      react: { useSuspense: true },
    });
  syncHtmlLang(instance);
  return instance;
}
