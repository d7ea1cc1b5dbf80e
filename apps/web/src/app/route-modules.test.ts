import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../test/server.ts';
import { loadScreen, preloadScreen } from './route-modules.ts';

const empty = { data: [], current_page: 1, last_page: 1, per_page: 5, total: 3 };
const i18n = { loadNamespaces: () => Promise.resolve() };

function recordDashboardCalls(): string[] {
  const asked: string[] = [];
  server.use(
    http.get('*/api/dashboard/offers/*', ({ request }) => {
      const url = new URL(request.url);
      asked.push(`${url.pathname}?${url.searchParams.toString()}`);
      return HttpResponse.json(empty);
    }),
  );
  return asked;
}

describe('preloading a screen', () => {
  it("asks for the dashboard's four lists together with its code, into the cache its blocks read", async () => {
    const asked = recordDashboardCalls();
    const queryClient = new QueryClient();
    preloadScreen('/', i18n, queryClient);
    // The screen's code is compiled on first import here: give it time on a busy machine.
    await vi.waitFor(() => expect(asked).toHaveLength(4), { timeout: 10_000 });
    expect(asked.sort()).toEqual([
      '/api/dashboard/offers/alerts/untreated?page=1&per_page=5',
      '/api/dashboard/offers/alerts?page=1&per_page=5',
      '/api/dashboard/offers/favorites?page=1&per_page=5',
      '/api/dashboard/offers/latest?page=1&per_page=5',
    ]);
    await vi.waitFor(() => expect(queryClient.getQueryData(['dashboard', 'offers', 'latest', 1])).toEqual(empty));
  });

  it('asks for no dashboard list on another screen', async () => {
    const asked = recordDashboardCalls();
    const queryClient = new QueryClient();
    preloadScreen('/treatment', i18n, queryClient);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toEqual([]);
  });

  it("loads a config page's screen and translations from the config pages' table", async () => {
    const asked: string[][] = [];
    const spy = { loadNamespaces: (ns: string[]) => (asked.push(ns), Promise.resolve()) };
    preloadScreen('/config/users/groups', spy, new QueryClient());
    await vi.waitFor(() => expect(asked).toContainEqual(['config', 'groups']), { timeout: 10_000 });
    await loadScreen('/config/users/groups');
    const { CONFIG_SCREENS } = await import('./routes/config-screens.ts');
    expect(CONFIG_SCREENS['users/groups']!.load.loaded()).toBeDefined();
  });

  it("loads a signed-in screen and the main layout from the signed-in screens' table", async () => {
    await loadScreen('/treatment');
    const { signedInScreens } = await import('./routes/signed-in-screens.ts');
    expect(signedInScreens.treatment.loaded()).toBeDefined();
    expect(signedInScreens.mainLayout.loaded()).toBeDefined();
    // Here now: the next load answers at once, already fulfilled (no render waits for it).
    expect(loadScreen('/treatment')).toMatchObject({ status: 'fulfilled' });
  });
});
