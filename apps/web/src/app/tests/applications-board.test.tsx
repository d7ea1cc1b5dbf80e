import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { APPLICATION_PERMISSIONS, makeApplication, useApplicationsApi } from '../../test/application-fixtures.ts';
import { makeMe } from '../../test/fixtures.ts';
import { makeOfferDetail, PROJECT_PERMISSIONS, useProjectsApi } from '../../test/project-fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

const APPLICATIONS = [
  makeApplication({ id: 1, firstname: 'Alice', lastname: 'Durand' }),
  makeApplication({ id: 2, firstname: 'Bruno', lastname: 'Petit', tags: [] }),
  makeApplication({ id: 3, firstname: 'Chloé', lastname: 'Moreau', status: { id: 2, name: 'preselected', default_status: true } }),
];

function useFixtures(permissions: string[] = APPLICATION_PERMISSIONS) {
  signIn(makeMe([...PROJECT_PERMISSIONS, ...permissions]));
  useProjectsApi();
  server.use(http.get('*/api/projects/10/offers/100', () => HttpResponse.json(makeOfferDetail())));
  return useApplicationsApi(APPLICATIONS);
}

const column = (name: string) => screen.getByRole('region', { name });

describe('applications board', () => {
  it('shows one column per status in pipeline order, with counts and paged cards', async () => {
    const api = useFixtures();
    renderApp('/projects/10/offer/100?view=board');
    expect(await screen.findByRole('button', { name: 'Tableau', pressed: true })).toBeVisible();
    const board = await screen.findByRole('group', { name: 'Tableau des candidatures par statut' }, { timeout: 5000 });
    const titles = within(board).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(titles).toEqual(['Nouveau', 'Présélectionné', 'Entretien téléphonique', 'Entretien', 'Proposition envoyée', 'Recruté', 'Refusé', 'Désisté']);
    await within(column('Nouveau')).findByRole('link', { name: 'Alice Durand' }, { timeout: 5000 });
    expect(within(column('Nouveau')).getByText('2 candidatures')).toBeInTheDocument();
    expect(within(column('Présélectionné')).getByRole('link', { name: 'Chloé Moreau' })).toHaveAttribute('href', '/applicants/503?application=3');
    expect(within(column('Recruté')).getByText('Aucune candidature')).toBeVisible();
    // Each column asks for its own status, one page at a time.
    const columnCalls = api.requests.filter((url) => url.searchParams.get('filter[statuses]') === '1');
    expect(columnCalls[0]?.searchParams.get('page')).toBe('1');
    expect(columnCalls[0]?.searchParams.get('per_page')).toBe('20');
    expect(within(column('Nouveau')).getByRole('button', { name: 'Déplacer la candidature de Alice Durand' })).toBeVisible();
  });

  it('changes a status from the card menu at once, then keeps it', async () => {
    const api = useFixtures();
    renderApp('/projects/10/offer/100?view=board');
    const nouveau = await screen.findByRole('region', { name: 'Nouveau' }, { timeout: 5000 });
    await userEvent.click(await within(nouveau).findByRole('button', { name: 'Changer le statut de Bruno Petit' }, { timeout: 5000 }));
    let release = () => {};
    api.gate = new Promise((resolve) => (release = resolve));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'Entretien' }));
    // Before the server answers, the card has moved and the counts follow.
    await waitFor(() => expect(within(column('Entretien')).getByRole('link', { name: 'Bruno Petit' })).toBeVisible());
    expect(within(column('Nouveau')).queryByRole('link', { name: 'Bruno Petit' })).toBeNull();
    expect(within(column('Entretien')).getByText('1 candidature')).toBeInTheDocument();
    release();
    expect(api.changes).toEqual([{ status_id: 4, application_id: 2, motif_id: null, project_id: 10, offer_id: 100 }]);
    expect(await screen.findByText('Bruno Petit est maintenant « Entretien ».')).toBeVisible();
    await waitFor(() => expect(within(column('Entretien')).getByText('1 candidature')).toBeInTheDocument());
    expect(within(column('Nouveau')).getByText('1 candidature')).toBeInTheDocument();
  });

  it('asks for the motif of a refusal first; cancel leaves the card where it was', async () => {
    const api = useFixtures();
    renderApp('/projects/10/offer/100?view=board');
    const nouveau = await screen.findByRole('region', { name: 'Nouveau' }, { timeout: 5000 });
    await userEvent.click(await within(nouveau).findByRole('button', { name: 'Changer le statut de Alice Durand' }, { timeout: 5000 }));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'Refusé' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Passer en « Refusé »' });
    expect(within(dialog).getByRole('button', { name: 'Annuler' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(within(column('Nouveau')).getByRole('link', { name: 'Alice Durand' })).toBeVisible();
    expect(api.changes).toEqual([]);

    await userEvent.click(within(nouveau).getByRole('button', { name: 'Changer le statut de Alice Durand' }));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'Refusé' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Passer en « Refusé »' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Valider' }));
    expect(within(dialog).getByText('Ce champ est obligatoire.')).toBeVisible();
    expect(within(dialog).getByRole('combobox', { name: /Motif/ })).toHaveAttribute('aria-invalid', 'true');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /Motif/ }), 'Expérience insuffisante');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Valider' }));
    await waitFor(() => expect(within(column('Refusé')).getByRole('link', { name: 'Alice Durand' })).toBeVisible());
    expect(api.changes).toEqual([{ status_id: 7, application_id: 1, motif_id: 2, project_id: 10, offer_id: 100 }]);
  });

  it('puts the card back and reloads the board when the change fails', async () => {
    const api = useFixtures();
    api.fail = true;
    renderApp('/projects/10/offer/100?view=board');
    const nouveau = await screen.findByRole('region', { name: 'Nouveau' }, { timeout: 5000 });
    await userEvent.click(await within(nouveau).findByRole('button', { name: 'Changer le statut de Bruno Petit' }, { timeout: 5000 }));
    const before = api.requests.length;
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'Recruté' }));
    expect(await screen.findByText('Le statut de Bruno Petit n\'a pas pu passer à « Recruté ». La liste a été rechargée.')).toBeVisible();
    await waitFor(() => expect(within(column('Nouveau')).getByRole('link', { name: 'Bruno Petit' })).toBeVisible());
    expect(within(column('Recruté')).queryByRole('link', { name: 'Bruno Petit' })).toBeNull();
    expect(within(column('Nouveau')).getByText('2 candidatures')).toBeInTheDocument();
    expect(api.requests.length).toBeGreaterThan(before);
  });

  it('hides the handles and menus without the change_status permission', async () => {
    useFixtures(['project_application.see']);
    renderApp('/projects/10/offer/100?view=board');
    const nouveau = await screen.findByRole('region', { name: 'Nouveau' }, { timeout: 5000 });
    await within(nouveau).findByRole('link', { name: 'Alice Durand' });
    expect(within(nouveau).queryByRole('button', { name: /Déplacer/ })).toBeNull();
    expect(within(nouveau).queryByRole('button', { name: /Changer le statut/ })).toBeNull();
  });
});
