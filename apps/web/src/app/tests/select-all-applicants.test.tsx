import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import type { TBulkOperation } from '@embauche/contracts/application-selection';
import type { TRecruitmentListItem } from '@embauche/contracts/recruitment-lists';
import type { TSourcingApplicant, TSourcingPage } from '@embauche/contracts/sourcing';
import { STATUSES } from '../../test/application-fixtures.ts';
import { makeMe } from '../../test/fixtures.ts';
import { makeOffer } from '../../test/project-fixtures.ts';
import { makeList, makeListApplicant, makeListItem } from '../../test/recruitment-list-fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

if (!HTMLElement.prototype.setPointerCapture) HTMLElement.prototype.setPointerCapture = () => {};
afterEach(() => toast.dismiss());

const SELECTION = 'Actions sur la sélection';
const operation = (over: Partial<TBulkOperation> = {}): TBulkOperation => ({
  id: 90,
  kind: 'recruitment_lists.remove',
  status: 'done',
  total: 43,
  processed: 43,
  changed: 43,
  skipped: {},
  created_at: '2026-03-02T10:00:00Z',
  finished_at: '2026-03-02T10:00:01Z',
  ...over,
});
const changed = (count: number) =>
  HttpResponse.json({ message: 'The selection changed.', code: 'selection_changed', errors: { count: [String(count)] } }, { status: 409 });

/**
 * "Select all N that match" of a recruitment list and of the sourcing search (issue 42 part 2):
 * after the page's checkbox, the bar offers every applicant that matches; in that mode it hides
 * the actions that take ticked rows only, the dialogs show the count, send the selection, say
 * the new count of a 409, then the operation's progress (a job) and its outcome.
 */
