import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { APPLICATION_PERMISSIONS, makeApplication, useApplicationsApi } from '../../test/application-fixtures.ts';
import { makeMe } from '../../test/fixtures.ts';
import { makeOfferDetail, PROJECT_PERMISSIONS, useProjectsApi } from '../../test/project-fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

describe('offer screen', () => {
  it('shows a translated not-found state on 404, without retrying', async () => {
    signIn(makeMe(PROJECT_PERMISSIONS));
    useProjectsApi();
    let calls = 0;
    server.use(http.get('*/api/projects/10/offers/404', () => (calls++, HttpResponse.json({ message: 'Offer not found', code: 'not_found' }, { status: 404 }))));
    renderApp('/projects/10/offer/404');
    expect(await screen.findByRole('heading', { level: 1, name: 'Offre introuvable' })).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toBe(1);
  });

  it('retries other failures up to 3 times', async () => {
    signIn(makeMe(PROJECT_PERMISSIONS));
    useProjectsApi();
    let calls = 0;
    server.use(
      http.get('*/api/projects/10/offers/100', () => {
        calls++;
        return calls < 3 ? HttpResponse.json({ message: 'boom' }, { status: 500 }) : HttpResponse.json(makeOfferDetail());
      }),
    );
    renderApp('/projects/10/offer/100');
    expect(await screen.findByRole('heading', { level: 1, name: 'Chargé de recrutement H/F' })).toBeVisible();
    expect(calls).toBe(3);
  });

  it('shows the header, the details with euros and the sanitised description, and publishes', async () => {
    signIn(makeMe(PROJECT_PERMISSIONS));
    useProjectsApi();
    let status: 'draft' | 'published' = 'draft';
    server.use(
      http.get('*/api/projects/10/offers/100', () => HttpResponse.json(makeOfferDetail({ status }))),
      http.put('*/api/projects/10/offers/100/publish', () => ((status = 'published'), HttpResponse.json(makeOfferDetail({ status })))),
      http.get('*/api/projects/10/breadcrumbs', () =>
        HttpResponse.json([
          { kind: 'project', id: 10, name: 'Ressources humaines', type: 1 },
          { kind: 'offer', id: 100, name: 'Chargé de recrutement H/F', type: null },
        ]),
      ),
    );
    renderApp('/projects/10/offer/100');
    expect(await screen.findByRole('heading', { level: 1, name: 'Chargé de recrutement H/F' })).toBeVisible();
    expect(screen.getByText('Brouillon')).toBeVisible();
    expect(screen.getByText(/35\s000\s€\s–\s42\s000\s€/)).toBeVisible();
    expect(screen.getByText('cinq', { selector: 'strong' })).toBeVisible();
    const crumbs = await screen.findByRole('navigation', { name: "Fil d'Ariane" });
    expect(within(crumbs).getByRole('link', { name: 'Ressources humaines' })).toHaveAttribute('href', '/projects/10/offers');
    await userEvent.click(screen.getByRole('button', { name: 'Publier' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Publier « Chargé de recrutement H/F » ?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publier' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Dépublier' })).toBeVisible());
    expect(screen.getByText('Publiée')).toBeVisible();
  });

  it('shows the image the offer picked from the image bank in its header, lazily, with its alt text', async () => {
    signIn(makeMe(PROJECT_PERMISSIONS));
    useProjectsApi();
    const image = { id: 7, thumbnail_url: '/api/offer-images/7/thumbnail', thumb_width: 320, thumb_height: 180 };
    server.use(http.get('*/api/projects/10/offers/100', () => HttpResponse.json(makeOfferDetail({ image_id: 7, image }))));
    renderApp('/projects/10/offer/100');
    const img = await screen.findByRole('img', { name: 'Image de l’offre Chargé de recrutement H/F' });
    expect(img).toHaveAttribute('src', '/api/offer-images/7/thumbnail');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('width', '320');
    expect(img).toHaveAttribute('height', '180');
  });

  it('shows no image when the offer has none', async () => {
    signIn(makeMe(PROJECT_PERMISSIONS));
    useProjectsApi();
    server.use(http.get('*/api/projects/10/offers/100', () => HttpResponse.json(makeOfferDetail({ image_id: null, image: null }))));
    renderApp('/projects/10/offer/100');
    expect(await screen.findByRole('heading', { level: 1, name: 'Chargé de recrutement H/F' })).toBeVisible();
    expect(screen.queryByRole('img', { name: /^Image de l’offre/ })).toBeNull();
  });

  it('shows the offer\'s applications in its applications tab', async () => {
    signIn(makeMe([...PROJECT_PERMISSIONS, ...APPLICATION_PERMISSIONS]));
    useProjectsApi();
    useApplicationsApi([makeApplication({ id: 1 })]);
    server.use(http.get('*/api/projects/10/offers/100', () => HttpResponse.json(makeOfferDetail())));
    renderApp('/projects/10/offer/100');
    await userEvent.click(await screen.findByRole('tab', { name: 'Candidatures' }));
    expect(await screen.findByRole('link', { name: 'Alice Durand' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/applicants\/501\?application=1&list=%2Fprojects%2F10%2Foffer%2F100(%3F|$)/),
    );
  });
});

