import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import type { TRecruitmentList, TRecruitmentListApplicant } from '@embauche/contracts/recruitment-lists';
import { makeMe } from '../../test/fixtures.ts';
import { makeOffer } from '../../test/project-fixtures.ts';
import { makeList, makeListApplicant } from '../../test/recruitment-list-fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

if (!HTMLElement.prototype.setPointerCapture) HTMLElement.prototype.setPointerCapture = () => {};
afterEach(() => toast.dismiss());

const ALICE = makeListApplicant();
const BRUNO = makeListApplicant({ id: 502, firstname: 'Bruno', lastname: 'Petit', email: null, added_by: null });

/**
 * The list 1 with `applicants` (searched by name), 2 erased ones and `hidden` ones outside the
 * user's scope (a count whatever the search, as the server answers); removals are kept.
 */
function useList(list: TRecruitmentList, applicants: TRecruitmentListApplicant[] = [ALICE, BRUNO], hidden = 0) {
  let current = [...applicants];
  const removed: number[][] = [];
  const searches: string[] = [];
  server.use(
    http.get('*/api/recruitment-lists/1', () => HttpResponse.json({ ...list, applicants: current.map((a) => a.id) })),
    http.get('*/api/recruitment-lists/1/applicants', ({ request }) => {
      const search = (new URL(request.url).searchParams.get('search') ?? '').toLowerCase();
      searches.push(search);
      const data = current.filter((a) => `${a.firstname} ${a.lastname}`.toLowerCase().includes(search));
      return HttpResponse.json({ data, current_page: 1, last_page: 1, per_page: 20, total: data.length, archived: 2, hidden });
    }),
    http.delete('*/api/recruitment-lists/1/applicants', async ({ request }) => {
      const { applicant_ids } = (await request.json()) as { applicant_ids: number[] };
      removed.push(applicant_ids);
      current = current.filter((a) => !applicant_ids.includes(a.id));
      return HttpResponse.json({ ...list, applicants: current.map((a) => a.id) });
    }),
  );
  return { removed, searches };
}

