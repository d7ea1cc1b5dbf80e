import { parseAsString, parseAsStringLiteral, useQueryStates } from 'nuqs';
import { PLANNER_VIEWS, type PlannerView } from '../lib/planner-views.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The planner's view and day in the URL (`?view=week&date=2026-03-30`); no date: today. */
export function usePlannerParams(defaultView: PlannerView, today: string) {
  const [params, setParams] = useQueryStates({
    view: parseAsStringLiteral(PLANNER_VIEWS),
    date: parseAsString,
  });
  const date = params.date && DAY.test(params.date) ? params.date : today;
  return {
    view: params.view ?? defaultView,
    date,
    setView: (view: PlannerView) => void setParams({ view }),
    setDate: (next: string) => void setParams({ date: next === today ? null : next }),
  };
}