describe('select all applicants that match', () => {
  it('removes all that match of a list, less one unticked, after a 409 with its new count', async () => {
    // Transfer and "add to an offer" are offered for ticked rows and for all that match.
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
        return bodies.length === 1 ? changed(43) : HttpResponse.json(operation());
      }),
    );
    renderApp('/sourcing/lists/1');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Sélectionner les candidats de la page' }, { timeout: 5000 }));
    const bar = screen.getByRole('toolbar', { name: SELECTION });
    expect(within(bar).getByText('2 sélectionnés')).toBeVisible();
    expect(within(bar).getByRole('button', { name: 'Transférer' })).toBeVisible();
    await userEvent.click(within(bar).getByRole('button', { name: 'Sélectionner les 45 candidats qui correspondent' }));
    expect(within(bar).getByText('45 sélectionnés (tous ceux qui correspondent)')).toBeVisible();
    expect(within(bar).getByRole('button', { name: 'Transférer' })).toBeEnabled();
    expect(within(bar).getByRole('button', { name: 'Ajouter à une offre' })).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Sélectionner Alice Durand' })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sélectionner Bruno Petit' }));
    expect(within(bar).getByText('44 sélectionnés (tous ceux qui correspondent)')).toBeVisible();

    await userEvent.click(within(bar).getByRole('button', { name: 'Retirer de la liste' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Retirer 44 candidats de la liste ?' });
    expect(within(dialog).getByText(/Les 44 candidats sélectionnés \(tous ceux qui correspondent\) sont retirés de la liste/)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retirer' }));
    expect(await within(dialog).findByText('La liste a changé : 43 candidats correspondent maintenant. Validez à nouveau pour les retirer.')).toBeVisible();
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Retirer' }));
    // At most 200: done during the request, its outcome in the dialog.
    const result = await screen.findByRole('alertdialog', { name: 'Retrait de la liste' });
    expect(within(result).getByText('43 candidats retirés de la liste')).toBeVisible();
    await userEvent.click(within(result).getByRole('button', { name: 'Fermer' }));
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
        const queued = operation({ id: 91, kind: 'recruitment_lists.add', status: 'queued', total: 130, processed: 0, changed: 0, finished_at: null });
        return HttpResponse.json(queued, { status: 202 });
      }),
      http.get('*/api/recruitment-lists/bulk-operations/91', () => {
        reads += 1;
        return HttpResponse.json(
          reads === 1
            ? operation({ id: 91, kind: 'recruitment_lists.add', status: 'running', total: 130, processed: 100, changed: 99, finished_at: null })
            : operation({ id: 91, kind: 'recruitment_lists.add', total: 130, processed: 130, changed: 128, skipped: { already_in_list: 2 } }),
        );
      }),
    );
    let reads = 0;
    renderApp('/sourcing?q=soudeur&has_cv=1');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Tout sélectionner sur cette page' }, { timeout: 5000 }));
    const bar = screen.getByRole('toolbar', { name: SELECTION });
    expect(within(bar).getByRole('button', { name: 'Ajouter à une offre' })).toBeVisible();
    await userEvent.click(within(bar).getByRole('button', { name: 'Sélectionner les 130 candidats qui correspondent' }));
    expect(within(bar).getByText('130 sélectionnés (tous ceux qui correspondent)')).toBeVisible();
    expect(within(bar).getByRole('button', { name: 'Ajouter à une offre' })).toBeVisible();

    await userEvent.click(within(bar).getByRole('button', { name: 'Ajouter à une liste' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter à une liste' });
    expect(within(dialog).getByText('Choisissez la liste où ajouter les 130 candidats qui correspondent à la recherche.')).toBeVisible();
    await userEvent.click(await within(dialog).findByRole('radio', { name: /Soudeurs/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    // A job: its progress, read every second, then what was added and what was skipped, why.
    const result = await screen.findByRole('alertdialog', { name: 'Ajout à la liste « Soudeurs »' });
    expect(await within(result).findByText('100 candidats traités sur 130…', {}, { timeout: 4000 })).toBeVisible();
    expect(within(result).getByRole('progressbar', { name: 'Avancement' })).toHaveAttribute('aria-valuenow', '100');
    expect(await within(result).findByText('128 candidats ajoutés à la liste', {}, { timeout: 4000 })).toBeVisible();
    expect(within(result).getByText('déjà dans la liste : 2')).toBeVisible();
    expect(added).toEqual([
      { selection: { all: { source: 'sourcing', filters: { q: 'soudeur', 'filter[has_cv]': '1' }, except: [], count: 130 } } },
    ]);
  });

  it('adds all that match of a list to an offer: the count, a 409 and its new count, the job and its outcome', async () => {
    signIn(makeMe(['project.list', 'project_application.duplicate']));
    const alice = makeListApplicant();
    const bruno = makeListApplicant({ id: 502, firstname: 'Bruno', lastname: 'Petit', email: null, added_by: null });
    const bodies: unknown[] = [];
    let reads = 0;
    server.use(
      http.get('*/api/recruitment-lists/1', () => HttpResponse.json(makeList({ applicant_amount: 260 }))),
      http.get('*/api/recruitment-lists/1/applicants', () =>
        HttpResponse.json({ data: [alice, bruno], current_page: 1, last_page: 13, per_page: 20, total: 260, archived: 0, hidden: 0 }),
      ),
      http.get('*/api/projects/all/offers', () => HttpResponse.json({ data: [makeOffer({ id: 300, job_position: 'Comptable H/F' })], current_page: 1, last_page: 1, per_page: 20, total: 1 })),
      http.put('*/api/projects/all/offers/300/applications/duplicate', async ({ request }) => {
        bodies.push(await request.json());
        if (bodies.length === 1) return changed(258);
        return HttpResponse.json(operation({ id: 92, kind: 'applications.copy', status: 'queued', total: 258, processed: 0, changed: 0, finished_at: null }), { status: 202 });
      }),
      http.get('*/api/applications/duplicate-operations/92', () => {
        reads += 1;
        return HttpResponse.json(operation({ id: 92, kind: 'applications.copy', total: 258, processed: 258, changed: 250, skipped: { already_applied: 7, not_found: 1 } }));
      }),
    );
    renderApp('/sourcing/lists/1');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Sélectionner les candidats de la page' }, { timeout: 5000 }));
    const bar = screen.getByRole('toolbar', { name: SELECTION });
    await userEvent.click(within(bar).getByRole('button', { name: 'Sélectionner les 260 candidats qui correspondent' }));
    await userEvent.click(within(bar).getByRole('button', { name: 'Ajouter à une offre' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter à une offre' }, { timeout: 5000 });
    expect(within(dialog).getByText("Choisissez l'offre où créer une candidature pour les 260 candidats qui correspondent.")).toBeVisible();
    await userEvent.click(await within(dialog).findByRole('radio', { name: /^Comptable H\/F/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(await within(dialog).findByText("La sélection a changé : 258 candidats correspondent maintenant. Ajoutez à nouveau pour les ajouter.")).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    const result = await screen.findByRole('alertdialog', { name: /^Ajout à l'offre « Comptable H\/F/ });
    expect(await within(result).findByText("250 candidats ajoutés à l'offre", {}, { timeout: 4000 })).toBeVisible();
    expect(within(result).getByText("déjà sur l'offre : 7")).toBeVisible();
    expect(within(result).getByText('introuvables ou hors de votre périmètre : 1')).toBeVisible();
    expect(reads).toBeGreaterThan(0);
    const selection = (count: number) => ({
      job_offer_id: 300,
      keep_statuses: false,
      selection: { all: { source: 'recruitment_list', list_id: 1, filters: {}, except: [], count } },
    });
    expect(bodies).toEqual([selection(260), selection(258)]);
    await userEvent.click(within(result).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('toolbar', { name: SELECTION })).toBeNull());
  });

  const useTransferList = (total: number, bodies: unknown[]) => {
    const alice = makeListApplicant();
    const bruno = makeListApplicant({ id: 502, firstname: 'Bruno', lastname: 'Petit', email: null, added_by: null });
    server.use(
      http.get('*/api/recruitment-lists/1', () => HttpResponse.json(makeList({ applicant_amount: total }))),
      http.get('*/api/recruitment-lists/1/applicants', () =>
        HttpResponse.json({ data: [alice, bruno], current_page: 1, last_page: 7, per_page: 20, total, archived: 0, hidden: 0 }),
      ),
      http.post('*/api/applicants/transfer', async ({ request }) => {
        bodies.push(await request.json());
        return bodies.length === 1 ? changed(total - 1) : HttpResponse.json({ mails: 1, shares: [] });
      }),
    );
  };

  it('says why the transfer of all that match is not offered over 100, and sends nothing', async () => {
    signIn(makeMe(['project.list', 'project_application.transfer']));
    const bodies: unknown[] = [];
    useTransferList(130, bodies);
    renderApp('/sourcing/lists/1');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Sélectionner les candidats de la page' }, { timeout: 5000 }));
    const bar = screen.getByRole('toolbar', { name: SELECTION });
    expect(within(bar).getByRole('button', { name: 'Transférer' })).toBeEnabled();
    await userEvent.click(within(bar).getByRole('button', { name: 'Sélectionner les 130 candidats qui correspondent' }));
    const over = within(bar).getByRole('button', { name: 'Transférer' });
    expect(over).toBeDisabled();
    expect(over).toHaveAccessibleDescription('Au plus 100 candidats par transfert : affinez la recherche.');
    expect(bodies).toEqual([]);
  });

  it('transfers all that match of a list within 100, and sends the new count after a 409', async () => {
    signIn(makeMe(['project.list', 'project_application.transfer']));
    const bodies: unknown[] = [];
    useTransferList(45, bodies);
    renderApp('/sourcing/lists/1');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Sélectionner les candidats de la page' }, { timeout: 5000 }));
    const bar = screen.getByRole('toolbar', { name: SELECTION });
    await userEvent.click(within(bar).getByRole('button', { name: 'Sélectionner les 45 candidats qui correspondent' }));
    await userEvent.click(within(bar).getByRole('button', { name: 'Transférer' }));
    const dialog = await screen.findByRole('dialog', { name: /Transférer/ }, { timeout: 5000 });
    expect(within(dialog).getByText('Envoyez les profils des 45 candidats qui correspondent par e-mail, avec si besoin un lien pour les consulter sans compte.')).toBeVisible();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Destinataires/ }), 'jury@partenaire.fr');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(await within(dialog).findByText('La liste a changé : 44 candidats correspondent maintenant. Envoyez à nouveau pour les transférer.')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    const sent = (count: number) =>
      expect.objectContaining({
        applicant_selection: { all: { source: 'recruitment_list', list_id: 1, filters: {}, except: [], count } },
        offer_id: null,
        to: ['jury@partenaire.fr'],
        subject: '45 profils de candidats',
      });
    expect(bodies).toEqual([sent(45), sent(44)]);
    expect((bodies[0] as { applicant_ids?: unknown }).applicant_ids).toBeUndefined();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
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

  it('says when all that match are more than one change takes, and sends nothing', async () => {
    signIn(makeMe(['sourcing.access', 'project.list']));
    const page: TSourcingPage = {
      data: [{ id: 5, firstname: 'Léa', lastname: 'Moreau', email: null, img_src: null, tags: [], has_cv: false, provenance_id: null, jobboard_id: null, last_application: null, highlights: [] }],
      current_page: 1,
      last_page: 501,
      per_page: 20,
      total: 10_001,
      facets: { tags: [], source: [], job_board: [], last_status: [], has_cv: { yes: 0, no: 10_001 } },
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
    await userEvent.click(within(bar).getByRole('button', { name: /^Sélectionner les 10\s?001 candidats qui correspondent$/ }));
    await userEvent.click(within(bar).getByRole('button', { name: 'Ajouter à une liste' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter à une liste' });
    expect(within(dialog).getByText(/^On ajoute au plus 10\s?000 candidats à la fois à une liste et 10\s?001 correspondent : affinez la recherche\.$/)).toBeVisible();
    await userEvent.click(await within(dialog).findByRole('radio', { name: /Soudeurs/ }));
    expect(within(dialog).getByRole('button', { name: 'Ajouter' })).toBeDisabled();
    expect(added).toEqual([]);
  });
});
