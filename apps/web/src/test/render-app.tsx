import { useEffect } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation, type Location } from 'react-router';
import { http, HttpResponse } from 'msw';
import type { TMe } from '@embauche/contracts/auth';
import { Providers } from '../app/providers.tsx';
import { AppRoutes } from '../app/router.tsx';
import { createQueryClient } from '../app/query-client.ts';
import { routeModules } from '../app/route-modules.ts';
import { createTestI18n } from './test-i18n.ts';
import { server } from './server.ts';

// Each screen is a lazily loaded module: load them all once per test file, up front, so that a
// test waits for its screen as a browser with the chunks cached would, not for their first compilation.
await Promise.all(Object.values(routeModules).map((load) => load()));
// The signed-in screens' table is read from the signed-in routes' module (route-modules.ts).
await Promise.all(Object.values((await routeModules.signedIn()).signedInScreens).map((load) => load()));

function LocationSpy({ onChange }: { onChange: (location: Location) => void }) {
  const location = useLocation();
  useEffect(() => {
    onChange(location);
  }, [location, onChange]);
  return null;
}

/**
 * Renders the whole app at `path`; `location()` tells where the router is. Query-string state
 * written by nuqs (shallow updates) shows in `window.location.search`.
 */
export function renderApp(path: string, options: { lng?: string } = {}) {
  // nuqs reads and writes the query string through window.history, as in the browser.
  window.history.replaceState(null, '', path);
  const i18n = createTestI18n(options.lng);
  const queryClient = createQueryClient({ retryDelay: () => 0 });
  let current: Location | undefined;
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <Providers queryClient={queryClient} i18n={i18n}>
        <AppRoutes />
        <LocationSpy onChange={(location) => (current = location)} />
      </Providers>
    </MemoryRouter>,
  );
  const location = () => `${current?.pathname ?? ''}${current?.search ?? ''}`;
  return { ...view, i18n, queryClient, location };
}

export function signIn(me: TMe) {
  server.use(http.get('*/api/me', () => HttpResponse.json(me)));
}
