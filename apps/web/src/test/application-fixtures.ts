import { http, HttpResponse } from 'msw';
import type { TApplicationItem, TMotif, TStatus } from '@embauche/contracts/applications';
import { server } from './server.ts';

export const APPLICATION_PERMISSIONS = [
  'project_application.see',
  'project_application.see_spontaneous',
  'project_application.change_status',
  'project_application.duplicate',
];

const NAMES = ['new', 'preselected', 'phone_interview', 'interview', 'offer_sent', 'recruited', 'refused', 'withdrawn'];
export const STATUSES: TStatus[] = NAMES.map((name, i) => ({ id: i + 1, name, default_status: true, position: i + 1 }));
export const MOTIFS: TMotif[] = [
  { id: 1, name: 'profile_mismatch', default_motif: true },
  { id: 2, name: 'insufficient_experience', default_motif: true },
  { id: 9, name: 'Dossier incomplet', default_motif: false },
];

export function makeApplication(overrides: Partial<TApplicationItem> & { id: number }): TApplicationItem {
  const statusId = overrides.status?.id ?? 1;
  const status = STATUSES.find((s) => s.id === statusId)!;
  return {
    application_id: overrides.id, applicant_id: 500 + overrides.id, idApplicant: 500 + overrides.id, firstname: 'Alice', lastname: 'Durand',
    email: 'alice.durand@example.com', phone: null, img_src: null, tags: ['Anglais'], has_cv: true, offer_id: 100, project_id: 10,
    job_position: 'Chargé de recrutement H/F', spontaneous: false, documents_enabled: true, statutApplicant: statusId, motif_id: null, motif_name: null,
    recruited_at: null, idjobboard_provenance: 1, jobboard: 'Indeed', urlLogoJobBoard: null, tests_count: 0,
    created_at: '2026-01-10T09:00:00Z', updated_at: '2026-01-10T09:00:00Z',
    ...overrides,
    status: { id: status.id, name: status.name, default_status: true },
  };
}

/**
 * The status pickers' calls (issue 17): each asked offer's workflow (`byOffer`, else `STATUSES`)
 * and the default workflow of spontaneous applications; `requests` keeps the offer ids asked.
 */
export function workflowStatusHandlers(byOffer: Record<number, TStatus[]> = {}, spontaneous: TStatus[] = STATUSES, requests: number[][] = []) {
  return [
    http.get('*/api/offer-statuses', ({ request }) => {
      const ids = (new URL(request.url).searchParams.get('offer_ids') ?? '').split(',').map(Number);
      requests.push(ids);
      return HttpResponse.json(ids.map((id) => ({ offer_id: id, statuses: byOffer[id] ?? STATUSES })));
    }),
    http.get('*/api/treatment/spontaneous/statuses', () => HttpResponse.json(spontaneous)),
  ];
}

function pageOf(items: TApplicationItem[], page: number, perPage: number) {
  const start = (page - 1) * perPage;
  return { data: items.slice(start, start + perPage), current_page: page, last_page: Math.max(1, Math.ceil(items.length / perPage)), per_page: perPage, total: items.length };
}

/**
 * A small in-memory server for one offer's applications: lists filtered by `filter[statuses]`,
 * counts per status, and the single status change (which a test may make fail).
 */
export function useApplicationsApi(initial: TApplicationItem[]) {
  const state = { items: [...initial], requests: [] as URL[], changes: [] as unknown[], fail: false, gate: null as Promise<void> | null };
  server.use(
    http.get('*/api/statuses', () => HttpResponse.json(STATUSES)),
    ...workflowStatusHandlers(),
    http.get('*/api/motifs', () => HttpResponse.json(MOTIFS)),
    http.get('*/api/assessment-tests', () => HttpResponse.json([{ id: 3, name: 'Test de logique' }])),
    http.get('*/api/projects/all/offers/jobboards', () => HttpResponse.json([{ id: 1, name: 'Indeed', slug: 'indeed', logo_url: null }, { id: 2, name: 'LinkedIn', slug: 'linkedin', logo_url: null }])),
    http.get('*/api/projects/:projectId/offers/:offerId/applications/counts', () =>
      HttpResponse.json({
        total: state.items.length,
        statuses: STATUSES.map((s) => ({ ...s, count: state.items.filter((a) => a.status.id === s.id).length })),
      }),
    ),
    http.get('*/api/projects/:projectId/offers/:offerId/applications', ({ request }) => {
      const url = new URL(request.url);
      state.requests.push(url);
      const statuses = url.searchParams.get('filter[statuses]')?.split(',').map(Number);
      const items = statuses ? state.items.filter((a) => statuses.includes(a.status.id)) : state.items;
      return HttpResponse.json(pageOf(items, Number(url.searchParams.get('page') ?? 1), Number(url.searchParams.get('per_page') ?? 20)));
    }),
    http.put('*/api/projects/:projectId/offers/:offerId/applications/statuses', async ({ request }) => {
      const body = (await request.json()) as { application_id: number; status_id: number; motif_id: number | null };
      state.changes.push(body);
      await state.gate;
      if (state.fail) return HttpResponse.json({ message: 'boom' }, { status: 500 });
      const index = state.items.findIndex((a) => a.id === body.application_id);
      const changed = makeApplication({ ...state.items[index]!, status: { id: body.status_id, name: '', default_status: true }, motif_id: body.motif_id });
      state.items[index] = changed;
      return HttpResponse.json(changed);
    }),
  );
  return state;
}
