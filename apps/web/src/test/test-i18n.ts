import i18next, { type i18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { baseI18nOptions } from '../lib/i18n-options.ts';
import { syncHtmlLang } from '../lib/i18n.ts';

const files = import.meta.glob<Record<string, unknown>>('../../public/i18n/*/*.json', {
  eager: true,
  import: 'default',
});

/** Every translation file, keyed by language then namespace. */
export function loadResources(): Resource {
  const resources: Resource = {};
  for (const [path, content] of Object.entries(files)) {
    const match = /i18n\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, namespace = '', language = ''] = match;
    (resources[language] ??= {})[namespace] = content;
  }
  return resources;
}

/** A synchronous instance with the real translations, so tests can assert real French strings. */
export function createTestI18n(lng = 'fr'): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    ...baseI18nOptions,
    lng,
    resources: loadResources(),
    initAsync: false,
    react: { useSuspense: false },
  });
  syncHtmlLang(instance);
  return instance;
}
