import { StatisticsPage } from '../../features/statistics/components/statistics-page.tsx';
import { useCan } from '../session/use-current-user.ts';

/** `/stats` (`statistics.access`): the recruitment dashboard; the project filter needs `project.list`. */
export function StatisticsRoute() {
  const can = useCan();
  return <StatisticsPage canListProjects={can('project.list')} />;
}
