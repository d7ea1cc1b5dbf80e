import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import type { TRecruitmentListItem } from '@embauche/contracts/recruitment-lists';
import type { TSourcingApplicant, TSourcingFacets, TSourcingPage } from '@embauche/contracts/sourcing';
import { STATUSES } from '../../test/application-fixtures.ts';
import { makeMe } from '../../test/fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

afterEach(() => toast.dismiss());

const applicant = (overrides: Partial<TSourcingApplicant> & { id: number }): TSourcingApplicant => ({
  firstname: 'Léa',
  lastname: 'Moreau',
  email: 'lea.moreau@example.com',
  img_src: null,
  tags: ['Java', 'React'],
  has_cv: true,
  provenance_id: 1,
  jobboard_id: 2,
  last_application: { id: 41, offer_id: 7, offer_name: 'Développeur Java', status_id: 4, created_at: '2026-10-03T09:00:00.000Z' },
  highlights: [],
  ...overrides,
});

const FACETS: TSourcingFacets = {
  tags: [
    { name: 'Java', count: 12 },
    { name: 'React', count: 5 },
  ],
  source: [
    { id: 1, count: 9 },
    { id: 3, count: 4 },
    { id: null, count: 1 },
  ],
  job_board: [{ id: 2, name: 'Indeed', count: 8 }],
  last_status: [
    { id: 4, count: 7 },
    { id: 7, count: 3 },
  ],
  has_cv: { yes: 10, no: 4 },
};

const pageOf = (data: TSourcingApplicant[], overrides: Partial<TSourcingPage> = {}): TSourcingPage => ({
  data,
  current_page: 1,
  last_page: 1,
  per_page: 20,
  total: data.length,
  facets: FACETS,
  ...overrides,
});

