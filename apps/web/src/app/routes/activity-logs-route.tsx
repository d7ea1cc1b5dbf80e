import { ActivityLogsPage } from '../../features/audit-log/components/activity-logs-page.tsx';

/** `/config/activity-logs`, inside the config layout (config-routes.tsx guards it). */
export function ActivityLogsRoute() {
  return <ActivityLogsPage />;
}
