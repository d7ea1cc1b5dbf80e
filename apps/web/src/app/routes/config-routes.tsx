import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { configPages } from '../../features/config/lib/config-menu-items.ts';
import { lazyRoute } from '../lazy-route.tsx';
import { configScreens } from './config-screens.ts';
import { ConfigIndexRoute } from './config-index-route.tsx';
import { ConfigPageRoute } from './config-page-route.tsx';
import { ConfigRoute } from './config-route.tsx';
import { NotFoundRoute } from './not-found-route.tsx';

const ActivityLogsRoute = lazyRoute(configScreens.activityLogs, (m) => m.ActivityLogsRoute);
const UsersListRoute = lazyRoute(configScreens.usersList, (m) => m.UsersListRoute);
const UsersRightsRoute = lazyRoute(configScreens.usersRights, (m) => m.UsersRightsRoute);
const UsersGroupsRoute = lazyRoute(configScreens.usersGroups, (m) => m.UsersGroupsRoute);

/** Config pages that have their own screen (each its own chunk), by path; the others are "coming soon". */
const BUILT_PAGES: Record<string, ComponentType> = {
  'activity-logs': ActivityLogsRoute,
  'users/list': UsersListRoute,
  'users/rights': UsersRightsRoute,
  'users/groups': UsersGroupsRoute,
};

/**
 * The pages under /config, declared here rather than in the app's route table: the menu they come
 * from (with its icons) then loads with the configuration, not with every page.
 */
export function ConfigRoutes() {
  return (
    <Routes>
      <Route element={<ConfigRoute />}>
        <Route index element={<ConfigIndexRoute />} />
        {configPages().flatMap((item) =>
          [item.path, ...(item.subPages ?? [])].map((path) => (
            <Route key={path} path={path} element={<ConfigPageRoute item={item} screen={path ? BUILT_PAGES[path] : undefined} />} />
          )),
        )}
        <Route path="*" element={<NotFoundRoute headingLevel="h2" />} />
      </Route>
    </Routes>
  );
}
