import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeMe } from '../../test/fixtures.ts';
import { makeProject, makeTree, PROJECT_PERMISSIONS, useProjectsApi } from '../../test/project-fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

const folder = makeProject({
  id: 1, name: 'Siège – Lyon', type: 0, total_sub_projects: 1, total_offers: 3, total_to_treat: 2,
  children: [makeProject({ id: 10, parent_id: 1 })],
});

describe('project tree', () => {
  it('shows the tree with its counts and the shortcuts', async () => {
    signIn(makeMe(PROJECT_PERMISSIONS));
    useProjectsApi({ tree: makeTree([folder]) });
    renderApp('/projects');
    const tree = await screen.findByRole('navigation', { name: 'Arborescence des projets' });
    const link = await within(tree).findByRole('link', { name: /^Siège – Lyon/ });
    expect(link).toHaveTextContent('1 sous-projet');
    expect(link).toHaveTextContent('3 offres');
    expect(link).toHaveTextContent('2 à traiter');
    expect(within(tree).queryByRole('link', { name: /^Ressources humaines/ })).not.toBeInTheDocument();
    await userEvent.click(within(tree).getByRole('button', { name: 'Déplier Siège – Lyon' }));
    expect(within(tree).getByRole('link', { name: /^Ressources humaines/ })).toHaveAttribute('href', '/projects/10/offers');
    expect(within(tree).getByRole('link', { name: /^Toutes les offres/ })).toHaveAttribute('href', '/projects/all/offers');
    const table = screen.getByRole('table', { name: 'Projets' });
    expect(within(table).getByRole('columnheader', { name: 'Offres' })).toBeVisible();
  });

  it('searches only from two characters', async () => {
    signIn(makeMe(PROJECT_PERMISSIONS));
    useProjectsApi();
    const searches: string[] = [];
    server.use(
      http.get('*/api/projects/search', ({ request }) => {
        searches.push(new URL(request.url).searchParams.get('search') ?? '');
        return HttpResponse.json({
          projects: [{ id: 10, name: 'Ressources humaines', type: 1, parent_id: null }],
          offers: [{ id: 100, job_position: 'Chargé de recrutement H/F', reference: null, project_id: 10, status: 'published', archived: false }],
        });
      }),
    );
    renderApp('/projects');
    const box = await screen.findByRole('searchbox', { name: 'Rechercher un projet ou une offre' });
    await userEvent.type(box, 'r');
    expect(await screen.findByText('Saisissez au moins 2 caractères.')).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(searches).toEqual([]);
    await userEvent.type(box, 'h');
    const results = await screen.findByRole('region', { name: 'Résultats de la recherche' });
    expect(within(results).getByRole('link', { name: 'Chargé de recrutement H/F' })).toHaveAttribute('href', '/projects/10/offer/100');
    expect(searches).toEqual(['rh']);
  });

  it('toggles a favourite with POST then DELETE', async () => {
    signIn(makeMe(PROJECT_PERMISSIONS));
    useProjectsApi();
    const calls: string[] = [];
    server.use(
      http.get('*/api/projects/all/tree', () => HttpResponse.json(makeTree([makeProject({ is_favorite: calls.at(-1) === 'POST' })]))),
      http.post('*/api/projects/10/favorites', () => (calls.push('POST'), new HttpResponse(null, { status: 204 }))),
      http.delete('*/api/projects/10/favorites', () => (calls.push('DELETE'), new HttpResponse(null, { status: 204 }))),
    );
    renderApp('/projects');
    const table = await screen.findByRole('table', { name: 'Projets' });
    const star = within(table).getByRole('button', { name: 'Projet favori : Ressources humaines' });
    expect(star).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(star);
    await waitFor(() => expect(calls).toEqual(['POST']));
    await waitFor(() => expect(within(table).getByRole('button', { name: 'Projet favori : Ressources humaines' })).toHaveAttribute('aria-pressed', 'true'));
    await userEvent.click(within(table).getByRole('button', { name: 'Projet favori : Ressources humaines' }));
    await waitFor(() => expect(calls).toEqual(['POST', 'DELETE']));
  });

  it('explains why a folder that is not empty cannot be deleted', async () => {
    signIn(makeMe(PROJECT_PERMISSIONS));
    useProjectsApi({ tree: makeTree([folder]) });
    server.use(http.delete('*/api/projects/1', () => HttpResponse.json({ message: 'Not empty', code: 'conflict' }, { status: 409 })));
    renderApp('/projects');
    const table = await screen.findByRole('table', { name: 'Projets' });
    await userEvent.click(within(table).getByRole('button', { name: 'Actions du projet Siège – Lyon' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Supprimer' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Supprimer « Siège – Lyon » ?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Ce projet contient encore des sous-projets ou des offres');
  });

  it.each([
    [403, "Vous n'avez pas accès à cette page"],
    [500, 'Une erreur est survenue. Veuillez réessayer.'],
  ])('on a tree failure (%i) shows a toast and goes to /projects', async (status, message) => {
    signIn(makeMe(PROJECT_PERMISSIONS));
    useProjectsApi();
    server.use(http.get('*/api/projects/55/tree', () => HttpResponse.json({ message: 'no' }, { status })));
    const app = renderApp('/projects/55/offers');
    expect(await screen.findByText(message, {}, { timeout: 8000 })).toBeVisible();
    await waitFor(() => expect(app.location()).toBe('/projects'));
  });

  it('loads a folder opened by its URL as the tree (spec 4), then keeps it while moving inside', async () => {
    signIn(makeMe(PROJECT_PERMISSIONS));
    useProjectsApi();
    const trees: string[] = [];
    server.use(
      http.get('*/api/projects/:id/tree', ({ params }) => {
        trees.push(String(params.id));
        return HttpResponse.json({ ...folder, all_ids: [1, 10] });
      }),
    );
    renderApp('/projects/1/offers');
    const tree = await screen.findByRole('navigation', { name: 'Arborescence des projets' });
    expect(await within(tree).findByRole('heading', { name: 'Siège – Lyon' })).toBeVisible();
    await userEvent.click(within(tree).getByRole('link', { name: /^Ressources humaines/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ressources humaines' })).toBeVisible();
    expect(within(tree).getByRole('link', { name: /^Ressources humaines/ })).toHaveAttribute('aria-current', 'page');
    expect(trees).toEqual(['1']);
  });

  it('renames a project with the whole project as payload (PUT, id included)', async () => {
    signIn(makeMe(PROJECT_PERMISSIONS));
    useProjectsApi();
    let body: unknown;
    server.use(
      http.put('*/api/projects/10', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ...makeProject({ name: 'RH et paie' }), children: undefined });
      }),
    );
    renderApp('/projects');
    const table = await screen.findByRole('table', { name: 'Projets' });
    await userEvent.click(within(table).getByRole('button', { name: 'Actions du projet Ressources humaines' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Renommer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renommer « Ressources humaines »' });
    const name = within(dialog).getByRole('textbox', { name: /^Nom/ });
    await userEvent.clear(name);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(name).toHaveAccessibleDescription('Ce champ est obligatoire.');
    await userEvent.type(name, 'RH et paie');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Le projet a été renommé en « RH et paie ».')).toBeVisible();
    expect(body).toEqual({ id: 10, name: 'RH et paie', type: 1, parent_id: null, subsidiary_id: null, documents_enabled: true });
  });

  it("changes a project's subsidiary in the same dialog", async () => {
    signIn(makeMe(PROJECT_PERMISSIONS));
    useProjectsApi();
    let body: unknown;
    server.use(
      http.get('*/api/subsidiaries', () => HttpResponse.json([{ id: 4, name: 'Valmont Lyon' }])),
      http.put('*/api/projects/10', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ...makeProject({ subsidiary_id: 4 }), children: undefined });
      }),
    );
    renderApp('/projects');
    const table = await screen.findByRole('table', { name: 'Projets' });
    await userEvent.click(within(table).getByRole('button', { name: 'Actions du projet Ressources humaines' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Renommer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renommer « Ressources humaines »' });
    await userEvent.selectOptions(await within(dialog).findByRole('combobox', { name: 'Filiale' }), 'Valmont Lyon');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(body).toEqual({ id: 10, name: 'Ressources humaines', type: 1, parent_id: null, subsidiary_id: 4, documents_enabled: true }),
    );
  });

  it('creates a project that does not take documents; a folder has no such setting', async () => {
    signIn(makeMe(PROJECT_PERMISSIONS));
    useProjectsApi();
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/projects', async ({ request }) => {
        const body = (await request.json()) as { name: string; type: 0 | 1 };
        bodies.push(body);
        return HttpResponse.json({ ...makeProject({ id: 20, ...body }), children: undefined }, { status: 201 });
      }),
    );
    renderApp('/projects');
    await screen.findByRole('table', { name: 'Projets' });
    await userEvent.click(screen.getAllByRole('button', { name: 'Nouveau projet' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau projet' });
    const documents = within(dialog).getByRole('checkbox', { name: 'Les candidats peuvent joindre des documents (lettre de motivation…)' });
    expect(documents).toBeChecked();
    // A folder holds no offers: no application settings.
    await userEvent.click(within(dialog).getByRole('radio', { name: /^Dossier/ }));
    expect(within(dialog).queryByRole('checkbox', { name: /joindre des documents/ })).toBeNull();
    await userEvent.click(within(dialog).getByRole('radio', { name: /^Projet/ }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /joindre des documents/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Nom/ }), 'Renforts été');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Créer' }));
    expect(await screen.findByText('Le projet « Renforts été » a été créé.')).toBeVisible();
    expect(bodies).toEqual([{ name: 'Renforts été', type: 1, parent_id: null, documents_enabled: false }]);

    await userEvent.click(screen.getAllByRole('button', { name: 'Nouveau projet' })[0]!);
    const again = await screen.findByRole('dialog', { name: 'Nouveau projet' });
    await userEvent.click(within(again).getByRole('radio', { name: /^Dossier/ }));
    await userEvent.type(within(again).getByRole('textbox', { name: /^Nom/ }), 'Direction');
    await userEvent.click(within(again).getByRole('button', { name: 'Créer' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ name: 'Direction', type: 0, parent_id: null });
  });

  it('turns documents back on for a project when renaming it', async () => {
    signIn(makeMe(PROJECT_PERMISSIONS));
    const closed = makeProject({ documents_enabled: false });
    useProjectsApi({ tree: makeTree([closed]) });
    let body: unknown;
    server.use(
      http.put('*/api/projects/10', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ...makeProject(), children: undefined });
      }),
    );
    renderApp('/projects');
    const table = await screen.findByRole('table', { name: 'Projets' });
    await userEvent.click(within(table).getByRole('button', { name: 'Actions du projet Ressources humaines' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Renommer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renommer « Ressources humaines »' });
    const documents = within(dialog).getByRole('checkbox', { name: 'Les candidats peuvent joindre des documents (lettre de motivation…)' });
    expect(documents).not.toBeChecked();
    await userEvent.click(documents);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(body).toEqual({ id: 10, name: 'Ressources humaines', type: 1, parent_id: null, subsidiary_id: null, documents_enabled: true }),
    );
  });
});
