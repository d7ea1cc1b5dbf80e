import { addDays, addMonths, addWeeks, parseISO } from 'date-fns';
import type { PlannerView } from './planner-views.ts';

/** The day `step` periods of `view` away from `day` (`yyyy-MM-dd`). */
export function shiftDay(day: string, view: PlannerView, step: number): string {
  const date = parseISO(day);
  const next =
    view === 'day'
      ? addDays(date, step)
      : view === 'month'
        ? addMonths(date, step)
        : addWeeks(date, step);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${next.getFullYear()}-${pad(next.getMonth() + 1)}-${pad(next.getDate())}`;
}