describe('recruitment list page', () => {
  it('shows the list, its applicants, the erased ones apart, and searches by name', async () => {
    signIn(makeMe());
    const { searches } = useList(makeList({ description: 'Pour le salon', archived_applicants: 2, applicant_amount: 4 }));
    renderApp('/sourcing/lists/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Développeurs Lyon' }, { timeout: 5000 })).toBeVisible();
    expect(screen.getByText('Pour le salon')).toBeVisible();
    expect(screen.getByText('Privée')).toBeVisible();
    expect(await screen.findByRole('link', { name: 'Alice Durand' })).toHaveAttribute('href', '/applicants/501');
    expect(screen.getByRole('link', { name: 'Bruno Petit' })).toBeVisible();
    expect(screen.getByText('2 candidats archivés ou effacés, non affichés')).toBeVisible();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Rechercher un candidat' }), 'pet');
    // The search waits 300 ms before asking: room for a busy machine.
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Alice Durand' })).not.toBeInTheDocument(), { timeout: 3000 });
    expect(screen.getByRole('link', { name: 'Bruno Petit' })).toBeVisible();
    expect(searches).toContain('pet');
    await waitFor(() => expect(window.location.search).toContain('q=pet'));
  });

  it('removes an applicant after a confirmation', async () => {
    signIn(makeMe());
    const { removed } = useList(makeList());
    renderApp('/sourcing/lists/1');
    await userEvent.click(await screen.findByRole('button', { name: 'Retirer Alice Durand de la liste' }, { timeout: 5000 }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Retirer 1 candidat de la liste ?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Annuler' }));
    expect(removed).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Retirer Alice Durand de la liste' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Retirer' }));
    expect(await screen.findByText('1 candidat retiré de la liste')).toBeVisible();
    // The list is read again: room for a busy machine.
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Alice Durand' })).not.toBeInTheDocument(), { timeout: 3000 });
    expect(removed).toEqual([[501]]);
  });

  it('removes a selection', async () => {
    signIn(makeMe());
    const { removed } = useList(makeList());
    renderApp('/sourcing/lists/1');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Sélectionner Alice Durand' }, { timeout: 5000 }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sélectionner Bruno Petit' }));
    const toolbar = screen.getByRole('toolbar', { name: 'Actions sur la sélection' });
    expect(within(toolbar).getByText('2 sélectionnés')).toBeVisible();
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Retirer de la liste' }));
    await userEvent.click(within(await screen.findByRole('alertdialog', { name: 'Retirer 2 candidats de la liste ?' })).getByRole('button', { name: 'Retirer' }));
    expect(await screen.findByText('2 candidats retirés de la liste')).toBeVisible();
    expect(removed).toEqual([[501, 502]]);
    expect(await screen.findByText('Aucun candidat dans cette liste')).toBeVisible();
  });

  it('is read only on a shared, non-collaborative list of someone else', async () => {
    signIn(makeMe());
    useList(
      makeList({
        private: false,
        is_owner: false,
        can_add: false,
        creator: { id: 21, firstname: 'Léa', lastname: 'Bernard' },
        shared_users: [{ id: 7, firstname: 'Camille', lastname: 'Martin', img_src: null }],
      }),
    );
    renderApp('/sourcing/lists/1');
    expect(await screen.findByRole('link', { name: 'Alice Durand' }, { timeout: 5000 })).toBeVisible();
    expect(screen.getByText('Lecture seule')).toBeVisible();
    expect(screen.getByText('Créée par Léa Bernard')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Retirer/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Modifier' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Supprimer la liste' })).not.toBeInTheDocument();
  });

  it('lets its creator delete it after a confirmation', async () => {
    signIn(makeMe());
    useList(makeList());
    let deleted = false;
    server.use(
      http.delete('*/api/recruitment-lists/1', () => {
        deleted = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const view = renderApp('/sourcing/lists/1');
    await userEvent.click(await screen.findByRole('button', { name: 'Supprimer la liste' }, { timeout: 5000 }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Supprimer la liste « Développeurs Lyon » ?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Liste de recrutement supprimée')).toBeVisible();
    expect(deleted).toBe(true);
    // Where the lists are (recruitment-list-delete.test.tsx: the sheet, no request for it again).
    await waitFor(() => expect(view.location()).toBe('/sourcing'));
  });

  it('adds a selection to an offer as applications, and offers the transfer', async () => {
    signIn(makeMe(['project.list', 'project_application.duplicate', 'project_application.transfer']));
    useList(makeList());
    const bodies: { url: string; body: unknown }[] = [];
    server.use(
      http.get('*/api/projects/all/offers', () => HttpResponse.json({ data: [makeOffer({ id: 300, job_position: 'Comptable H/F' })], current_page: 1, last_page: 1, per_page: 20, total: 1 })),
      http.put('*/api/projects/all/offers/300/applications/duplicate', async ({ request }) => {
        bodies.push({ url: new URL(request.url).pathname, body: await request.json() });
        return HttpResponse.json({ created: [{ applicant_id: 501, application_id: 9001 }], skipped: [502] });
      }),
    );
    renderApp('/sourcing/lists/1');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Sélectionner Alice Durand' }, { timeout: 5000 }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sélectionner Bruno Petit' }));
    const toolbar = screen.getByRole('toolbar', { name: 'Actions sur la sélection' });
    expect(within(toolbar).getByRole('button', { name: 'Transférer' })).toBeVisible();
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Ajouter à une offre' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter à une offre' });
    expect(within(dialog).getByText('Choisissez l\'offre où créer une candidature pour les 2 candidats sélectionnés.')).toBeVisible();
    // Nothing chosen yet: nothing to submit.
    expect(within(dialog).getByRole('button', { name: 'Ajouter' })).toBeDisabled();
    await userEvent.click(await within(dialog).findByRole('radio', { name: /^Comptable H\/F \(RH-001\)/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    // The toast tells how many were added and how many were already there; the selection is done.
    expect(await screen.findByText("1 candidat ajouté à l'offre « Comptable H/F (RH-001) »")).toBeVisible();
    expect(screen.getByText('1 candidat y était déjà.')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('toolbar', { name: 'Actions sur la sélection' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Sélectionner Alice Durand' })).not.toBeChecked();
    expect(bodies).toEqual([
      { url: '/api/projects/all/offers/300/applications/duplicate', body: { job_offer_id: 300, applicants_ids: [501, 502], keep_statuses: false, application_id: null } },
    ]);
  });

  it('sends one SMS to a selection, each on the person’s newest application', async () => {
    signIn(makeMe(['project.list', 'project_application.sms'], { features: ['SMS'] }));
    useList(makeList());
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/sms/mass-send', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({
          sent: [{ applicationId: 9001, applicantId: 501 }],
          refused: [{ applicationId: null, applicantId: 502, reason: 'no_application' }],
        });
      }),
    );
    renderApp('/sourcing/lists/1');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Sélectionner Alice Durand' }, { timeout: 5000 }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sélectionner Bruno Petit' }));
    const toolbar = screen.getByRole('toolbar', { name: 'Actions sur la sélection' });
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Envoyer un SMS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Envoyer un SMS' }, { timeout: 5000 });
    expect(within(dialog).getByText(/la candidature la plus récente de la personne/)).toBeVisible();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Message/ }), 'Bonjour');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer aux 2 candidats' }));
    expect(await screen.findByText('1 SMS envoyé.')).toBeVisible();
    expect(screen.getByText('Bruno Petit : aucune candidature sur une offre que vous voyez')).toBeVisible();
    expect(bodies).toEqual([{ applicant_ids: [501, 502], offer_id: null, message: 'Bonjour' }]);
  });

  it('counts the applicants outside the user’s scope on a line of their own, naming none', async () => {
    signIn(makeMe(['project.list', 'project_application.transfer']));
    useList(makeList({ private: false, collaborative: true, is_owner: false, applicant_amount: 7, hidden_applicants: 3 }), [ALICE, BRUNO], 3);
    renderApp('/sourcing/lists/1');
    expect(await screen.findByRole('link', { name: 'Alice Durand' }, { timeout: 5000 })).toBeVisible();
    expect(screen.getByText('3 candidats hors de votre périmètre, non affichés')).toBeVisible();
    expect(screen.getByText('2 candidats archivés ou effacés, non affichés')).toBeVisible();
    // The card's total (7 = 2 shown + 3 hidden + 2 erased).
    expect(screen.getByText('7 candidats')).toBeVisible();
    // Only the applicants shown can be selected, opened or removed.
    expect(screen.getAllByRole('link', { name: /Durand|Petit/ })).toHaveLength(2);
    expect(screen.getAllByRole('checkbox', { name: /^Sélectionner (Alice|Bruno)/ })).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: /^Retirer .* de la liste$/ })).toHaveLength(2);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sélectionner les candidats de la page' }));
    expect(within(screen.getByRole('toolbar', { name: 'Actions sur la sélection' })).getByText('2 sélectionnés')).toBeVisible();
  });

  it('says so when the user sees none of the list’s applicants, in the user’s language', async () => {
    signIn(makeMe(['project.list'], { language: 'en' }));
    useList(makeList({ private: false, is_owner: false, can_add: false, applicant_amount: 1, hidden_applicants: 1 }), [], 1);
    renderApp('/sourcing/lists/1', { lng: 'en' });
    expect(await screen.findByText('1 applicant outside your scope, not shown', undefined, { timeout: 5000 })).toBeVisible();
    expect(await screen.findByText('You cannot see any applicant in this list')).toBeVisible();
    expect(screen.queryByText('No applicants in this list')).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('answers not found for a list the user cannot see', async () => {
    signIn(makeMe());
    server.use(http.get('*/api/recruitment-lists/1', () => HttpResponse.json({ message: 'Not found', code: 'not_found' }, { status: 404 })));
    renderApp('/sourcing/lists/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page introuvable' }, { timeout: 5000 })).toBeVisible();
  });
});
