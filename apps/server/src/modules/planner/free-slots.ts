import {
  minutesOf,
  WEEKDAYS,
  type TAvailabilityException,
  type TTimeRange,
  type TWeeklyHours,
} from '@embauche/contracts/planner';
import { dayConverter, dayKey, wallDay, weekdayIndex } from './zoned-time.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** A span of time in UTC ms, `start` included, `end` excluded. */
export type Span = { start: number; end: number };

/** What the slots of a template are computed from (its saved settings). */
export type SlotRules = {
  timeZone: string;
  durationMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  /** Null: the duration. */
  stepMinutes: number | null;
  mode: 'shared' | 'per_interviewer';
  weeklyHours: TWeeklyHours;
  interviewerHours: { user_id: number; weekly_hours: TWeeklyHours }[];
  exceptions: TAvailabilityException[];
  horizonDays: number;
  minNoticeMinutes: number;
};

/** The hours of one interviewer on one wall-clock day (the day's exception first). */
function hoursOn(rules: SlotRules, userId: number, day: string, weekday: number): TTimeRange[] {
  const own = rules.exceptions.find((e) => e.date === day && e.user_id === userId);
  if (own) return own.ranges;
  const all = rules.exceptions.find((e) => e.date === day && e.user_id === null);
  if (all) return all.ranges;
  const weekly =
    rules.mode === 'shared'
      ? rules.weeklyHours
      : rules.interviewerHours.find((h) => h.user_id === userId)?.weekly_hours;
  return weekly?.[WEEKDAYS[weekday]!] ?? [];
}

/** Sorted, merged spans. */
function merge(spans: Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const out: Span[] = [];
  for (const s of sorted) {
    const last = out.at(-1);
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else out.push({ ...s });
  }
  return out;
}

/** The common part of two sorted, merged lists of spans. */
function intersect(a: Span[], b: Span[]): Span[] {
  const out: Span[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const start = Math.max(a[i]!.start, b[j]!.start);
    const end = Math.min(a[i]!.end, b[j]!.end);
    if (start < end) out.push({ start, end });
    if (a[i]!.end < b[j]!.end) i++;
    else j++;
  }
  return out;
}

/** One interviewer's available spans over the wall-clock days `days` (UTC ms of midnights). */
function availability(rules: SlotRules, userId: number, days: number[]): Span[] {
  const spans: Span[] = [];
  for (const dayMs of days) {
    const ranges = hoursOn(rules, userId, dayKey(dayMs), weekdayIndex(dayMs));
    if (!ranges.length) continue;
    const at = dayConverter(rules.timeZone, dayMs);
    for (const r of ranges) {
      // A bound in the spring gap moves to the gap's end (the first time the day has after it).
      let start = at(minutesOf(r.start));
      for (let m = minutesOf(r.start) + 1; start === null && m <= minutesOf(r.end); m++)
        start = at(m);
      let end = at(minutesOf(r.end));
      for (let m = minutesOf(r.end) + 1; end === null && m <= 24 * 60 + 120; m++) end = at(m);
      if (start !== null && end !== null && start < end) spans.push({ start, end });
    }
  }
  return merge(spans);
}

/**
 * The free slots of a template between `from` and `to` (UTC ms): starts every step from the start
 * of each span where every interviewer is available, the whole slot inside it, at least the
 * minimum notice after `now` and before `now` + the horizon, and no interviewer busy during the slot
 * widened by the buffers. `busy`: every interviewer's guarded or kept appointments (any order).
 */
export function freeSlots(input: {
  rules: SlotRules;
  interviewerIds: number[];
  busy: Span[];
  from: number;
  to: number;
  now: number;
}): Span[] {
  const { rules, interviewerIds, now } = input;
  if (!interviewerIds.length) return [];
  const duration = rules.durationMinutes * MINUTE;
  const step = (rules.stepMinutes ?? rules.durationMinutes) * MINUTE;
  const earliest = Math.max(input.from, now + rules.minNoticeMinutes * MINUTE);
  const latest = Math.min(input.to, now + rules.horizonDays * DAY);
  if (earliest >= latest) return [];
  // Every wall-clock day the range touches, with one more on each side (zones far from UTC).
  const days: number[] = [];
  for (
    let d = wallDay(rules.timeZone, earliest) - DAY;
    d <= wallDay(rules.timeZone, latest) + DAY;
    d += DAY
  )
    days.push(d);
  // Shared hours without an interviewer's own exception: one availability for all.
  const same =
    rules.mode === 'shared' && rules.exceptions.every((e) => e.user_id === null)
      ? availability(rules, interviewerIds[0]!, days)
      : null;
  let common: Span[] | null = null;
  for (const userId of interviewerIds) {
    const own = same ?? availability(rules, userId, days);
    common = common === null ? own : intersect(common, own);
    if (!common.length) return [];
  }
  const before = rules.bufferBeforeMinutes * MINUTE;
  const after = rules.bufferAfterMinutes * MINUTE;
  const busy = merge(input.busy);
  const slots: Span[] = [];
  let b = 0;
  for (const span of common ?? []) {
    for (let start = span.start; start + duration <= span.end; start += step) {
      if (start < earliest) continue;
      if (start >= latest) return slots;
      const end = start + duration;
      const wideStart = start - before;
      const wideEnd = end + after;
      // Busy spans ending before this slot's widened start never matter again (starts grow).
      while (b < busy.length && busy[b]!.end <= wideStart) b++;
      let taken = false;
      for (let k = b; k < busy.length && busy[k]!.start < wideEnd; k++) {
        if (busy[k]!.end > wideStart) {
          taken = true;
          break;
        }
      }
      if (!taken) slots.push({ start, end });
    }
  }
  return slots;
}
