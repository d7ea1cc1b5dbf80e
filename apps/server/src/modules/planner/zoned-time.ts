import { wallClock } from '../../platform/time/wall-clock.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The zone's offset from UTC at instant `ms` (ms, wall − UTC). */
export function offsetAt(timeZone: string, ms: number): number {
  return wallClock(timeZone, Math.floor(ms / 1000) * 1000) - Math.floor(ms / 1000) * 1000;
}

/** A calendar day as `yyyy-MM-dd` from the UTC ms of its midnight (a wall-clock day). */
export function dayKey(dayMs: number): string {
  return new Date(dayMs).toISOString().slice(0, 10);
}

/** Monday 0 … Sunday 6 of a wall-clock day (the UTC ms of its midnight). */
export function weekdayIndex(dayMs: number): number {
  return (new Date(dayMs).getUTCDay() + 6) % 7;
}

/** The wall-clock day (UTC ms of its midnight) holding instant `ms` in `timeZone`. */
export function wallDay(timeZone: string, ms: number): number {
  const wall = wallClock(timeZone, Math.floor(ms / 1000) * 1000);
  return wall - (((wall % DAY) + DAY) % DAY);
}

/** Days whose offsets are kept (a zone's offsets of a past or coming day never change). */
const OFFSETS_KEPT = 20_000;
const offsets = new Map<string, readonly [number, number]>();

/** The zone's offsets around a wall-clock day: before it starts and after it ends (kept). */
function dayOffsets(timeZone: string, dayMs: number): readonly [number, number] {
  const key = `${timeZone}|${dayMs}`;
  let found = offsets.get(key);
  if (!found) {
    found = [offsetAt(timeZone, dayMs - 14 * HOUR), offsetAt(timeZone, dayMs + 38 * HOUR)];
    if (offsets.size >= OFFSETS_KEPT) offsets.clear();
    offsets.set(key, found);
  }
  return found;
}

/**
 * The converter of one wall-clock day of `timeZone`: minutes since that day's midnight to the UTC
 * instant, or null for a time the day skips (the spring change's gap). A time the day has twice
 * (the autumn change) is its first occurrence. Most days have one offset: two Intl calls a day.
 */
export function dayConverter(timeZone: string, dayMs: number): (minutes: number) => number | null {
  const [before, after] = dayOffsets(timeZone, dayMs);
  if (before === after) return (minutes) => dayMs + minutes * MINUTE - before;
  const offsets = [before, after].sort((a, b) => b - a);
  return (minutes) => {
    const local = dayMs + minutes * MINUTE;
    // The larger offset gives the earlier instant: the first occurrence of an ambiguous time.
    for (const offset of offsets) {
      const t = local - offset;
      if (wallClock(timeZone, t) === local) return t;
    }
    return null;
  };
}

/** The UTC instant of a wall-clock time, the first one when it happens twice; null in a gap. */
export function zonedToUtc(timeZone: string, day: string, minutes: number): number | null {
  return dayConverter(timeZone, Date.parse(`${day}T00:00:00Z`))(minutes);
}
