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
