import { lazy, Suspense } from 'react';
import { FullPageSpinner } from '../../components/ui/spinner.tsx';
import { useCurrentUser } from '../session/use-current-user.ts';

// The screen's code comes through this small module: the list of chunks it needs then lives here,
// not in the app's entry (the sign-in page's budget, scripts/check-bundle-budget.ts).
const PlannerPage = lazy(() =>
  import('../../features/planner/components/planner-page.tsx').then((m) => ({
    default: m.PlannerPage,
  })),
);

/** `/planner` (guarded with `planner.access`): the user's calendar, the user first among the people shown. */
export function PlannerRoute() {
  const me = useCurrentUser();
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <PlannerPage me={{ id: me.id, firstname: me.firstname, lastname: me.lastname }} />
    </Suspense>
  );
}
