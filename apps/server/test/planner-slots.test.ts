import { describe, expect, it } from 'vitest';
import type { TWeeklyHours } from '@embauche/contracts/planner';
import { freeSlots, type SlotRules } from '../src/modules/planner/free-slots.ts';
import { zonedToUtc } from '../src/modules/planner/zoned-time.ts';

const H = 3_600_000;
const M = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();
const at = (s: string) => Date.parse(s);
const every = (ranges: { start: string; end: string }[]): TWeeklyHours => ({
  mon: ranges,
  tue: ranges,
  wed: ranges,
  thu: ranges,
  fri: ranges,
  sat: ranges,
  sun: ranges,
});

function rules(over: Partial<SlotRules> = {}): SlotRules {
  return {
    timeZone: 'Europe/Paris',
    durationMinutes: 60,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    stepMinutes: null,
    mode: 'shared',
    weeklyHours: every([{ start: '09:00', end: '12:00' }]),
    interviewerHours: [],
    exceptions: [],
    horizonDays: 365,
    minNoticeMinutes: 0,
    ...over,
  };
}

/** Slots of one day (UTC midnight to midnight + 1 day), seen from a week before. */
function day(r: SlotRules, date: string, busy: { start: number; end: number }[] = [], ids = [1]) {
  const from = at(`${date}T00:00:00Z`) - 12 * H;
  return freeSlots({
    rules: r,
    interviewerIds: ids,
    busy,
    from,
    to: from + 36 * H,
    now: from - 7 * 24 * H,
  })
    .filter((s) => iso(s.start).startsWith(date))
    .map((s) => iso(s.start));
}

/**
 * docs/planner.md "Free slots": the template's wall clock, buffers, minimum notice, horizon,
 * exceptions and days off, both daylight-saving changes of Europe/Paris, a template in another
 * zone than the viewer's.
 */