describe('offer screen tabs', () => {
  function useOfferScreenApi() {
    signIn(makeMe([...PROJECT_PERMISSIONS, ...APPLICATION_PERMISSIONS]));
    useProjectsApi();
    useApplicationsApi([makeApplication({ id: 1 })]);
    server.use(http.get('*/api/projects/10/offers/100', () => HttpResponse.json(makeOfferDetail())));
  }

  it('keeps the open tab in the URL across a reload', async () => {
    useOfferScreenApi();
    const first = renderApp('/projects/10/offer/100');
    await userEvent.click(await screen.findByRole('tab', { name: 'Candidatures' }));
    await waitFor(() => expect(window.location.search).toBe('?tab=applications'));
    expect(screen.getByRole('tab', { name: 'Candidatures' })).toHaveAttribute('aria-selected', 'true');
    const url = `${window.location.pathname}${window.location.search}`;
    first.unmount();

    // A reload (or a shared link) opens on the same tab.
    renderApp(url);
    expect(await screen.findByRole('tab', { name: 'Candidatures', selected: true }, { timeout: 3000 })).toBeVisible();
    expect(await screen.findByRole('link', { name: 'Alice Durand' }, { timeout: 5000 })).toBeVisible();
    await userEvent.click(screen.getByRole('tab', { name: 'Détails' }));
    await waitFor(() => expect(window.location.search).toBe(''));
  });

  it('keeps the project tree while the applications tab opens', async () => {
    useOfferScreenApi();
    renderApp('/projects');
    const tree = await screen.findByRole('navigation', { name: /projets/i });
    await userEvent.click(await within(tree).findByRole('link', { name: /Ressources humaines/ }));
    await userEvent.click(await screen.findByRole('link', { name: 'Chargé de recrutement H/F' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Chargé de recrutement H/F' })).toBeVisible();
    const panel = screen.getByRole('navigation', { name: /projets/i });
    expect(within(panel).getByRole('link', { name: /Ressources humaines/ })).toBeVisible();
    // Headings in order (axe heading-order): the tab panels' sections are h2 under the offer's h1.
    const levels = screen.getAllByRole('heading').map((h) => Number(h.tagName.slice(1)));
    expect(levels.every((level, i) => i === 0 || level - levels[i - 1]! <= 1)).toBe(true);
    await userEvent.click(screen.getByRole('tab', { name: 'Candidatures' }));
    expect(await screen.findByRole('link', { name: 'Alice Durand' })).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(screen.getByRole('navigation', { name: /projets/i })).getByRole('link', { name: /Ressources humaines/ })).toBeVisible();
  });
});

describe('offer access tab: groups', () => {
  it('grants the offer to a group and takes it back', async () => {
    signIn(makeMe(PROJECT_PERMISSIONS));
    useProjectsApi();
    const groups = [
      { id: 7, name: 'Jury finance', member_count: 1 },
      { id: 8, name: 'Comité RH', member_count: 3 },
    ];
    let granted: number[] = [];
    const withAccess = () => groups.filter((g) => granted.includes(g.id));
    server.use(
      http.get('*/api/projects/10/offers/100', () => HttpResponse.json(makeOfferDetail())),
      http.get('*/api/offer/100/users-with-offer-access', () => HttpResponse.json([])),
      http.get('*/api/projects/10/users-without-access', () => HttpResponse.json([])),
      http.get('*/api/offer/100/groups', () => HttpResponse.json(withAccess())),
      http.get('*/api/offer/100/groups-without-offer-access', () => HttpResponse.json(groups.filter((g) => !granted.includes(g.id)))),
      http.put('*/api/offer/100/groups/:groupId', ({ params }) => ((granted = [...granted, Number(params.groupId)]), HttpResponse.json(withAccess()))),
      http.delete('*/api/offer/100/groups/:groupId', ({ params }) => ((granted = granted.filter((g) => g !== Number(params.groupId))), new HttpResponse(null, { status: 204 }))),
    );
    renderApp('/projects/10/offer/100?tab=access');
    const section = await screen.findByRole('region', { name: 'Groupes' }, { timeout: 5000 });
    expect(await within(section).findByText("Aucun groupe n'a accès pour le moment.")).toBeVisible();
    const add = within(section).getByRole('button', { name: 'Ajouter le groupe' });
    expect(add).toBeDisabled();
    const picker = within(section).getByRole('combobox', { name: 'Donner accès au groupe' });
    await within(picker).findByRole('option', { name: 'Jury finance' });
    await userEvent.selectOptions(picker, 'Jury finance');
    await userEvent.click(add);
    const item = await within(section).findByRole('listitem');
    expect(item).toHaveTextContent('Jury finance 1 membre');
    expect(granted).toEqual([7]);
    await userEvent.click(within(section).getByRole('button', { name: 'Retirer Jury finance' }));
    await waitFor(() => expect(granted).toEqual([]));
    expect(await within(section).findByText("Aucun groupe n'a accès pour le moment.")).toBeVisible();
  });

  it('shows the groups without the controls to a user who may not edit the offer', async () => {
    signIn(makeMe(['project.list']));
    useProjectsApi();
    server.use(
      http.get('*/api/projects/10/offers/100', () => HttpResponse.json(makeOfferDetail())),
      http.get('*/api/offer/100/users-with-offer-access', () => HttpResponse.json([])),
      http.get('*/api/projects/10/users-without-access', () => HttpResponse.json([])),
      http.get('*/api/offer/100/groups', () => HttpResponse.json([{ id: 7, name: 'Jury finance', member_count: 2 }])),
    );
    renderApp('/projects/10/offer/100?tab=access');
    const section = await screen.findByRole('region', { name: 'Groupes' }, { timeout: 5000 });
    expect(await within(section).findByText('2 membres')).toBeVisible();
    expect(within(section).queryByRole('button')).toBeNull();
    expect(within(section).queryByRole('combobox')).toBeNull();
  });
});
