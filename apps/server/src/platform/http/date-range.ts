import { validationFailed } from './http-error.ts';

export type DateRange = { from: string | null; to: string | null };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A real calendar day `yyyy-MM-dd` between the years 1000 and 9998, else undefined: PostgreSQL has
 * no year 0, and the day after 9999-12-31 (an inclusive bound's end) has no four-digit year.
 */
export function calendarDay(value: string): Date | undefined {
  if (!DAY.test(value)) return undefined;
  const year = Number(value.slice(0, 4));
  if (year < 1000 || year > 9998) return undefined;
  const date = new Date(`${value}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value
    ? undefined
    : date;
}

/**
 * Reads `yyyy-MM-dd,yyyy-MM-dd` (either side may be empty). The bounds are whole days: `to` is
 * inclusive, so a timestamp column compares with `< to + 1 day`.
 */
export function parseDateRange(value: string | undefined, field: string): DateRange | null {
  if (!value) return null;
  const [from = '', to = ''] = value.split(',').map((v) => v.trim());
  for (const day of [from, to]) {
    if (day && !calendarDay(day)) {
      throw validationFailed({ [`filter.${field}`]: ['invalid'] });
    }
  }
  if (!from && !to) return null;
  return { from: from || null, to: to || null };
}

export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function today(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}
