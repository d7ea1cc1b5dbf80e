import { DEFAULT_LANGUAGE, knownLanguage, type Language } from '@embauche/contracts/constants';

const INJECTION = /[<>"'`;(){}\\]|script|javascript:|data:|on\w+=/i;

/**
 * Applied to every value the detector finds (query string, cookie, storage, browser, html lang).
 * A value that looks like a script injection is replaced by the default language.
 */
export function sanitizeDetectedLanguage(value: string): string {
  if (!value || value.length > 35 || INJECTION.test(value)) return DEFAULT_LANGUAGE;
  return value;
}

/** Keeps the language part of a code (`en-GB` → `en`) when supported, else the default. */
export function toLanguage(value: string | undefined | null): Language {
  return knownLanguage((value ?? '').split(/[-_]/)[0]?.toLowerCase());
}
