import { afterEach, describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import { languageDetector } from './language-detector.ts';
import { sanitizeDetectedLanguage, toLanguage } from './language.ts';

describe('sanitizeDetectedLanguage', () => {
  it.each(['<script>alert(1)</script>', 'javascript:alert(1)', 'en"onload="x', "fr'", 'de><img', 'fr;drop'])(
    'discards %s',
    (value) => expect(sanitizeDetectedLanguage(value)).toBe('fr'),
  );

  it.each(['fr', 'en', 'es-ES', 'de-DE'])('keeps %s', (value) => expect(sanitizeDetectedLanguage(value)).toBe(value));
});

describe('toLanguage', () => {
  it('keeps the supported language part, else French', () => {
    expect(toLanguage('en-GB')).toBe('en');
    expect(toLanguage('it')).toBe('fr');
    expect(toLanguage(undefined)).toBe('fr');
  });
});

describe('language detection', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  async function detect() {
    const instance = i18next.createInstance();
    await instance.use(languageDetector).init({
      supportedLngs: ['fr', 'en', 'es', 'de'],
      fallbackLng: 'fr',
      load: 'languageOnly',
      resources: {},
    });
    return toLanguage(instance.language);
  }

  it('reads the lng query parameter first', async () => {
    window.history.replaceState(null, '', '/?lng=es');
    window.localStorage.setItem('i18nextLng', 'de');
    expect(await detect()).toBe('es');
  });

  it('falls back to local storage then caches there', async () => {
    window.localStorage.setItem('i18nextLng', 'de');
    expect(await detect()).toBe('de');
    expect(window.localStorage.getItem('i18nextLng')).toBe('de');
  });

  it('reads the cookie before storage, and the browser languages last, skipping unsupported ones', async () => {
    document.cookie = 'i18next=en; path=/';
    window.localStorage.setItem('i18nextLng', 'de');
    expect(await detect()).toBe('en');
    document.cookie = 'i18next=; max-age=0; path=/';
    window.localStorage.clear();
    const languages = vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['pt-BR', 'es-ES']);
    expect(await detect()).toBe('es');
    languages.mockRestore();
  });

  it('never takes a script injection as the language', async () => {
    window.history.replaceState(null, '', '/?lng=%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    const language = await detect();
    expect(['fr', 'en', 'es', 'de']).toContain(language);
    expect(window.localStorage.getItem('i18nextLng')).not.toContain('<');
  });
});
