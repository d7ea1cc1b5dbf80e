import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router';
import { http, HttpResponse } from 'msw';
import { makeMe } from '../../test/fixtures.ts';
import { makeOffer, makeOfferDetail, PROJECT_PERMISSIONS, useProjectsApi } from '../../test/project-fixtures.ts';
import { signIn } from '../../test/render-app.tsx';
import { createTestI18n } from '../../test/test-i18n.ts';
import { server } from '../../test/server.ts';
import { Providers } from '../providers.tsx';
import { createQueryClient } from '../query-client.ts';
import { AppRoutes } from '../router.tsx';
import { SCROLL_STORAGE_KEY } from '../navigation/scroll-restoration.tsx';

/**
 * jsdom has no layout: the window scrolls as far as a page whose height grows with the offers
 * shown (200 px a row under a 600 px head; an offer's own page is long) allows. As in Chromium,
 * a page shortened for a moment (a spinner) reads its offset clamped but keeps it: the offset
 * shows again once the page is long again, unless the app sets it. A user's scroll is a wheel
 * then a scroll event, as in a browser. The app scrolls through the root's scrollTop.
 */
function useWindowLayout() {
  let y = 0;
  const height = () =>
    600 + document.querySelectorAll('main a[href*="/offer/"]').length * 200 + (document.querySelector('[role="tablist"]') ? 3000 : 0);
  const max = () => Math.max(0, height() - window.innerHeight);
  const scrolls: number[] = [];
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => Math.min(y, max()) });
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, get: height });
  Object.defineProperty(document.documentElement, 'scrollTop', {
    configurable: true,
    get: () => y,
    set: (top: number) => {
      scrolls.push(top);
      y = Math.min(Math.max(0, top), max());
      window.dispatchEvent(new Event('scroll'));
    },
  });
  return {
    /** Where the app scrolled the window, in order. */
    scrolls,
    userScrolls(to: number) {
      window.dispatchEvent(new WheelEvent('wheel'));
      y = Math.min(to, max());
      window.dispatchEvent(new Event('scroll'));
    },
  };
}

const OFFERS = Array.from({ length: 12 }, (_, i) =>
  makeOffer({ id: 100 + i, job_position: i === 0 ? 'Chargé de recrutement H/F' : `Offre ${i + 1} H/F` }),
);

/** The whole app in a memory router, with a handle on its navigate (back and forward). */
function renderAt(path: string) {
  const handle: { navigate: NavigateFunction } = { navigate: () => undefined };
  function Handle() {
    const navigate = useNavigate();
    useEffect(() => {
      handle.navigate = navigate;
    }, [navigate]);
    return null;
  }
  const queryClient = createQueryClient({ retryDelay: () => 0 });
  render(
    <MemoryRouter initialEntries={[path]}>
      <Providers queryClient={queryClient} i18n={createTestI18n()}>
        <AppRoutes />
        <Handle />
      </Providers>
    </MemoryRouter>,
  );
  return { queryClient, go: (delta: number) => act(() => void handle.navigate(delta)) };
}

beforeEach(() => {
  window.sessionStorage.clear();
  signIn(makeMe(PROJECT_PERMISSIONS));
  useProjectsApi({ offers: OFFERS });
  server.use(http.get('*/api/projects/10/offers/100', () => HttpResponse.json(makeOfferDetail())));
});

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(window, 'scrollY');
  Reflect.deleteProperty(document.documentElement, 'scrollHeight');
  Reflect.deleteProperty(document.documentElement, 'scrollTop');
});

