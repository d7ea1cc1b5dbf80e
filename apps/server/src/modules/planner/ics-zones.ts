import { offsetAt } from './zoned-time.ts';

/**
 * Time zones in iCalendar (RFC 5545 3.6.5): the VTIMEZONE of an IANA zone, built from the zone's
 * offset changes that the runtime's Intl data knows (no date library), and the local form of an
 * instant for `DTSTART;TZID=…`. Each change is one STANDARD or DAYLIGHT observance (its DTSTART on
 * the clock before the change, TZOFFSETFROM/TO), from the year before the first event to the year
 * of the last; a zone that never changes gets one STANDARD observance.
 */

const MINUTE = 60_000;
const DAY = 86_400_000;

type Change = { at: number; from: number; to: number };

/** A zone's changes per UTC year, kept (a year's changes never change). */
const changesKept = new Map<string, Change[]>();

/** The offset changes of `timeZone` in the UTC year `year`: the first minute of each new offset. */
export function offsetChanges(timeZone: string, year: number): Change[] {
  const key = `${timeZone}|${year}`;
  const kept = changesKept.get(key);
  if (kept) return kept;
  const out: Change[] = [];
  const end = Date.UTC(year + 1, 0, 1);
  let t = Date.UTC(year, 0, 1);
  let before = offsetAt(timeZone, t);
  while (t < end) {
    const next = Math.min(t + DAY, end);
    const after = offsetAt(timeZone, next);
    if (after !== before) {
      // offsetAt(lo) is `before`, offsetAt(hi) is not: narrow to the minute.
      let lo = t;
      let hi = next;
      while (hi - lo > MINUTE) {
        const mid = lo + Math.max(1, Math.floor((hi - lo) / MINUTE / 2)) * MINUTE;
        if (offsetAt(timeZone, mid) === before) lo = mid;
        else hi = mid;
      }
      const to = offsetAt(timeZone, hi);
      out.push({ at: hi, from: before, to });
      before = to;
      // Two changes within a day (never seen in the data): the rest of the day is scanned again.
      if (to !== after) {
        t = hi;
        continue;
      }
    }
    t = next;
  }
  if (changesKept.size > 2_000) changesKept.clear();
  changesKept.set(key, out);
  return out;
}

/** `20260329T020000`: the digits of UTC ms `wall` (a wall-clock time). */
function localTime(wall: number): string {
  return new Date(wall)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, '');
}

/** `+0100`, `-0430`, `+053328` (RFC 5545 3.3.14). */
export function utcOffset(ms: number): string {
  const sign = ms < 0 ? '-' : '+';
  const total = Math.round(Math.abs(ms) / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${sign}${pad(h)}${pad(m)}${s ? pad(s) : ''}`;
}

/** Zones written in UTC (`…Z`): no VTIMEZONE needed. */
export function isUtcZone(timeZone: string): boolean {
  return /^(Etc\/)?(UTC|GMT|UCT|Zulu|Universal)$/i.test(timeZone);
}

/**
 * The local form of `instant` on `timeZone`'s clock for `DTSTART;TZID=…`, or null when a local
 * time does not name it alone: a time the autumn change repeats (RFC 5545 3.3.5 says the first
 * pass, but readers differ: ical.js takes the second) or an instant off the minute. The caller
 * then writes UTC, which every reader places the same.
 */
export function zonedLocal(timeZone: string, instant: number): string | null {
  if (instant % MINUTE !== 0) return null;
  const wall = instant + offsetAt(timeZone, instant);
  for (const around of [instant - 3 * 3_600_000, instant + 3 * 3_600_000]) {
    const other = wall - offsetAt(timeZone, around);
    if (other !== instant && other + offsetAt(timeZone, other) === wall) return null;
  }
  return localTime(wall);
}

function observance(kind: 'STANDARD' | 'DAYLIGHT', wallStart: number, from: number, to: number) {
  return [
    `BEGIN:${kind}`,
    `DTSTART:${localTime(wallStart)}`,
    `TZOFFSETFROM:${utcOffset(from)}`,
    `TZOFFSETTO:${utcOffset(to)}`,
    `END:${kind}`,
  ];
}

/** The VTIMEZONE of `timeZone` covering the instants `from`…`to` (ms). */
export function vtimezoneLines(timeZone: string, from: number, to: number): string[] {
  const first = new Date(from).getUTCFullYear() - 1;
  const last = new Date(to).getUTCFullYear();
  const changes: Change[] = [];
  for (let year = first; year <= last; year++) changes.push(...offsetChanges(timeZone, year));
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`];
  if (!changes.some((c) => c.at <= from)) {
    // Nothing changed since the year before: one observance from then on.
    const start = Date.UTC(first, 0, 1);
    const offset = offsetAt(timeZone, start);
    const later = offsetAt(timeZone, start + 182 * DAY);
    lines.push(
      ...observance(offset > later ? 'DAYLIGHT' : 'STANDARD', start + offset, offset, offset),
    );
  }
  for (const c of changes)
    lines.push(...observance(c.to > c.from ? 'DAYLIGHT' : 'STANDARD', c.at + c.from, c.from, c.to));
  lines.push('END:VTIMEZONE');
  return lines;
}
