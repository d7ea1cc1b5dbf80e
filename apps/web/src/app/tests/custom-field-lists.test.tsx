import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import type { TCustomField } from '@embauche/contracts/custom-fields';
import { APPLICANT_PERMISSIONS, applicantApiHandlers } from '../../test/applicant-fixtures.ts';
import { APPLICATION_PERMISSIONS, makeApplication, useApplicationsApi } from '../../test/application-fixtures.ts';
import { makeMe } from '../../test/fixtures.ts';
import { makeOffer, makeOfferDetail, PROJECT_PERMISSIONS, useProjectsApi } from '../../test/project-fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

// pdf.js needs a real browser: the applicant screen's CV viewer is a stand-in here.
vi.mock('../../features/applicants/components/pdf-viewer.tsx', () => ({
  default: ({ label }: { label: string }) => <section aria-label={label} />,
}));

afterEach(() => {
  toast.dismiss();
  server.events.removeAllListeners();
});

const field = (id: number, label: string, extra: Partial<TCustomField> = {}): TCustomField => ({
  id,
  entity: 'offer',
  type: 'text',
  label,
  required: false,
  options: [],
  show_in_form: true,
  show_in_list: true,
  ask_candidates: false,
  position: id,
  archived: false,
  value_count: 0,
  created_at: '2026-11-01T10:00:00.000Z',
  ...extra,
});

/** `GET /custom-fields/active?entity` over these fields. */
function serveFields(fields: TCustomField[]) {
  server.use(
    http.get('*/api/custom-fields/active', ({ request }) => {
      const entity = new URL(request.url).searchParams.get('entity');
      return HttpResponse.json(fields.filter((f) => f.entity === entity && !f.archived));
    }),
  );
}

function recordOfferRequests() {
  const urls: URL[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (/\/api\/projects\/[^/]+\/offers$/.test(url.pathname)) urls.push(url);
  });
  return urls;
}

const OFFER_FIELDS = [
  field(1, 'Budget', { type: 'currency' }),
  field(2, 'Comité', { type: 'date' }),
  field(3, 'Urgent', { type: 'yes_no' }),
  field(4, 'Canaux', { type: 'multiple_choice', options: ['Salon', 'École'] }),
  field(5, 'Note interne', { show_in_list: false }),
  field(6, 'Secteur', { type: 'single_choice', options: ['Public', 'Privé'], show_in_list: false }),
];

