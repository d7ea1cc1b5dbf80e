import { DashboardPage } from '../../features/dashboard/components/dashboard-page.tsx';
import { useCurrentUser } from '../session/use-current-user.ts';

export function DashboardRoute() {
  const me = useCurrentUser();
  return <DashboardPage firstname={me.firstname} />;
}
