import type { Language } from '@embauche/contracts/constants';
import { formatDay } from '@embauche/contracts/date-formats';
import { wallClock } from '../time/wall-clock.ts';

/** Year, month and day of `date` on the wall clocks of `timeZone`. */
function dayIn(timeZone: string, date: Date): [string, string, string] {
  const wall = new Date(wallClock(timeZone, date.getTime()));
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return [pad(wall.getUTCFullYear(), 4), pad(wall.getUTCMonth() + 1, 2), pad(wall.getUTCDate(), 2)];
}

/**
 * A date as people read it in `lang`, in the pattern the web app shows and its date fields ask
 * for (DAY_FORMATS in the contracts: dd/MM/yyyy, dd.MM.yyyy in German; issue 35 item 7). A
 * timestamp (ISO, UTC) becomes the day it was in `timeZone`: 23:30 UTC on 31 December is already
 * 1 January in Paris. A calendar date (`yyyy-MM-dd`, a closing date) belongs to no time zone and
 * keeps its day.
 */
export function localDate(
  value: string | null | undefined,
  lang: Language,
  timeZone: string,
): string | null {
  if (!value) return null;
  const calendar = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = new Date(value);
  if (!calendar && Number.isNaN(date.getTime())) return value;
  const [year, month, day] = calendar ? calendar.slice(1) : dayIn(timeZone, date);
  return formatDay(`${year}-${month}-${day}`, lang);
}
