import { differenceInSeconds, format, isValid, parse, type Locale } from 'date-fns';
import { de, enGB, es, fr } from 'date-fns/locale';
import type { TFunction } from 'i18next';
import { DAY_FORMATS } from '@embauche/contracts/date-formats';
import { toLanguage } from './language.ts';

const LOCALES: Record<string, Locale> = { fr, en: enGB, es, de };

/**
 * A day as the interface language writes it, in the date fields and everywhere a date is shown
 * (issue 35: German read 19/11/26 while its fields asked TT.MM.JJJJ), with the fields' placeholder.
 */
export const DATE_FIELD_FORMATS = DAY_FORMATS;

/**
 * How a date is shown: `date` the day as the fields write it, `datetime` with the time, `time`
 * the time alone, `long` the day with its month in words, `longdatetime` with the time, `full`
 * with the weekday, `weekday` the weekday's name, `month` a month and year, `shortday` a short
 * weekday and the day's number (a calendar's column headers).
 */
export type DateStyle =
  'date' | 'datetime' | 'time' | 'long' | 'longdatetime' | 'full' | 'weekday' | 'month' | 'shortday';

const STYLES: Record<DateStyle, (day: string) => string> = {
  date: (day) => day,
  datetime: (day) => `${day} HH:mm`,
  time: () => 'HH:mm',
  long: () => 'PPP',
  longdatetime: () => 'PPP, HH:mm',
  full: () => 'PPPP',
  weekday: () => 'EEEE',
  month: () => 'LLLL yyyy',
  shortday: () => 'EEE d',
};

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

/** A `yyyy-MM-dd` day is that calendar day wherever the browser is; anything else is an instant. */
function toDate(value: Date | string | number): Date {
  if (value instanceof Date) return value;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value))
    return parse(value, 'yyyy-MM-dd', new Date());
  return new Date(value);
}

/** The wall-clock time of `date` in `timeZone`, as a local date to format. */
function inTimeZone(date: Date, timeZone: string): Date {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return new Date(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
}

/**
 * The one way the app shows a date: in the interface language's format and words (`language`,
 * usually i18n.language), in the browser's time zone or in `timeZone`. '' for an invalid date.
 */
export function formatDate(
  value: Date | string | number,
  style: DateStyle = 'date',
  language?: string,
  options: { timeZone?: string } = {},
): string {
  let date = toDate(value);
  if (!isValid(date)) return '';
  if (options.timeZone) date = inTimeZone(date, options.timeZone);
  const pattern = STYLES[style](DATE_FIELD_FORMATS[toLanguage(language)].pattern);
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

/** The user's time zone as the browser names it (`Europe/Paris`), e.g. shown beside a time to pick. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * `timeZone`'s offset from UTC now, as `GMT+01:00` (`GMT` for UTC); empty for a zone the browser
 * does not know. Shown beside a zone's name in a picker.
 */
export function zoneOffsetLabel(timeZone: string, at: Date = new Date()): string {
  try {
    return (
      new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
        .formatToParts(at)
        .find((part) => part.type === 'timeZoneName')?.value ?? ''
    );
  } catch {
    return '';
  }
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in milliseconds. */
function zoneOffset(instant: Date, timeZone: string): number {
  const wall = inTimeZone(instant, timeZone);
  const asUtc = Date.UTC(wall.getFullYear(), wall.getMonth(), wall.getDate(), wall.getHours(), wall.getMinutes(), wall.getSeconds());
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The wall-clock time of an instant in `timeZone`, carried by a date whose UTC fields are that
 * time: what a calendar drawn in UTC shows as the zone's local time (the planner's).
 */
export function toZoneWallTime(value: Date | string, timeZone: string): Date {
  const instant = value instanceof Date ? value : new Date(value);
  return new Date(instant.getTime() + zoneOffset(instant, timeZone));
}

/** The instant of a wall-clock time of `timeZone` carried in a date's UTC fields (toZoneWallTime's inverse). */
export function fromZoneWallTime(wall: Date, timeZone: string): Date {
  const guess = new Date(wall.getTime() - zoneOffset(wall, timeZone));
  return new Date(wall.getTime() - zoneOffset(guess, timeZone));
}

/** An instant as `yyyy-MM-ddTHH:mm` on `timeZone`'s clock (the date-time fields' value). */
export function toZoneLocalInput(value: Date | string, timeZone: string): string {
  return toZoneWallTime(value, timeZone).toISOString().slice(0, 16);
}

/** A `yyyy-MM-ddTHH:mm` on `timeZone`'s clock as an ISO instant (UTC). */
export function fromZoneLocalInput(value: string, timeZone: string): string {
  return fromZoneWallTime(new Date(`${value}:00Z`), timeZone).toISOString();
}
