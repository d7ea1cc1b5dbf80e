import { PlannerPage } from '../../features/planner/components/planner-page.tsx';
import { useCurrentUser } from '../session/use-current-user.ts';

/** `/planner` (guarded with `planner.access`): the user's calendar, the user first among the people shown. */
export function PlannerRoute() {
  const me = useCurrentUser();
  return <PlannerPage me={{ id: me.id, firstname: me.firstname, lastname: me.lastname }} />;
}
