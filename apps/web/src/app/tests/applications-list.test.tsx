import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { APPLICATION_PERMISSIONS, makeApplication, useApplicationsApi } from '../../test/application-fixtures.ts';
import { makeMe } from '../../test/fixtures.ts';
import { makeOfferDetail, PROJECT_PERMISSIONS, useProjectsApi } from '../../test/project-fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

function useFixtures(count = 3) {
  signIn(makeMe([...PROJECT_PERMISSIONS, ...APPLICATION_PERMISSIONS]));
  useProjectsApi();
  server.use(http.get('*/api/projects/10/offers/100', () => HttpResponse.json(makeOfferDetail())));
  const items = Array.from({ length: count }, (_, i) => makeApplication({ id: i + 1, firstname: `Prénom${i + 1}`, lastname: 'Martin' }));
  return useApplicationsApi(items);
}

const MANUAL = 'Ajouter un candidat';

const lastListCall = (api: ReturnType<typeof useFixtures>) => [...api.requests].reverse().find((url) => !url.searchParams.has('per_page'));

describe('applications list', () => {
  it('keeps its filters in the URL and sends them as the server expects', async () => {
    const api = useFixtures();
    renderApp('/projects/10/offer/100?statuses=1,2&scope_range=2026-01-01,2026-01-31');
    // The URL's filters open the applications tab and reach the server.
    await screen.findByRole('link', { name: 'Prénom1 Martin' }, { timeout: 5000 });
    expect(lastListCall(api)?.searchParams.get('filter[statuses]')).toBe('1,2');
    expect(lastListCall(api)?.searchParams.get('filter[scope_range]')).toBe('2026-01-01,2026-01-31');
    expect(screen.getByRole('button', { name: /Statuts.*Nouveau.*Présélectionné/ })).toBeVisible();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'martin');
    await waitFor(() => expect(window.location.search).toContain('search=martin'));
    await waitFor(() => expect(lastListCall(api)?.searchParams.get('filter[search]')).toBe('martin'));

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Trier par' }), 'Nom (A → Z)');
    await waitFor(() => expect(window.location.search).toContain('order=lastname'));
    await waitFor(() => expect(lastListCall(api)?.searchParams.get('order')).toBe('lastname'));

    await userEvent.click(screen.getByRole('button', { name: /^Sources/ }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'LinkedIn' }));
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('job_boards')).toBe('2'));
    await waitFor(() => expect(lastListCall(api)?.searchParams.get('filter[job_boards]')).toBe('2'));
    await userEvent.keyboard('{Escape}');

    await userEvent.click(screen.getByRole('button', { name: 'Réinitialiser les filtres' }));
    await waitFor(() => expect(window.location.search).not.toContain('statuses'));
    expect(window.location.search).not.toContain('search=');
  });

  it('offers the manual applicant button in the toolbar only with add_manual', async () => {
    useFixtures();
    signIn(makeMe([...PROJECT_PERMISSIONS, ...APPLICATION_PERMISSIONS, 'project_application.add_manual']));
    renderApp('/projects/10/offer/100?view=list');
    await screen.findByRole('link', { name: 'Prénom1 Martin' }, { timeout: 5000 });
    expect(screen.getByRole('button', { name: MANUAL })).toBeVisible();
    // The offer's project takes documents: the dialog asks for the motivation.
    await userEvent.click(screen.getByRole('button', { name: MANUAL }));
    const dialog = await screen.findByRole('dialog', { name: MANUAL });
    expect(within(dialog).getByRole('textbox', { name: 'Motivation' })).toBeVisible();
  });

  it("does not ask a manual applicant's motivation when the offer's project takes no documents", async () => {
    useFixtures();
    signIn(makeMe([...PROJECT_PERMISSIONS, ...APPLICATION_PERMISSIONS, 'project_application.add_manual']));
    // The offer's detail carries its project's setting (a direct-access offer's project is not listed).
    server.use(http.get('*/api/projects/10/offers/100', () => HttpResponse.json(makeOfferDetail({ documents_enabled: false }))));
    renderApp('/projects/10/offer/100?view=list');
    await screen.findByRole('link', { name: 'Prénom1 Martin' }, { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: MANUAL }));
    const dialog = await screen.findByRole('dialog', { name: MANUAL });
    expect(within(dialog).getByRole('textbox', { name: /^Prénom/ })).toBeVisible();
    expect(within(dialog).getByRole('textbox', { name: /^Nom/ })).toBeVisible();
    expect(within(dialog).queryByRole('textbox', { name: 'Motivation' })).toBeNull();
  });

  it('hides the manual applicant button without add_manual', async () => {
    useFixtures();
    renderApp('/projects/10/offer/100?view=list');
    await screen.findByRole('link', { name: 'Prénom1 Martin' }, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: MANUAL })).toBeNull();
  });

  it('pages through the applications and shows the counts per status', async () => {
    const api = useFixtures(25);
    renderApp('/projects/10/offer/100?view=list');
    await screen.findByRole('link', { name: 'Prénom1 Martin' }, { timeout: 5000 });
    const counts = screen.getByRole('list', { name: 'Candidatures par statut' });
    expect(within(counts).getByText('Nouveau').parentElement).toHaveTextContent('Nouveau25');
    expect(screen.getByText('25 candidatures')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Suivant' }));
    await screen.findByRole('link', { name: 'Prénom21 Martin' });
    await waitFor(() => expect(window.location.search).toContain('page=2'));
    expect(lastListCall(api)?.searchParams.get('page')).toBe('2');
  });

  it('keeps a selection across pages and drops it when the filters change', async () => {
    useFixtures(25);
    renderApp('/projects/10/offer/100?view=list');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Sélectionner la candidature de Prénom1 Martin' }, { timeout: 5000 }));
    await userEvent.click(screen.getByRole('button', { name: 'Suivant' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Sélectionner la candidature de Prénom21 Martin' }));
    const toolbar = screen.getByRole('toolbar', { name: 'Actions sur la sélection' });
    expect(within(toolbar).getByText('2 candidatures sélectionnées')).toBeVisible();

    // A search hides rows the user chose: a batch action must not reach them unseen.
    await userEvent.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'martin');
    await waitFor(() => expect(screen.queryByRole('toolbar', { name: 'Actions sur la sélection' })).toBeNull());
    expect(await screen.findByRole('checkbox', { name: 'Sélectionner la candidature de Prénom1 Martin' })).not.toBeChecked();
  });

  it('changes the status of a selection and downloads their CVs', async () => {
    useFixtures();
    const bulk: unknown[] = [];
    const cvs: unknown[] = [];
    server.use(
      http.put('*/api/treatment/applications/statuses', async ({ request }) => {
        bulk.push(await request.json());
        return HttpResponse.json({ changed: [1], failed: [{ id: 2, reason: 'not_found' }] });
      }),
      http.post('*/api/applicants/offer_cv', async ({ request }) => {
        cvs.push(await request.json());
        return new HttpResponse('%PDF', { headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="cv-2026.pdf"' } });
      }),
    );
    renderApp('/projects/10/offer/100?view=list');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Sélectionner la candidature de Prénom1 Martin' }, { timeout: 5000 }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sélectionner la candidature de Prénom2 Martin' }));
    const toolbar = screen.getByRole('toolbar', { name: 'Actions sur la sélection' });
    expect(within(toolbar).getByText('2 candidatures sélectionnées')).toBeVisible();

    await userEvent.click(within(toolbar).getByRole('button', { name: 'Télécharger les CV' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Un seul PDF' }));
    await waitFor(() => expect(cvs).toEqual([{ ids: [501, 502], type: 'pdf' }]));

    await userEvent.click(within(toolbar).getByRole('button', { name: 'Changer le statut' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Changer le statut de 2 candidatures' });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /Nouveau statut/ }), 'Désisté');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Appliquer' }));
    expect(within(dialog).getByText('Ce champ est obligatoire.')).toBeVisible();
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /Motif/ }), 'Dossier incomplet');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Appliquer' }));
    expect(await within(dialog).findByText('1 candidature mise à jour.')).toBeVisible();
    expect(within(dialog).getByText('candidature introuvable ou inaccessible')).toBeVisible();
    expect(bulk).toEqual([[
      { application_id: 1, status_id: 8, motif_id: 9 },
      { application_id: 2, status_id: 8, motif_id: 9 },
    ]]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    expect(screen.queryByRole('toolbar', { name: 'Actions sur la sélection' })).toBeNull();
  });
});
