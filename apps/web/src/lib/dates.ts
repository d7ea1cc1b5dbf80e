import { differenceInSeconds, format, type Locale } from 'date-fns';
import { de, enGB, es, fr } from 'date-fns/locale';
import type { TFunction } from 'i18next';
import { toLanguage } from './language.ts';

const LOCALES: Record<string, Locale> = { fr, en: enGB, es, de };

export const DEFAULT_DATE_FORMAT = 'dd/MM/yy';

export function dateLocale(language: string | undefined): Locale {
  return LOCALES[toLanguage(language)] ?? fr;
}

/** Week rules come from the locale: Monday start for fr, es, de; first week rule 1 for es, 4 for de. */
export function weekOptions(language: string | undefined) {
  const options = dateLocale(language).options ?? {};
  return {
    weekStartsOn: options.weekStartsOn ?? 1,
    firstWeekContainsDate: options.firstWeekContainsDate ?? 4,
  };
}

export function formatDate(
  value: Date | string | number,
  pattern: string = DEFAULT_DATE_FORMAT,
  language?: string,
): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return format(date, pattern, { locale: dateLocale(language) });
}

/** "instantly" under 60 s, then minutes, hours and days ago (common:time.*). */
export function formatRelative(
  value: Date | string | number,
  t: TFunction,
  now: Date = new Date(),
): string {
  const date = value instanceof Date ? value : new Date(value);
  const seconds = Math.max(0, differenceInSeconds(now, date));
  if (seconds < 60) return t('common:time.instantly');
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t('common:time.minutes_ago', { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t('common:time.hours_ago', { count: hours });
  return t('common:time.days_ago', { count: Math.floor(hours / 24) });
}
