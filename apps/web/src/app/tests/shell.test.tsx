import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ADMIN_PERMISSIONS, makeMe } from '../../test/fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

const mainNav = async () => within(await screen.findByRole('navigation', { name: 'Navigation principale' }));

describe('main navigation', () => {
  it('hides the items a recruiter may not open', async () => {
    signIn(makeMe());
    renderApp('/');
    const nav = await mainNav();
    const names = nav.getAllByRole('link').map((link) => link.textContent);
    expect(names).toEqual(['Tableau de bord', 'Projets', 'Sourcing', 'Agenda', 'Communauté']);
    expect(nav.queryByRole('link', { name: 'Configuration' })).not.toBeInTheDocument();
  });

  it('shows every item to an admin, in the spec order, hiding four on mobile', async () => {
    signIn(makeMe(ADMIN_PERMISSIONS));
    renderApp('/');
    const nav = await mainNav();
    const links = nav.getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Tableau de bord', 'Projets', 'Sourcing', 'Onboarding', 'Statistiques', 'Agenda', 'Communauté', 'Configuration',
    ]);
    for (const name of ['Onboarding', 'Statistiques', 'Agenda', 'Configuration']) {
      expect(nav.getByRole('link', { name }).closest('li')).toHaveClass('max-md:hidden');
    }
    expect(nav.getByRole('link', { name: 'Sourcing' }).closest('li')).not.toHaveClass('max-md:hidden');
  });

  it('leads the projects item to the last visited project', async () => {
    window.localStorage.setItem('embauche.lastProjectPath', '/projects/42/offers');
    signIn(makeMe());
    renderApp('/');
    expect((await mainNav()).getByRole('link', { name: 'Projets' })).toHaveAttribute('href', '/projects/42/offers');
  });

  it('shows the forbidden empty state on a page without permission', async () => {
    signIn(makeMe());
    renderApp('/stats');
    expect(await screen.findByRole('heading', { level: 1, name: "Vous n'avez pas accès à cette page" })).toBeVisible();
  });

  it('shows a translated 404 on unknown paths', async () => {
    signIn(makeMe());
    renderApp('/nowhere');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page introuvable' })).toBeVisible();
  });
});

describe('header', () => {
  it('opens external links in a new tab and only shows support with a URL', async () => {
    signIn(makeMe(undefined, { support_url: null }));
    renderApp('/');
    const career = await screen.findByRole('link', { name: 'Site carrière' });
    expect(career).toHaveAttribute('target', '_blank');
    expect(career).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByRole('link', { name: 'Aide' })).not.toBeInTheDocument();
  });

  it('offers profile, settings and sign-out in the avatar menu; billing needs the feature', async () => {
    signIn(makeMe(['project_job_offer.billing'], { features: ['OffersFollowUp'] }));
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: /^Menu utilisateur/ }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Camille Martin')).toBeVisible();
    expect(within(menu).getByRole('menuitem', { name: 'Mon profil' })).toHaveAttribute('href', '/profile');
    expect(within(menu).getByRole('menuitem', { name: 'Paramètres utilisateur' })).toBeVisible();
    expect(within(menu).getByRole('menuitem', { name: 'Suivi des offres' })).toHaveAttribute('href', '/offers-follow-up');
    expect(within(menu).getByRole('menuitem', { name: 'Se déconnecter' })).toBeVisible();
  });

  it('hides billing without the OffersFollowUp feature', async () => {
    signIn(makeMe(['project_job_offer.billing']));
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: /^Menu utilisateur/ }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: 'Suivi des offres' })).not.toBeInTheDocument();
  });

  it.each([204, 500])('signs out to /login even when the server answers %i', async (status) => {
    signIn(makeMe());
    server.use(
      http.post('*/api/logout', () => {
        // A failed logout may leave the session alive: the app must still end at /login.
        if (status === 204) server.use(http.get('*/api/me', () => HttpResponse.json({ message: 'no' }, { status: 401 })));
        return status === 204 ? new HttpResponse(null, { status }) : HttpResponse.json({ message: 'boom' }, { status });
      }),
    );
    const app = renderApp('/community');
    await userEvent.click(await screen.findByRole('button', { name: /^Menu utilisateur/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Se déconnecter' }));
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeVisible();
    expect(app.location()).toBe('/login');
  });

  it('switches language, saves it and sets <html lang>', async () => {
    let saved: unknown;
    signIn(makeMe());
    server.use(
      http.put('*/api/user_profile/language', async ({ request }) => {
        saved = await request.json();
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: /^Changer de langue/ }));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'English' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(document.documentElement.lang).toBe('en');
    await waitFor(() => expect(saved).toEqual({ language: 'en' }));
  });
});

describe('sidebar', () => {
  it('toggles with ctrl+b and the button, and remembers the state in a cookie', async () => {
    signIn(makeMe());
    renderApp('/');
    const toggle = await screen.findByRole('button', { name: 'Afficher ou masquer le menu latéral' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Control>}b{/Control}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.cookie).toContain('sidebar_state=false');
    expect((await mainNav()).getByRole('link', { name: 'Communauté' })).toBeInTheDocument();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(document.cookie).toContain('sidebar_state=true');
  });

  it('starts collapsed when the cookie says so', async () => {
    document.cookie = 'sidebar_state=false; path=/';
    signIn(makeMe());
    renderApp('/');
    const toggle = await screen.findByRole('button', { name: 'Afficher ou masquer le menu latéral' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('complementary')).toHaveClass('w-12');
  });
});
