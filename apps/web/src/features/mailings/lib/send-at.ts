/**
 * `yyyy-MM-ddTHH:mm` (the date-time field's value, a wall-clock time where the user is) as an ISO
 * 8601 time with the browser's offset at that date (`2026-05-04T09:30:00+02:00`); null when it
 * is not a time.
 */
export function localToIso(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(year, month - 1, day, hour, minute);
  if (Number.isNaN(date.getTime()) || date.getMonth() !== month - 1 || date.getDate() !== day)
    return null;
  // getTimezoneOffset is minutes behind UTC (Paris in summer: -120).
  const offset = -date.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  const pad = (n: number) => String(Math.abs(n)).padStart(2, '0');
  return `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:00${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}

/** Whether an ISO time is already past (the server then sends at once). */
export function isPast(iso: string, now: Date = new Date()): boolean {
  return new Date(iso).getTime() <= now.getTime();
}
