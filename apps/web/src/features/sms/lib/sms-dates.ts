import { isSameDay } from 'date-fns';
import { formatDate } from '../../../lib/dates.ts';

/** A message's time: the hour today, else the date and hour. */
export function smsTimestamp(value: string, language: string, now = new Date()): string {
  const date = new Date(value);
  return isSameDay(date, now) ? formatDate(date, 'time', language) : formatDate(date, 'datetime', language);
}

/** The full date and time (a `<time>`'s title and the ticks' tooltips). */
export function smsFullDate(value: string, language: string): string {
  return formatDate(value, 'longdatetime', language);
}
