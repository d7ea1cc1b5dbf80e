import { JobBoardsPage } from '../../features/job-boards/components/job-boards-page.tsx';

/** `/config/jobboards/list`, inside the config layout (config-routes.tsx guards it with `config.jobboards_list`). */
export function JobBoardsRoute() {
  return <JobBoardsPage />;
}