const list = (overrides: Partial<TRecruitmentListItem> & { id: number; name: string }): TRecruitmentListItem => ({
  description: null,
  private: true,
  collaborative: false,
  creator: { id: 1, firstname: 'Alice', lastname: 'Martin' },
  shared_users: [],
  archived_applicants: 0,
  applicant_amount: 3,
  can_add: true,
  is_owner: true,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

/** The search answers `answer(url)`; every request's query string is kept. */
function useSearchApi(answer: (url: URL) => TSourcingPage, permissions = ['sourcing.access', 'project.list']) {
  const requests: URLSearchParams[] = [];
  const added: { id: string; body: unknown }[] = [];
  signIn(makeMe(permissions));
  server.use(
    http.get('*/api/statuses', () => HttpResponse.json(STATUSES)),
    http.get('*/api/sourcing/search', ({ request }) => {
      const url = new URL(request.url);
      requests.push(url.searchParams);
      return HttpResponse.json(answer(url));
    }),
    http.get('*/api/recruitment-lists', () =>
      HttpResponse.json({
        data: [list({ id: 3, name: 'Développeurs Java' }), list({ id: 4, name: 'Lecture seule', can_add: false, is_owner: false })],
        current_page: 1,
        last_page: 1,
        per_page: 50,
        total: 2,
      }),
    ),
    http.post('*/api/recruitment-lists/:id/applicants', async ({ params, request }) => {
      added.push({ id: String(params.id), body: await request.json() });
      return HttpResponse.json({ ...list({ id: Number(params.id), name: 'Développeurs Java' }), applicants: [5] });
    }),
  );
  return { requests, added, last: () => requests[requests.length - 1]! };
}

describe('/sourcing', () => {
  it('puts the words, the facets and the order in the URL and in the request', async () => {
    const api = useSearchApi(() => pageOf([applicant({ id: 5 })]));
    renderApp('/sourcing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sourcing' }, { timeout: 5000 })).toBeVisible();
    expect(await screen.findByRole('link', { name: 'Léa Moreau' })).toHaveAttribute('href', '/applicants/5?application=41');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Rechercher dans la base' }), 'java react');
    await waitFor(() => expect(api.last().get('q')).toBe('java react'));
    await waitFor(() => expect(window.location.search).toContain('q=java+react'));
    // With words the server's default order is relevance.
    expect(screen.getByRole('combobox', { name: 'Trier par' })).toHaveValue('relevance');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Java (12)' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Saisie manuelle (4)' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Avec un CV (10)' }));
    await waitFor(() => expect(api.last().get('filter[has_cv]')).toBe('1'));
    expect(api.last().get('filter[tags]')).toBe('Java');
    expect(api.last().get('filter[source]')).toBe('3');
    await waitFor(() => expect(window.location.search).toContain('tags=Java'));
    await waitFor(() => expect(window.location.search).toContain('source=3'));

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Trier par' }), 'date_asc');
    await waitFor(() => expect(api.last().get('sort')).toBe('date_asc'));
    await waitFor(() => expect(window.location.search).toContain('sort=date_asc'));
  });

  it('reads the search from the URL and shows the facet counts with translated names', async () => {
    const api = useSearchApi(() => pageOf([applicant({ id: 5 })], { total: 14 }));
    renderApp('/sourcing?q=java&last_status=4&job_board=2&applied=2026-01-01,2026-06-30&has_cv=1,0');
    expect(await screen.findByText('14 candidats', {}, { timeout: 5000 })).toBeVisible();
    expect(api.last().get('q')).toBe('java');
    expect(api.last().get('filter[applied]')).toBe('2026-01-01,2026-06-30');
    // With and without a CV both ticked: no CV filter.
    expect(api.last().get('filter[has_cv]')).toBeNull();
    expect(api.last().get('filter[last_status]')).toBe('4');
    expect(api.last().get('filter[job_board]')).toBe('2');
    expect(screen.getByRole('searchbox', { name: 'Rechercher dans la base' })).toHaveValue('java');
    const status = screen.getByRole('group', { name: 'Dernier statut' });
    expect(await within(status).findByRole('checkbox', { name: 'Entretien (7)' })).toBeChecked();
    expect(within(status).getByRole('checkbox', { name: 'Refusé (3)' })).not.toBeChecked();
    expect(within(screen.getByRole('group', { name: 'Jobboard' })).getByRole('checkbox', { name: 'Indeed (8)' })).toBeChecked();
    expect(within(screen.getByRole('group', { name: 'Provenance' })).getByRole('checkbox', { name: 'Jobboard (9)' })).not.toBeChecked();
    // On narrow screens the facets fold behind a disclosure button.
    const toggle = screen.getByRole('button', { name: 'Filtres' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('complementary', { name: 'Filtres' })).toHaveAttribute('id', toggle.getAttribute('aria-controls'));
    // The last application: offer, translated status and date.
    const card = screen.getByRole('article', { name: 'Léa Moreau' });
    expect(card).toHaveTextContent('Dernière candidature : Développeur Java · Entretien · 03/10/2026');
  });

  it('highlights the matched CV words as <mark>, never as HTML', async () => {
    useSearchApi(() =>
      pageOf([
        applicant({
          id: 5,
          highlights: [{ text: 'Sept ans de Java <b>et</b> de React', matches: [[12, 16], [30, 35]], before: true, after: false }],
        }),
      ]),
    );
    renderApp('/sourcing?q=java+react');
    const excerpts = await screen.findByRole('group', { name: 'Extraits du CV' }, { timeout: 5000 });
    const marks = excerpts.querySelectorAll('mark');
    expect([...marks].map((m) => m.textContent)).toEqual(['Java', 'React']);
    expect(excerpts.querySelector('b')).toBeNull();
    expect(excerpts).toHaveTextContent('… Sept ans de Java <b>et</b> de React');
  });

  it('pages through the results', async () => {
    const api = useSearchApi((url) => {
      const page = Number(url.searchParams.get('page') ?? 1);
      return pageOf([applicant({ id: page, firstname: `Personne${page}` })], { current_page: page, last_page: 3, total: 45 });
    });
    renderApp('/sourcing');
    expect(await screen.findByRole('link', { name: 'Personne1 Moreau' }, { timeout: 5000 })).toBeVisible();
    const pages = screen.getByRole('navigation', { name: 'Pages des résultats' });
    expect(within(pages).getByText('Page 1 sur 3')).toBeVisible();
    await userEvent.click(within(pages).getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByRole('link', { name: 'Personne2 Moreau' })).toBeVisible();
    expect(api.last().get('page')).toBe('2');
    await waitFor(() => expect(window.location.search).toContain('page=2'));
    // A new facet goes back to the first page.
    await userEvent.click(screen.getByRole('checkbox', { name: 'React (5)' }));
    await waitFor(() => expect(api.last().get('page')).toBe('1'));
  });

  it('tells an empty base from a search without results', async () => {
    useSearchApi((url) => pageOf([], { facets: { tags: [], source: [], job_board: [], last_status: [], has_cv: { yes: 0, no: 0 } }, total: url.searchParams.get('q') ? 0 : 0 }));
    renderApp('/sourcing');
    expect(await screen.findByRole('heading', { name: 'Aucun candidat dans votre base' }, { timeout: 5000 })).toBeVisible();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Rechercher dans la base' }), 'zzz');
    expect(await screen.findByRole('heading', { name: 'Aucun candidat ne correspond' })).toBeVisible();
  });

  it('adds an applicant to one of the lists the user may add to', async () => {
    const api = useSearchApi(() => pageOf([applicant({ id: 5 })]));
    renderApp('/sourcing');
    await userEvent.click(await screen.findByRole('button', { name: 'Ajouter Léa Moreau à une liste' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter à une liste' });
    const lists = within(dialog).getByRole('group', { name: 'Listes' });
    expect(await within(lists).findByRole('radio', { name: 'Développeurs Java 3 candidats' })).toBeVisible();
    // A shared list that is read only for the user is not offered.
    expect(within(lists).queryByRole('radio', { name: /Lecture seule/ })).toBeNull();
    await userEvent.click(within(lists).getByRole('radio', { name: 'Développeurs Java 3 candidats' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(await screen.findByText('Léa Moreau ajouté(e) à la liste « Développeurs Java »')).toBeVisible();
    expect(api.added).toEqual([{ id: '3', body: { applicant_ids: [5] } }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('adds an applicant to an offer as a new application', async () => {
    const api = useSearchApi(() => pageOf([applicant({ id: 5 })]), ['sourcing.access', 'project_application.duplicate']);
    const copies: { offer: string; body: unknown }[] = [];
    server.use(
      http.get('*/api/projects/all/offers', ({ request }) => {
        const q = new URL(request.url).searchParams.get('filter[q]') ?? '';
        const offers = [
          { id: 9, project_id: 2, project_name: 'Tech', job_position: 'Développeur React', reference: 'DEV-9' },
          { id: 10, project_id: 2, project_name: 'Tech', job_position: 'Data engineer', reference: null },
        ].filter((o) => o.job_position.toLowerCase().includes(q.toLowerCase()));
        return HttpResponse.json({ data: offers, current_page: 1, last_page: 1, per_page: 20, total: offers.length });
      }),
      http.put('*/api/projects/all/offers/:offerId/applications/duplicate', async ({ params, request }) => {
        copies.push({ offer: String(params.offerId), body: await request.json() });
        return HttpResponse.json({ created: [{ applicant_id: 5, application_id: 77 }], skipped: [] });
      }),
    );
    renderApp('/sourcing');
    // Without project.list there is no list action.
    expect(await screen.findByRole('button', { name: 'Ajouter Léa Moreau à une offre' }, { timeout: 5000 })).toBeVisible();
    expect(screen.queryByRole('button', { name: /à une liste/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter Léa Moreau à une offre' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter à une offre' });
    await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Rechercher une offre' }), 'react');
    await waitFor(() => expect(within(dialog).queryByRole('radio', { name: /Data engineer/ })).toBeNull());
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Développeur React (DEV-9) Tech' }));
    const before = api.requests.length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(await screen.findByText("1 candidat ajouté à l'offre « Développeur React (DEV-9) »")).toBeVisible();
    expect(copies).toEqual([{ offer: '9', body: { job_offer_id: 9, applicants_ids: [5], keep_statuses: false, application_id: null } }]);
    // The results are read again (their last application changed).
    await waitFor(() => expect(api.requests.length).toBeGreaterThan(before));
  });

  it('keeps a selection across pages and adds it to a list from the selection bar', async () => {
    const api = useSearchApi((url) => {
      const page = Number(url.searchParams.get('page') ?? 1);
      const people =
        page === 1
          ? [applicant({ id: 5 }), applicant({ id: 6, firstname: 'Marc', lastname: 'Roux' })]
          : [applicant({ id: 7, firstname: 'Nina', lastname: 'Blanc' }), applicant({ id: 8, firstname: 'Omar', lastname: 'Diallo' })];
      return pageOf(people, { current_page: page, last_page: 2, total: 4 });
    });
    renderApp('/sourcing');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Sélectionner Léa Moreau' }, { timeout: 5000 }));
    const bar = screen.getByRole('toolbar', { name: 'Actions sur la sélection' });
    expect(within(bar).getByText('1 sélectionné')).toBeVisible();
    // The per-card buttons stay.
    expect(screen.getByRole('button', { name: 'Ajouter Marc Roux à une liste' })).toBeVisible();
    const pageBox = screen.getByRole('checkbox', { name: 'Tout sélectionner sur cette page' });
    expect(pageBox).toHaveProperty('indeterminate', true);
    await userEvent.click(pageBox);
    expect(screen.getByRole('checkbox', { name: 'Sélectionner Marc Roux' })).toBeChecked();
    expect(within(bar).getByText('2 sélectionnés')).toBeVisible();

    // The selection survives paging, by id.
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Pages des résultats' })).getByRole('button', { name: 'Suivant' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Sélectionner Nina Blanc' }));
    expect(screen.getByRole('checkbox', { name: 'Tout sélectionner sur cette page' })).not.toBeChecked();
    expect(within(bar).getByText('3 sélectionnés')).toBeVisible();
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Pages des résultats' })).getByRole('button', { name: 'Précédent' }));
    expect(await screen.findByRole('checkbox', { name: 'Sélectionner Léa Moreau' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Tout sélectionner sur cette page' })).toBeChecked();

    await userEvent.click(within(bar).getByRole('button', { name: 'Ajouter à une liste' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter à une liste' });
    expect(within(dialog).getByText('Choisissez la liste où ajouter les 3 candidats sélectionnés.')).toBeVisible();
    await userEvent.click(await within(dialog).findByRole('radio', { name: 'Développeurs Java 3 candidats' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(await screen.findByText('3 candidats ajoutés à la liste « Développeurs Java »')).toBeVisible();
    expect(api.added).toEqual([{ id: '3', body: { applicant_ids: [5, 6, 7] } }]);
    // Done: the selection is cleared.
    await waitFor(() => expect(screen.queryByRole('toolbar', { name: 'Actions sur la sélection' })).toBeNull());
    expect(screen.getByRole('checkbox', { name: 'Sélectionner Léa Moreau' })).not.toBeChecked();
  });

  it('clears the selection, and keeps it when the dialog is cancelled', async () => {
    useSearchApi(() => pageOf([applicant({ id: 5 }), applicant({ id: 6, firstname: 'Marc', lastname: 'Roux' })]));
    renderApp('/sourcing');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Tout sélectionner sur cette page' }, { timeout: 5000 }));
    const bar = screen.getByRole('toolbar', { name: 'Actions sur la sélection' });
    // Without project_application.duplicate the bar has no offer action.
    expect(within(bar).queryByRole('button', { name: 'Ajouter à une offre' })).toBeNull();
    await userEvent.click(within(bar).getByRole('button', { name: 'Ajouter à une liste' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter à une liste' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(bar).getByText('2 sélectionnés')).toBeVisible();
    await userEvent.click(within(bar).getByRole('button', { name: 'Effacer' }));
    expect(screen.queryByRole('toolbar', { name: 'Actions sur la sélection' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Sélectionner Marc Roux' })).not.toBeChecked();
  });

  it('adds a selection to an offer with the applications dialog, telling who was already there', async () => {
    useSearchApi(() => pageOf([applicant({ id: 5 }), applicant({ id: 6, firstname: 'Marc', lastname: 'Roux' })]), ['sourcing.access', 'project.list', 'project_application.duplicate']);
    const copies: unknown[] = [];
    server.use(
      http.get('*/api/projects/all/offers', () =>
        HttpResponse.json({ data: [{ id: 9, project_id: 2, project_name: 'Tech', job_position: 'Développeur React', reference: null }], current_page: 1, last_page: 1, per_page: 20, total: 1 }),
      ),
      http.put('*/api/projects/all/offers/9/applications/duplicate', async ({ request }) => {
        copies.push(await request.json());
        return HttpResponse.json({ created: [{ applicant_id: 6, application_id: 78 }], skipped: [5] });
      }),
    );
    renderApp('/sourcing');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Sélectionner Léa Moreau' }, { timeout: 5000 }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sélectionner Marc Roux' }));
    const bar = screen.getByRole('toolbar', { name: 'Actions sur la sélection' });
    await userEvent.click(within(bar).getByRole('button', { name: 'Ajouter à une offre' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter à une offre' });
    expect(within(dialog).getByText("Choisissez l'offre où créer une candidature pour les 2 candidats sélectionnés.")).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Ajouter' })).toBeDisabled();
    await userEvent.click(await within(dialog).findByRole('radio', { name: 'Développeur React Tech' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(await screen.findByText("1 candidat ajouté à l'offre « Développeur React »")).toBeVisible();
    expect(screen.getByText('1 candidat y était déjà.')).toBeVisible();
    expect(copies).toEqual([{ job_offer_id: 9, applicants_ids: [5, 6], keep_statuses: false, application_id: null }]);
    await waitFor(() => expect(screen.queryByRole('toolbar', { name: 'Actions sur la sélection' })).toBeNull());
  });

  it('says when every chosen applicant was already on the offer', async () => {
    useSearchApi(() => pageOf([applicant({ id: 5 })]), ['sourcing.access', 'project_application.duplicate']);
    server.use(
      http.get('*/api/projects/all/offers', () =>
        HttpResponse.json({ data: [{ id: 9, project_id: 2, project_name: 'Tech', job_position: 'Développeur React', reference: null }], current_page: 1, last_page: 1, per_page: 20, total: 1 }),
      ),
      http.put('*/api/projects/all/offers/9/applications/duplicate', () => HttpResponse.json({ created: [], skipped: [5] })),
    );
    renderApp('/sourcing');
    await userEvent.click(await screen.findByRole('button', { name: 'Ajouter Léa Moreau à une offre' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter à une offre' });
    expect(within(dialog).getByText("Choisissez l'offre où créer une candidature pour Léa Moreau.")).toBeVisible();
    await userEvent.click(await within(dialog).findByRole('radio', { name: 'Développeur React Tech' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(await screen.findByText("Aucun candidat ajouté à l'offre « Développeur React »")).toBeVisible();
    expect(screen.getByText('1 candidat y était déjà.')).toBeVisible();
  });

  it('offers no list action without project.list', async () => {
    useSearchApi(() => pageOf([applicant({ id: 5 })]), ['sourcing.access']);
    renderApp('/sourcing');
    expect(await screen.findByRole('link', { name: 'Léa Moreau' }, { timeout: 5000 })).toBeVisible();
    expect(screen.queryByRole('button', { name: /à une liste/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /à une offre/ })).toBeNull();
  });

  it('is forbidden without sourcing.access', async () => {
    const api = useSearchApi(() => pageOf([]), ['project.list']);
    renderApp('/sourcing');
    expect(await screen.findByRole('heading', { level: 1, name: "Vous n'avez pas accès à cette page" }, { timeout: 5000 })).toBeVisible();
    expect(api.requests).toHaveLength(0);
  });
});
