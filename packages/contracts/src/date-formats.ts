import type { Language } from './constants.ts';

/**
 * A day as each interface language writes it: in the web app's date fields and everywhere a date
 * is shown (apps/web/src/lib/dates.ts), and in what the server writes for a reader (the offline
 * summary). date-fns patterns, with the fields' placeholder.
 */
export const DAY_FORMATS: Record<Language, { pattern: string; placeholder: string }> = {
  fr: { pattern: 'dd/MM/yyyy', placeholder: 'jj/mm/aaaa' },
  en: { pattern: 'dd/MM/yyyy', placeholder: 'dd/mm/yyyy' },
  es: { pattern: 'dd/MM/yyyy', placeholder: 'dd/mm/aaaa' },
  de: { pattern: 'dd.MM.yyyy', placeholder: 'TT.MM.JJJJ' },
};

/** A `yyyy-MM-dd…` day (the first ten characters of an ISO date) in the language's pattern. */
export function formatDay(iso: string, language: Language): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!match) return iso;
  const [, yyyy, MM, dd] = match as unknown as [string, string, string, string];
  return DAY_FORMATS[language].pattern.replace('yyyy', yyyy).replace('MM', MM).replace('dd', dd);
}
