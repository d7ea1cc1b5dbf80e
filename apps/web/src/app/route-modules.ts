import type { QueryClient } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { meQueryOptions } from '../features/auth/api/get-me.ts';
import { moduleLoader } from './lazy-route.tsx';
import type { signedInScreens } from './routes/signed-in-screens.ts';

/**
 * The code of every screen, one chunk each: a page downloads the shell it sits in and its own
 * screen, not the others (the login page weighs a fraction of the dashboard). The signed-in
 * screens are in their own table (below).
 */
export const routeModules = {
  guestLayout: moduleLoader(() => import('./layouts/guest-layout.tsx')),
  publicLayout: moduleLoader(() => import('./layouts/public-layout.tsx')),
  signedIn: moduleLoader(() => import('./signed-in-routes.tsx')),
  login: moduleLoader(() => import('./routes/login-route.tsx')),
  forgotPassword: moduleLoader(() => import('./routes/forgot-password-route.tsx')),
  resetPassword: moduleLoader(() => import('./routes/reset-password-route.tsx')),
  publicPlaceholder: moduleLoader(() => import('./routes/public-placeholder-route.tsx')),
  documentsUpload: moduleLoader(() => import('./routes/documents-upload-route.tsx')),
  shared: moduleLoader(() => import('./routes/shared-route.tsx')),
  booking: moduleLoader(() => import('./routes/booking-route.tsx')),
} as const;

type ModuleName = keyof typeof routeModules;
type SignedInScreen = keyof typeof signedInScreens;

/**
 * The signed-in screens' table is read from the signed-in routes' module (`signedIn`, which every
 * signed-in page loads first), not imported here: the entry, which the sign-in page loads, would
 * otherwise hold the preload list of every signed-in screen's chunks (187 file names, 2.8 KB
 * gzipped, growing with each chunk; docs/performance.md).
 */
const signedInTable = () => routeModules.signedIn.loaded()?.signedInScreens;

/** The config pages' table: in a chunk of its own, so that no other page downloads it. */
const configScreens = moduleLoader(() => import('./routes/config-screens.ts'));

/** The screen of a page under /config (`path`), found in the config pages' table once it is here. */
function configPage(path: string) {
  const find = (module: Awaited<ReturnType<typeof configScreens>>) => module.findConfigScreen(path);
  return {
    loaded: () => {
      const module = configScreens.loaded();
      const page = module && find(module);
      return module !== undefined && (page === undefined || page.load.loaded() !== undefined);
    },
    load: () => configScreens().then((module) => find(module)?.load()),
    namespaces: () => configScreens().then((module) => find(module)?.namespaces ?? []),
  };
}

type Screen = {
  modules: ModuleName[];
  /** Signed-in screens (the main layout first), read from their table once it is here. */
  screens?: SignedInScreen[];
  namespaces?: string[];
  signedIn?: boolean;
  /** The screen's first server calls, started with its code instead of after its first render. */
  prefetch?: (queryClient: QueryClient) => Promise<unknown>;
  /** A page under /config: its own screen and translations, read from the config pages' table. */
  configPage?: ReturnType<typeof configPage>;
};

