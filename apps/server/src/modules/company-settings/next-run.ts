import type { OfferExportFrequency } from '@embauche/contracts/offer-export-schedules';
import { wallClock } from '../../platform/time/wall-clock.ts';

export type ScheduleRule = {
  frequency: OfferExportFrequency;
  /** 1 Monday … 7 Sunday (weekly). */
  weekday: number | null;
  /** 1-28 (monthly). */
  month_day: number | null;
  /** 0-23 on the wall clock of `timeZone`. */
  hour: number;
};

/** The offset of `timeZone` from UTC at the instant `ms` (milliseconds, east positive). */
function offsetAt(timeZone: string, ms: number): number {
  const whole = Math.floor(ms / 1000) * 1000;
  return wallClock(timeZone, whole) - whole;
}

/**
 * The instant whose wall clock in `timeZone` reads `wall` (UTC milliseconds of the digits). A time
 * skipped by a daylight-saving change (02:30 when clocks jump from 02:00 to 03:00) becomes the
 * instant the same distance after the jump (03:30); a time that occurs twice is its later one.
 */
export function zonedInstant(timeZone: string, wall: number): number {
  const first = offsetAt(timeZone, wall);
  const guess = wall - first;
  const second = offsetAt(timeZone, guess);
  return second === first ? guess : wall - second;
}

/** Whether the calendar day (UTC milliseconds of its midnight digits) is one the rule runs on. */
function runsOn(rule: ScheduleRule, day: number): boolean {
  const date = new Date(day);
  if (rule.frequency === 'weekly') return ((date.getUTCDay() + 6) % 7) + 1 === rule.weekday;
  if (rule.frequency === 'monthly') return date.getUTCDate() === rule.month_day;
  return true;
}

const DAY = 86_400_000;

/**
 * The first instant strictly after `after` at which the schedule runs: `hour`:00 on the wall clock
 * of `timeZone`, on a day the rule picks. Computed day by day on the calendar, so a daylight-saving
 * change moves no run to another hour (except the skipped hour itself, see zonedInstant).
 */
export function nextRun(rule: ScheduleRule, timeZone: string, after: Date): Date {
  const wallNow = wallClock(timeZone, after.getTime());
  const today = wallNow - (((wallNow % DAY) + DAY) % DAY);
  // A month holds every day 1-28 and a week every weekday: 32 days always reach one.
  for (let i = 0; i <= 32; i++) {
    const day = today + i * DAY;
    if (!runsOn(rule, day)) continue;
    const at = zonedInstant(timeZone, day + rule.hour * 3_600_000);
    if (at > after.getTime()) return new Date(at);
  }
  throw new Error('No next run found');
}
