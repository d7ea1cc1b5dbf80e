/**
 * Calendar days `YYYY-MM-DD` (docs/onboarding.md): an onboarding's start and its tasks' due dates
 * are days on the company's wall clock, never instants, so that month ends and daylight-saving
 * changes move nothing.
 */
import { wallClock } from '../../platform/time/wall-clock.ts';

const DAY_MS = 86_400_000;

/** `day` plus `days` (negative: before), across month and year ends. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The day it is at `now` on `timeZone`'s wall clock. */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Date(wallClock(timeZone, now.getTime())).toISOString().slice(0, 10);
}

/** `day` written out in `language` ("lundi 4 janvier 2027"). */
export function longDay(day: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );
}