/** The layout and screen modules of the page at `pathname`, with the translations it shows first. */
function screenOf(pathname: string): Screen {
  if (pathname === '/login') return { modules: ['guestLayout', 'login'], namespaces: ['login'] };
  if (pathname === '/forgot-password')
    return { modules: ['guestLayout', 'forgotPassword'], namespaces: ['login', 'errors'] };
  if (pathname === '/reset-password')
    return { modules: ['guestLayout', 'resetPassword'], namespaces: ['login', 'errors'] };
  if (pathname === '/register')
    return { modules: ['guestLayout', 'publicPlaceholder'], namespaces: ['login', 'shared'] };
  if (pathname.startsWith('/documents-upload/'))
    return { modules: ['publicLayout', 'documentsUpload'] };
  if (pathname.startsWith('/shared/'))
    return {
      modules: ['publicLayout', 'shared'],
      namespaces: ['shared', 'applicant', 'activityFeed'],
    };
  if (pathname.startsWith('/booking/')) return { modules: ['publicLayout', 'booking'], namespaces: ['booking'] };
  // The header's bell reads `notifications` on every signed-in screen.
  const main = (screens: SignedInScreen[], namespaces?: string[]): Screen => ({
    modules: ['signedIn'],
    screens: ['mainLayout', ...screens],
    namespaces: ['notifications', ...(namespaces ?? [])],
    signedIn: true,
  });
  if (pathname === '/')
    return {
      ...main(['dashboard'], ['dashboard', 'projects', 'application']),
      prefetch: (queryClient) =>
        import('../features/dashboard/api/get-dashboard-offers.ts').then((m) =>
          m.prefetchDashboardOffers(queryClient),
        ),
    };
  if (/^\/projects\/[^/]+\/offer\//.test(pathname)) return main(['projects', 'offer']);
  if (/^\/projects\/[^/]+\/offers/.test(pathname)) return main(['projects', 'projectOffers']);
  if (pathname.startsWith('/projects')) return main(['projects', 'projectsOverview']);
  if (pathname === '/treatment') return main(['treatment']);
  if (pathname.startsWith('/applicants/')) return main(['applicant']);
  if (pathname.startsWith('/sourcing/lists/')) return main(['recruitmentList'], ['sourcing']);
  if (pathname.startsWith('/downloads/cv-bundles/')) return main(['cvBundle'], ['application']);
  if (pathname === '/config' || pathname.startsWith('/config/'))
    return {
      ...main(['config'], ['config']),
      configPage: configPage(pathname.slice('/config/'.length)),
    };
  if (pathname === '/dev/sms-outbox') return main(['smsOutbox'], ['sms']);
  if (pathname === '/sourcing') return main(['sourcing'], ['sourcing', 'applicant', 'config']);
  if (pathname === '/stats') return main(['statistics'], ['statistics', 'projects', 'config']);
  if (pathname === '/community') return main(['community'], ['community']);
  if (pathname === '/planner') return main(['planner'], ['planner']);
  if (pathname.startsWith('/community/members/')) return main(['communityMember'], ['community']);
  return main([]);
}

/**
 * Starts downloading the layout and the screen of the page being opened, their translations and,
 * behind the sign-in, the user, together with the app, instead of one after the other as React
 * reaches them (layout, its translations, the user, then the screen, then its translations).
 */
export function preloadScreen(
  pathname: string,
  i18n: Pick<i18n, 'loadNamespaces'>,
  queryClient: QueryClient,
): void {
  const screen = screenOf(pathname);
  // The user, the screen's first calls and its translations are asked for before the screen's code:
  // over HTTP/1.1 the browser fetches six files at a time, and behind the dozens of chunks of a
  // screen they waited most of a second (the dashboard's lists, Lighthouse).
  if (screen.signedIn) void queryClient.prefetchQuery(meQueryOptions());
  // Signed out, the calls answer 401 and the guard sends the visitor to the login page: nothing lost.
  if (screen.prefetch) void screen.prefetch(queryClient).catch(() => undefined);
  if (screen.namespaces) void i18n.loadNamespaces(screen.namespaces).catch(() => undefined);
  void loadScreen(pathname);
  if (screen.configPage)
    void screen.configPage
      .namespaces()
      .then((namespaces) => i18n.loadNamespaces(namespaces))
      .catch(() => undefined);
}

const loading = new Map<string, Promise<unknown>>();

/**
 * Resolves once the layout and screen code of the page at `pathname` is here; one promise per page
 * (React's `use` needs the same one on every render), marked fulfilled for React once it is.
 */
export function loadScreen(pathname: string): Promise<unknown> {
  let promise = loading.get(pathname);
  if (!promise) {
    const { modules, screens = [], configPage } = screenOf(pathname);
    const table = signedInTable();
    // Already here (preloaded, or visited): nothing to wait for, not even a render.
    if (
      modules.every((name) => routeModules[name].loaded()) &&
      (!screens.length || (table && screens.every((name) => table[name].loaded()))) &&
      (configPage?.loaded() ?? true)
    )
      return Object.assign(Promise.resolve(), { status: 'fulfilled', value: undefined });
    const loaded = Promise.all([
      ...modules.map((name) => routeModules[name]()),
      screens.length
        ? routeModules.signedIn().then((m) => Promise.all(screens.map((name) => m.signedInScreens[name]())))
        : undefined,
      configPage?.load(),
    ]).catch(() => undefined);
    void loaded.then(() => Object.assign(loaded, { status: 'fulfilled', value: undefined }));
    promise = loaded;
    loading.set(pathname, promise);
  }
  return promise;
}