describe('free slots', () => {
  it('starts every duration from each range, on the template’s clock (winter: UTC+1)', () => {
    expect(day(rules(), '2026-01-14')).toEqual([
      '2026-01-14T08:00:00.000Z',
      '2026-01-14T09:00:00.000Z',
      '2026-01-14T10:00:00.000Z',
    ]);
  });

  it('keeps 09:00 Paris across the spring change (29 March 2026: UTC+1 → UTC+2)', () => {
    expect(day(rules(), '2026-03-28')[0]).toBe('2026-03-28T08:00:00.000Z');
    expect(day(rules(), '2026-03-29')[0]).toBe('2026-03-29T07:00:00.000Z');
    expect(day(rules(), '2026-03-30')[0]).toBe('2026-03-30T07:00:00.000Z');
  });

  it('keeps 09:00 Paris across the autumn change (25 October 2026: UTC+2 → UTC+1)', () => {
    expect(day(rules(), '2026-10-24')[0]).toBe('2026-10-24T07:00:00.000Z');
    expect(day(rules(), '2026-10-25')[0]).toBe('2026-10-25T08:00:00.000Z');
  });

  it('counts real time through the night of a change: 01:00–04:00 is 2 h in spring, 4 h in autumn', () => {
    const night = rules({ weeklyHours: every([{ start: '01:00', end: '04:00' }]) });
    // (23:00Z that UTC day is already 30 March 01:00 in Paris.)
    const paris = (date: string) => day(night, date).filter((s) => s < `${date}T22:00`);
    expect(paris('2026-03-29')).toEqual(['2026-03-29T00:00:00.000Z', '2026-03-29T01:00:00.000Z']);
    // Four hours in autumn; the first, 01:00 Paris, is 23:00Z the day before.
    expect(day(night, '2026-10-24').at(-1)).toBe('2026-10-24T23:00:00.000Z');
    expect(paris('2026-10-25')).toEqual([
      '2026-10-25T00:00:00.000Z',
      '2026-10-25T01:00:00.000Z',
      '2026-10-25T02:00:00.000Z',
    ]);
    // A time the spring day skips has no instant; one the autumn day has twice is the first.
    expect(zonedToUtc('Europe/Paris', '2026-03-29', 2 * 60 + 30)).toBeNull();
    expect(iso(zonedToUtc('Europe/Paris', '2026-10-25', 2 * 60 + 30)!)).toBe(
      '2026-10-25T00:30:00.000Z',
    );
  });

  it('follows a template in another zone than the viewer: 09:00 in New York is 14:00 UTC', () => {
    const ny = rules({ timeZone: 'America/New_York' });
    expect(day(ny, '2026-01-14')[0]).toBe('2026-01-14T14:00:00.000Z');
    // The USA change earlier (8 March): Paris is then 5 h ahead, not 6.
    expect(day(ny, '2026-03-10')[0]).toBe('2026-03-10T13:00:00.000Z');
  });

  it('keeps the buffers around busy times', () => {
    const r = rules({ bufferBeforeMinutes: 15, bufferAfterMinutes: 15, stepMinutes: 30 });
    // Busy 10:00–10:30 Paris (09:00–09:30Z): slots must end by 09:45 and start from 10:45 Paris.
    const busy = [{ start: at('2026-01-14T09:00:00Z'), end: at('2026-01-14T09:30:00Z') }];
    expect(day(r, '2026-01-14', busy)).toEqual(['2026-01-14T10:00:00.000Z']);
    // Without buffers the hour before and the slots after are free.
    expect(day(rules({ stepMinutes: 30 }), '2026-01-14', busy)).toEqual([
      '2026-01-14T08:00:00.000Z',
      '2026-01-14T09:30:00.000Z',
      '2026-01-14T10:00:00.000Z',
    ]);
  });

  it('needs every interviewer free and available', () => {
    const r = rules({
      mode: 'per_interviewer',
      interviewerHours: [
        { user_id: 1, weekly_hours: every([{ start: '09:00', end: '12:00' }]) },
        { user_id: 2, weekly_hours: every([{ start: '10:00', end: '18:00' }]) },
      ],
    });
    expect(day(r, '2026-01-14', [], [1, 2])).toEqual([
      '2026-01-14T09:00:00.000Z',
      '2026-01-14T10:00:00.000Z',
    ]);
    // An interviewer without hours is never available.
    expect(day(r, '2026-01-14', [], [1, 3])).toEqual([]);
  });

  it('applies exceptions: a day off for all, other hours for one interviewer', () => {
    const r = rules({
      exceptions: [
        { date: '2026-01-14', user_id: null, ranges: [] },
        { date: '2026-01-15', user_id: 1, ranges: [{ start: '15:00', end: '16:00' }] },
      ],
    });
    expect(day(r, '2026-01-14')).toEqual([]);
    expect(day(r, '2026-01-15')).toEqual(['2026-01-15T14:00:00.000Z']);
    expect(day(r, '2026-01-16')).toHaveLength(3);
  });

  it('honours the minimum notice and the horizon', () => {
    const now = at('2026-01-14T08:30:00Z');
    const slots = freeSlots({
      rules: rules({ minNoticeMinutes: 60, horizonDays: 2 }),
      interviewerIds: [1],
      busy: [],
      from: now,
      to: now + 10 * 24 * H,
      now,
    }).map((s) => iso(s.start));
    // 09:30Z is the earliest start allowed: 10:00Z (11:00 Paris) is the first slot.
    expect(slots[0]).toBe('2026-01-14T10:00:00.000Z');
    // Two days ahead at most: nothing after 16 January 08:30Z.
    expect(slots.at(-1)).toBe('2026-01-16T08:00:00.000Z');
    expect(slots).toHaveLength(1 + 3 + 1);
  });

  it('answers slots of the duration, each whole in the range', () => {
    const slots = freeSlots({
      rules: rules({ durationMinutes: 45, stepMinutes: 15 }),
      interviewerIds: [1],
      busy: [],
      from: at('2026-01-14T00:00:00Z'),
      to: at('2026-01-15T00:00:00Z'),
      now: at('2026-01-13T00:00:00Z'),
    });
    expect(slots.every((s) => s.end - s.start === 45 * M)).toBe(true);
    expect(iso(slots.at(-1)!.start)).toBe('2026-01-14T10:15:00.000Z');
  });
});