describe('custom fields in lists (issue 17)', () => {
  it('shows a line per offer field marked show_in_list under the offer, each value formatted by its type', async () => {
    signIn(makeMe(PROJECT_PERMISSIONS));
    useProjectsApi({ offers: [makeOffer({ custom_fields: { 1: 420050, 2: '2026-12-01', 3: true, 4: ['Salon', 'École'], 5: 'secret' } })] });
    serveFields(OFFER_FIELDS);
    renderApp('/projects/all/offers');
    const table = await screen.findByRole('table', { name: 'Toutes les offres' }, { timeout: 5000 });
    const row = within(table).getByRole('row', { name: /Chargé de recrutement H\/F/ });
    await within(row).findByText('Budget :');
    const pairs = Object.fromEntries(
      within(row)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent?.replace(/\u202f|\u00a0/g, ' ')]),
    );
    expect(pairs).toEqual({ 'Budget :': '4 200,50 €', 'Comité :': '01/12/2026', 'Urgent :': 'Oui', 'Canaux :': 'Salon, École' });
    expect(within(row).queryByText('secret')).toBeNull();
  });

  it('filters on an offer custom field: the field, then a value input fitting its type, kept in the URL and sent as filter[custom_fields][id]', async () => {
    signIn(makeMe(PROJECT_PERMISSIONS));
    useProjectsApi();
    serveFields(OFFER_FIELDS);
    const requests = recordOfferRequests();
    renderApp('/projects/all/offers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Toutes les offres' }, { timeout: 5000 })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Plus de filtres' }));
    const group = await screen.findByRole('group', { name: 'Champ personnalisé' });
    await userEvent.selectOptions(within(group).getByRole('combobox', { name: 'Champ' }), 'Secteur');
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('custom_field')).toBe('6'));
    const value = within(group).getByRole('combobox', { name: 'Valeur de Secteur' });
    await userEvent.selectOptions(value, 'Privé');
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('custom_value')).toBe('Privé'));
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('filter[custom_fields][6]')).toBe('Privé'));

    // An amount is typed in euros and sent in cents; yes/no as 1|0.
    await userEvent.selectOptions(within(group).getByRole('combobox', { name: 'Champ' }), 'Budget');
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('custom_value')).toBeNull());
    await userEvent.type(within(group).getByRole('spinbutton', { name: 'Valeur de Budget' }), '1500.5');
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('filter[custom_fields][1]')).toBe('150050'));
    expect(requests.at(-1)?.searchParams.has('filter[custom_fields][6]')).toBe(false);
    await userEvent.selectOptions(within(group).getByRole('combobox', { name: 'Champ' }), 'Urgent');
    await userEvent.selectOptions(within(group).getByRole('combobox', { name: 'Valeur de Urgent' }), 'Non');
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('filter[custom_fields][3]')).toBe('0'));

    await userEvent.click(screen.getByRole('button', { name: 'Réinitialiser' }));
    await waitFor(() => expect(window.location.search).not.toContain('custom_field'));
    await waitFor(() => expect(requests.at(-1)?.searchParams.has('filter[custom_fields][3]')).toBe(false));
  });

  it('reads the custom filter from the URL on the first request', async () => {
    signIn(makeMe(PROJECT_PERMISSIONS));
    useProjectsApi();
    serveFields(OFFER_FIELDS);
    const requests = recordOfferRequests();
    renderApp('/projects/all/offers?custom_field=4&custom_value=%C3%89cole');
    expect(await screen.findByRole('combobox', { name: 'Valeur de Canaux' }, { timeout: 5000 })).toHaveValue('École');
    await waitFor(() => expect(requests.length).toBeGreaterThan(0));
    expect(requests.every((url) => url.searchParams.get('filter[custom_fields][4]') === 'École')).toBe(true);
  });

  it("shows the application's and the applicant's list fields on the offer's application rows", async () => {
    signIn(makeMe([...PROJECT_PERMISSIONS, ...APPLICATION_PERMISSIONS]));
    useProjectsApi();
    server.use(http.get('*/api/projects/10/offers/100', () => HttpResponse.json(makeOfferDetail())));
    serveFields([
      field(7, 'Niveau', { entity: 'application', type: 'single_choice', options: ['Junior', 'Senior'] }),
      field(8, 'Mobile', { entity: 'applicant', type: 'yes_no' }),
      field(9, 'Mémo', { entity: 'application', show_in_list: false }),
    ]);
    useApplicationsApi([makeApplication({ id: 1, firstname: 'Prénom1', lastname: 'Martin', custom_fields: { 7: 'Senior', 8: false } })]);
    renderApp('/projects/10/offer/100?view=list');
    const link = await screen.findByRole('link', { name: 'Prénom1 Martin' }, { timeout: 5000 });
    const row = link.closest('tr') as HTMLElement;
    expect(await within(row).findByText('Niveau :')).toBeVisible();
    expect(within(row).getByText('Senior')).toBeVisible();
    expect(within(row).getByText('Mobile :')).toBeVisible();
    expect(within(row).getByText('Non')).toBeVisible();
  });

  it("edits the focused application's values in their own card on the applicant screen", async () => {
    signIn(makeMe([...APPLICANT_PERMISSIONS, 'project_application.edit']));
    server.use(...applicantApiHandlers());
    serveFields([field(7, 'Niveau', { entity: 'application', type: 'single_choice', options: ['Junior', 'Senior'] })]);
    const puts: { url: string; body: unknown }[] = [];
    server.use(
      http.get('*/api/applications/:id/custom-fields', ({ params }) => HttpResponse.json({ custom_fields: params.id === '50' ? { 7: 'Junior' } : {} })),
      http.put('*/api/applications/:id/custom-fields', async ({ request }) => {
        const body = (await request.json()) as { custom_fields: Record<string, unknown> };
        puts.push({ url: request.url, body });
        return HttpResponse.json(body);
      }),
    );
    renderApp('/applicants/5');
    const card = await screen.findByRole('region', { name: 'Champs de la candidature : Chargé de recrutement H/F' }, { timeout: 5000 });
    const level = within(card).getByRole('combobox', { name: 'Niveau' });
    expect(level).toHaveValue('Junior');
    await userEvent.selectOptions(level, 'Senior');
    await userEvent.click(within(card).getByRole('button', { name: 'Enregistrer les champs' }));
    expect(await screen.findByText('Champs enregistrés.')).toBeVisible();
    expect(puts).toEqual([{ url: expect.stringMatching(/\/api\/applications\/50\/custom-fields$/), body: { custom_fields: { 7: 'Senior' } } }]);

    // The other application in focus: its own card and values.
    await userEvent.click(screen.getByRole('button', { name: /candidature spontanée/i }));
    const spontaneous = await screen.findByRole('region', { name: 'Champs de la candidature : candidature spontanée' });
    expect(within(spontaneous).getByRole('combobox', { name: 'Niveau' })).toHaveValue('');
  });
});
