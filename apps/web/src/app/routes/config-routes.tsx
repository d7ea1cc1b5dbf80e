import { Route, Routes } from 'react-router';
import { configPages } from '../../features/config/lib/config-menu-items.ts';
import { CONFIG_SCREENS } from './config-screens.ts';
import { ConfigIndexRoute } from './config-index-route.tsx';
import { ConfigPageRoute } from './config-page-route.tsx';
import { ConfigRoute } from './config-route.tsx';
import { NotFoundRoute } from './not-found-route.tsx';

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
            <Route
              key={path}
              path={path}
              element={
                <ConfigPageRoute
                  item={item}
                  screen={path ? CONFIG_SCREENS[path]?.component : undefined}
                />
              }
            />
          )),
        )}
        <Route path="*" element={<NotFoundRoute headingLevel="h2" />} />
      </Route>
    </Routes>
  );
}
