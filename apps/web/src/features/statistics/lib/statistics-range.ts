import {
  addDays,
  differenceInCalendarDays,
  format,
  isValid,
  parse,
  startOfYear,
  subDays,
  subMonths,
} from 'date-fns';

/** The ranges offered in one click; `custom` reads `from` and `to` from the URL. */
export const RANGE_PRESETS = ['30d', '90d', '12m', 'ytd', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
export const DEFAULT_RANGE: RangePreset = '90d';

/** A range of whole days, both ends included, written `yyyy-MM-dd`. */
export type DayRange = { from: string; to: string };

const DAY = 'yyyy-MM-dd';
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export function toDay(date: Date): string {
  return format(date, DAY);
}

export function parseDay(value: string | null | undefined): Date | null {
  if (!value || !DAY_PATTERN.test(value)) return null;
  const date = parse(value, DAY, new Date());
  return isValid(date) ? date : null;
}

/**
 * The days a preset covers, ending today (`today`, the user's day); a custom range keeps its
 * days, put in order, and falls back to the default preset while one end is missing or invalid.
 */
export function resolveRange(
  preset: RangePreset,
  custom: { from?: string | null; to?: string | null },
  today: Date = new Date(),
): DayRange {
  const end = toDay(today);
  switch (preset) {
    case '30d':
      return { from: toDay(subDays(today, 29)), to: end };
    case '12m':
      return { from: toDay(addDays(subMonths(today, 12), 1)), to: end };
    case 'ytd':
      return { from: toDay(startOfYear(today)), to: end };
    case 'custom': {
      const from = parseDay(custom.from);
      const to = parseDay(custom.to);
      if (from && to)
        return from <= to
          ? { from: toDay(from), to: toDay(to) }
          : { from: toDay(to), to: toDay(from) };
      return resolveRange(DEFAULT_RANGE, {}, today);
    }
    case '90d':
    default:
      return { from: toDay(subDays(today, 89)), to: end };
  }
}

/** How many days a range covers, both ends included. */
export function rangeLength(range: DayRange): number {
  const from = parseDay(range.from);
  const to = parseDay(range.to);
  return from && to ? differenceInCalendarDays(to, from) + 1 : 0;
}

/** The same number of days just before `range`: what the comparison arrows measure against. */
export function previousRange(range: DayRange): DayRange {
  const from = parseDay(range.from);
  const length = rangeLength(range);
  if (!from || length === 0) return range;
  return { from: toDay(subDays(from, length)), to: toDay(subDays(from, 1)) };
}
