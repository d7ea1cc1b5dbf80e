import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import type { TRecruitmentListItem } from '@embauche/contracts/recruitment-lists';
import type { TSourcingApplicant, TSourcingPage } from '@embauche/contracts/sourcing';
import { STATUSES } from '../../test/application-fixtures.ts';
import { makeMe } from '../../test/fixtures.ts';
import { makeList, makeListApplicant, makeListItem } from '../../test/recruitment-list-fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

if (!HTMLElement.prototype.setPointerCapture) HTMLElement.prototype.setPointerCapture = () => {};
afterEach(() => toast.dismiss());

const SELECTION = 'Actions sur la sélection';
const changed = (count: number) =>
  HttpResponse.json({ message: 'The selection changed.', code: 'selection_changed', errors: { count: [String(count)] } }, { status: 409 });

/**
 * "Select all N that match" of a recruitment list and of the sourcing search (issue 42 part 2):
 * after the page's checkbox, the bar offers every applicant that matches; in that mode it hides
 * the actions that take ticked rows only, the dialogs show the count, send the selection, and say
 * the new count of a 409.
 */
describe('select all applicants that match', () => {
  it('removes all that match of a list, less one unticked, after a 409 with its new count', async () => {
    // Transfer and "add to an offer" are offered for ticked rows, not for all that match.
    signIn(makeMe(['project.list', 'project_application.duplicate', 'project_application.transfer']));
    const alice = makeListApplicant();
    const bruno = makeListApplicant({ id: 502, firstname: 'Bruno', lastname: 'Petit', email: null, added_by: null });
    const bodies: unknown[] = [];
    server.use(
      http.get('*/api/recruitment-lists/1', () => HttpResponse.json(makeList({ applicant_amount: 45 }))),
      http.get('*/api/recruitment-lists/1/applicants', () =>
        HttpResponse.json({ data: [alice, bruno], current_page: 1, last_page: 3, per_page: 20, total: 45, archived: 0, hidden: 0 }),
      ),
      http.delete('*/api/recruitment-lists/1/applicants', async ({ request }) => {
        bodies.push(await request.json());
        return bodies.length === 1 ? changed(43) : HttpResponse.json(makeList());
      }),
    );
    renderApp('/sourcing/lists/1');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Sélectionner les candidats de la page' }, { timeout: 5000 }));
    const bar = screen.getByRole('toolbar', { name: SELECTION });
    expect(within(bar).getByText('2 sélectionnés')).toBeVisible();
    expect(within(bar).getByRole('button', { name: 'Transférer' })).toBeVisible();
    await userEvent.click(within(bar).getByRole('button', { name: 'Sélectionner les 45 candidats qui correspondent' }));
    expect(within(bar).getByText('45 sélectionnés (tous ceux qui correspondent)')).toBeVisible();
    expect(within(bar).queryByRole('button', { name: 'Transférer' })).toBeNull();
    expect(within(bar).queryByRole('button', { name: 'Ajouter à une offre' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Sélectionner Alice Durand' })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sélectionner Bruno Petit' }));
    expect(within(bar).getByText('44 sélectionnés (tous ceux qui correspondent)')).toBeVisible();

    await userEvent.click(within(bar).getByRole('button', { name: 'Retirer de la liste' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Retirer 44 candidats de la liste ?' });
    expect(within(dialog).getByText(/Les 44 candidats sélectionnés \(tous ceux qui correspondent\) sont retirés de la liste/)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retirer' }));
    expect(await within(dialog).findByText('La liste a changé : 43 candidats correspondent maintenant. Validez à nouveau pour les retirer.')).toBeVisible();
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Retirer' }));
    expect(await screen.findByText('43 candidats retirés de la liste')).toBeVisible();
    expect(bodies).toEqual([
      { selection: { all: { source: 'recruitment_list', list_id: 1, filters: {}, except: [502], count: 44 } } },
      { selection: { all: { source: 'recruitment_list', list_id: 1, filters: {}, except: [502], count: 43 } } },
    ]);
    await waitFor(() => expect(screen.queryByRole('toolbar', { name: SELECTION })).toBeNull());
  });

  it('adds all that match of a search to a list, by its words and filters', async () => {
    signIn(makeMe(['sourcing.access', 'project.list', 'project_application.duplicate']));
    const applicant = (id: number, firstname: string): TSourcingApplicant => ({
      id,
      firstname,
      lastname: 'Moreau',
      email: null,
      img_src: null,
      tags: [],
      has_cv: true,
      provenance_id: null,
      jobboard_id: null,
      last_application: null,
      highlights: [],
    });
    const page: TSourcingPage = {
      data: [applicant(5, 'Léa'), applicant(6, 'Marc')],
      current_page: 1,
      last_page: 7,
      per_page: 20,
      total: 130,
      facets: { tags: [], source: [], job_board: [], last_status: [], has_cv: { yes: 130, no: 0 } },
    };
    const lists: TRecruitmentListItem[] = [makeListItem({ id: 3, name: 'Soudeurs', applicant_amount: 3 })];
    const added: unknown[] = [];
    server.use(
      http.get('*/api/statuses', () => HttpResponse.json(STATUSES)),
      http.get('*/api/sourcing/search', () => HttpResponse.json(page)),
      http.get('*/api/recruitment-lists', () => HttpResponse.json({ data: lists, current_page: 1, last_page: 1, per_page: 50, total: 1 })),
      http.post('*/api/recruitment-lists/:id/applicants', async ({ request }) => {
        added.push(await request.json());
        return HttpResponse.json(makeList({ id: 3, name: 'Soudeurs' }));
      }),
    );
    renderApp('/sourcing?q=soudeur&has_cv=1');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Tout sélectionner sur cette page' }, { timeout: 5000 }));
    const bar = screen.getByRole('toolbar', { name: SELECTION });
    expect(within(bar).getByRole('button', { name: 'Ajouter à une offre' })).toBeVisible();
    await userEvent.click(within(bar).getByRole('button', { name: 'Sélectionner les 130 candidats qui correspondent' }));
    expect(within(bar).getByText('130 sélectionnés (tous ceux qui correspondent)')).toBeVisible();
    expect(within(bar).queryByRole('button', { name: 'Ajouter à une offre' })).toBeNull();

    await userEvent.click(within(bar).getByRole('button', { name: 'Ajouter à une liste' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter à une liste' });
    expect(within(dialog).getByText('Choisissez la liste où ajouter les 130 candidats qui correspondent à la recherche.')).toBeVisible();
    await userEvent.click(await within(dialog).findByRole('radio', { name: /Soudeurs/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(await screen.findByText('130 candidats ajoutés à la liste « Soudeurs »')).toBeVisible();
    expect(added).toEqual([
      { selection: { all: { source: 'sourcing', filters: { q: 'soudeur', 'filter[has_cv]': '1' }, except: [], count: 130 } } },
    ]);
  });

  it('e-mails and texts all that match of a list: the dialogs count them, send the selection, confirm a new count', async () => {
    signIn(makeMe(['project.list', 'project_application.email', 'project_application.sms'], { features: ['SMS'] }));
    const alice = makeListApplicant();
    const bruno = makeListApplicant({ id: 502, firstname: 'Bruno', lastname: 'Petit', email: null, added_by: null });
    const mailings: unknown[] = [];
    const texts: unknown[] = [];
    server.use(
      http.get('*/api/recruitment-lists/1', () => HttpResponse.json(makeList({ applicant_amount: 30 }))),
      http.get('*/api/recruitment-lists/1/applicants', () =>
        HttpResponse.json({ data: [alice, bruno], current_page: 1, last_page: 2, per_page: 20, total: 30, archived: 0, hidden: 0 }),
      ),
      http.get('*/api/sms/get-active-conversations', () => HttpResponse.json({ conversations: [], unread_conversation_count: 0 })),
      http.get('*/api/mailings/models', () =>
        HttpResponse.json([{ id: 11, kind: 'free', name: 'Relance', is_default: false, languages: ['fr'], updated_at: '2026-01-10T09:00:00Z', updated_by: 'Camille Martin' }]),
      ),
      http.post('*/api/mailings', async ({ request }) => {
        mailings.push(await request.json());
        return mailings.length === 1 ? changed(29) : HttpResponse.json({ message: 'stop' }, { status: 500 });
      }),
      http.post('*/api/sms/mass-send', async ({ request }) => {
        texts.push(await request.json());
        return HttpResponse.json({ sent: [{ applicationId: 1, applicantId: 501 }], refused: [] });
      }),
    );
    renderApp('/sourcing/lists/1');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Sélectionner Alice Durand' }, { timeout: 5000 }));
    const bar = screen.getByRole('toolbar', { name: SELECTION });
    await userEvent.click(within(bar).getByRole('button', { name: 'Sélectionner les 30 candidats qui correspondent' }));

    await userEvent.click(within(bar).getByRole('button', { name: 'Envoyer un e-mail' }));
    const mail = await screen.findByRole('dialog', { name: 'Envoyer un e-mail' }, { timeout: 5000 });
    expect(within(mail).getByText('Un e-mail à chacun des 30 candidats qui correspondent à la recherche.')).toBeVisible();
    await userEvent.selectOptions(await within(mail).findByRole('combobox', { name: /^Modèle/ }, { timeout: 5000 }), 'Relance');
    await userEvent.click(within(mail).getByRole('button', { name: 'Envoyer aux 30 candidats' }));
    expect(await within(mail).findByText('La liste a changé : 29 candidats correspondent maintenant. Envoyez à nouveau pour leur écrire.')).toBeVisible();
    expect(within(mail).getByRole('button', { name: 'Envoyer aux 29 candidats' })).toBeVisible();
    expect(mailings).toEqual([
      {
        recipients: {
          application_ids: [],
          applicant_ids: [],
          applicant_selection: { all: { source: 'recruitment_list', list_id: 1, filters: {}, except: [], count: 30 } },
        },
        model_id: 11,
      },
    ]);
    await userEvent.click(within(mail).getByRole('button', { name: 'Annuler' }));

    await userEvent.click(within(screen.getByRole('toolbar', { name: SELECTION })).getByRole('button', { name: 'Envoyer un SMS' }));
    const sms = await screen.findByRole('dialog', { name: /SMS/ }, { timeout: 5000 });
    expect(within(sms).getByText(/Un SMS à chacun des 30 candidats qui correspondent à la recherche/)).toBeVisible();
    await userEvent.type(within(sms).getByRole('textbox', { name: /^Message/ }), 'Réunion lundi');
    await userEvent.click(within(sms).getByRole('button', { name: /Envoyer/ }));
    await waitFor(() => expect(texts).toHaveLength(1));
    expect(texts[0]).toEqual({
      applicant_ids: [],
      message: 'Réunion lundi',
      applicant_selection: { all: { source: 'recruitment_list', list_id: 1, filters: {}, except: [], count: 30 } },
    });
  });

  it('says when all that match are more than a list takes at once, and sends nothing', async () => {
    signIn(makeMe(['sourcing.access', 'project.list']));
    const page: TSourcingPage = {
      data: [{ id: 5, firstname: 'Léa', lastname: 'Moreau', email: null, img_src: null, tags: [], has_cv: false, provenance_id: null, jobboard_id: null, last_application: null, highlights: [] }],
      current_page: 1,
      last_page: 600,
      per_page: 20,
      total: 600,
      facets: { tags: [], source: [], job_board: [], last_status: [], has_cv: { yes: 0, no: 600 } },
    };
    const added: unknown[] = [];
    server.use(
      http.get('*/api/statuses', () => HttpResponse.json(STATUSES)),
      http.get('*/api/sourcing/search', () => HttpResponse.json(page)),
      http.get('*/api/recruitment-lists', () =>
        HttpResponse.json({ data: [makeListItem({ id: 3, name: 'Soudeurs' })], current_page: 1, last_page: 1, per_page: 50, total: 1 }),
      ),
      http.post('*/api/recruitment-lists/:id/applicants', async ({ request }) => {
        added.push(await request.json());
        return HttpResponse.json(makeList({ id: 3 }));
      }),
    );
    renderApp('/sourcing');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Tout sélectionner sur cette page' }, { timeout: 5000 }));
    const bar = screen.getByRole('toolbar', { name: SELECTION });
    await userEvent.click(within(bar).getByRole('button', { name: 'Sélectionner les 600 candidats qui correspondent' }));
    await userEvent.click(within(bar).getByRole('button', { name: 'Ajouter à une liste' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter à une liste' });
    expect(within(dialog).getByText('On ajoute au plus 500 candidats à la fois à une liste et 600 correspondent : affinez la recherche.')).toBeVisible();
    await userEvent.click(await within(dialog).findByRole('radio', { name: /Soudeurs/ }));
    expect(within(dialog).getByRole('button', { name: 'Ajouter' })).toBeDisabled();
    expect(added).toEqual([]);
  });
});
