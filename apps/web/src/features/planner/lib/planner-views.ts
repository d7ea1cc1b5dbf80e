/** The planner's views (`?view=`): FullCalendar's name for each. */
export const PLANNER_VIEWS = ['day', 'week', 'month', 'agenda'] as const;
export type PlannerView = (typeof PLANNER_VIEWS)[number];

export const CALENDAR_VIEWS: Record<PlannerView, string> = {
  day: 'timeGridDay',
  week: 'timeGridWeek',
  month: 'dayGridMonth',
  agenda: 'listWeek',
};

/** One colour per person shown (the user first), by their place in the list. */
export const PERSON_COLORS = [
  '#1d4ed8',
  '#047857',
  '#b45309',
  '#7c3aed',
  '#be123c',
  '#0e7490',
  '#4d7c0f',
  '#a21caf',
  '#c2410c',
  '#334155',
];

export function personColor(index: number): string {
  return PERSON_COLORS[index % PERSON_COLORS.length]!;
}

/** `yyyy-MM-dd` of a date's UTC fields (the calendar runs on UTC-carried wall times). */
export function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

const HOUR_MINUTES = 60;
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / HOUR_MINUTES)).padStart(2, '0')}:${String(minutes % HOUR_MINUTES).padStart(2, '0')}:00`;

/**
 * The hours the day and week grids show: 07:00–21:00, widened to whole hours holding every
 * appointment given (wall times carried in UTC fields): a user whose zone is far from the
 * company's sees interviews at 03:00 or 23:30 on their clock rather than nothing.
 */
export function visibleHours(events: { start: Date; end: Date }[]): { min: string; max: string } {
  let min = 7 * HOUR_MINUTES;
  let max = 21 * HOUR_MINUTES;
  for (const e of events) {
    const midnight = Date.parse(`${dayOf(e.start)}T00:00:00Z`);
    const start = (e.start.getTime() - midnight) / 60_000;
    const end = (e.end.getTime() - midnight) / 60_000;
    // Past midnight: the next day's part starts at 00:00, this day's runs to 24:00.
    const overnight = end > 24 * HOUR_MINUTES;
    min = Math.min(min, overnight ? 0 : Math.floor(start / HOUR_MINUTES) * HOUR_MINUTES);
    max = Math.max(max, Math.min(24 * HOUR_MINUTES, Math.ceil(end / HOUR_MINUTES) * HOUR_MINUTES));
  }
  return { min: hhmm(min), max: hhmm(max) };
}
