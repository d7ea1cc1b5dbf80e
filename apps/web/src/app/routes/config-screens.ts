import { moduleLoader } from '../lazy-route.tsx';

/**
 * The code of the config pages that have their own screen, one chunk each. Apart from
 * route-modules.ts (which preloads them with the page) so that config-routes.tsx, itself loaded by
 * route-modules.ts, can use them without an import cycle.
 */
export const configScreens = {
  activityLogs: moduleLoader(() => import('./activity-logs-route.tsx')),
  usersList: moduleLoader(() => import('./users-list-route.tsx')),
  usersRights: moduleLoader(() => import('./users-rights-route.tsx')),
  usersGroups: moduleLoader(() => import('./users-groups-route.tsx')),
} as const;