describe('scroll positions across navigations', () => {
  it('opens an offer from a scrolled list at its top, and back puts the list where it was', async () => {
    const layout = useWindowLayout();
    const app = renderAt('/projects/all/offers');
    await screen.findByRole('link', { name: 'Offre 12 H/F' });
    expect(window.history.scrollRestoration).toBe('manual');
    layout.userScrolls(1500);

    await userEvent.click(screen.getByRole('link', { name: 'Chargé de recrutement H/F' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Chargé de recrutement H/F' })).toBeVisible();
    // The offer (long) is at its top: the list's offset did not come back with its content.
    expect(screen.getByRole('tab', { name: 'Détails' })).toBeVisible();
    expect(window.scrollY).toBe(0);

    app.go(-1);
    await screen.findByRole('link', { name: 'Offre 12 H/F' });
    await waitFor(() => expect(window.scrollY).toBe(1500));
    // Kept for the tab's session: a reload, then back, would find it.
    expect(window.sessionStorage.getItem(SCROLL_STORAGE_KEY)).toContain('1500');

    // Forward: the offer where it was left (its top).
    app.go(1);
    expect(await screen.findByRole('heading', { level: 1, name: 'Chargé de recrutement H/F' })).toBeVisible();
    await waitFor(() => expect(window.scrollY).toBe(0));
  });

  it('opens a page loaded fresh at its top, not where another page of the tab was left', async () => {
    // Another page loaded fresh earlier in the tab was left at 900: its entry had the same key.
    window.sessionStorage.setItem(SCROLL_STORAGE_KEY, JSON.stringify([['default', 900]]));
    const layout = useWindowLayout();
    renderAt('/projects/all/offers');
    await screen.findByRole('link', { name: 'Offre 12 H/F' });
    expect(layout.scrolls).not.toContain(900);
    expect(window.scrollY).toBe(0);
  });

  it('waits for the list to come back before putting it where it was', async () => {
    const layout = useWindowLayout();
    const app = renderAt('/projects/all/offers');
    await screen.findByRole('link', { name: 'Offre 12 H/F' });
    layout.userScrolls(1500);
    await userEvent.click(screen.getByRole('link', { name: 'Chargé de recrutement H/F' }));
    await screen.findByRole('heading', { level: 1, name: 'Chargé de recrutement H/F' });

    // The list's data is gone from the cache (another session, expired): back shows it loading first.
    let answer = () => {};
    const gate = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('*/api/projects/:id/offers', async () => {
        await gate;
        return HttpResponse.json({ data: OFFERS, current_page: 1, last_page: 1, per_page: 20, total: OFFERS.length });
      }),
    );
    app.queryClient.removeQueries({ queryKey: ['offers', 'list'] });
    app.go(-1);
    await screen.findByRole('heading', { level: 1, name: 'Toutes les offres' });
    expect(window.scrollY).toBe(0);
    answer();
    await screen.findByRole('link', { name: 'Offre 12 H/F' });
    await waitFor(() => expect(window.scrollY).toBe(1500));
  });

  it('gives way to the user: scrolling while the list is still coming stops the restore', async () => {
    const layout = useWindowLayout();
    const app = renderAt('/projects/all/offers');
    await screen.findByRole('link', { name: 'Offre 12 H/F' });
    layout.userScrolls(1500);
    await userEvent.click(screen.getByRole('link', { name: 'Chargé de recrutement H/F' }));
    await screen.findByRole('heading', { level: 1, name: 'Chargé de recrutement H/F' });
    let answer = () => {};
    const gate = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('*/api/projects/:id/offers', async () => {
        await gate;
        return HttpResponse.json({ data: OFFERS, current_page: 1, last_page: 1, per_page: 20, total: OFFERS.length });
      }),
    );
    app.queryClient.removeQueries({ queryKey: ['offers', 'list'] });
    app.go(-1);
    await screen.findByRole('heading', { level: 1, name: 'Toutes les offres' });
    // A wheel on the still short page: the user is in charge from now on.
    layout.userScrolls(100);
    answer();
    await screen.findByRole('link', { name: 'Offre 12 H/F' });
    // The data's arrival does not pull the window down to where the list was.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(window.scrollY).toBe(0);
  });

  it('leaves the window where it is when only the query string changes (filters)', async () => {
    const layout = useWindowLayout();
    renderAt('/projects/all/offers');
    await screen.findByRole('link', { name: 'Offre 12 H/F' });
    layout.userScrolls(700);
    layout.scrolls.length = 0;
    await userEvent.click(screen.getByLabelText('En alerte uniquement'));
    await waitFor(() => expect(window.location.search).toContain('alert=true'));
    await screen.findByRole('link', { name: 'Offre 12 H/F' });
    expect(layout.scrolls).toEqual([]);
    expect(window.scrollY).toBe(700);
  });
});
