import { http, HttpResponse } from 'msw';
import type { TApplicantDetail } from '@embauche/contracts/applicants';
import type { TSummary, ZApplicationOverview } from '@embauche/contracts/applications';
import type { z } from 'zod';

export const APPLICANT_PERMISSIONS = [
  'project.list',
  'project_application.see',
  'project_application.edit',
  'project_application.ask_documents',
  'project_application.add_manual',
];

export function makeApplicantDetail(overrides: Partial<TApplicantDetail> = {}): TApplicantDetail {
  return {
    id: 5,
    firstname: 'Léa',
    lastname: 'Moreau',
    email: 'lea.moreau@example.com',
    phone: '+33612345678',
    img_src: null,
    cv: { filename: 'CV Léa Moreau.pdf', mime: 'application/pdf', url: '/api/applicants/5/cv', text_extracted: true },
    tags: ['Anglais'],
    source: { provenance_id: 1, jobboard_id: 1, jobboard: 'France Travail', url_logo_jobboard: null, url: null },
    created_at: '2025-03-02T09:00:00.000Z',
    updated_at: '2025-03-02T09:00:00.000Z',
    documents: [],
    motivation: 'Je souhaite rejoindre votre équipe.',
    visio: { url: 'https://meet.example.com/abc', scheduled_at: '2025-03-10T14:30:00.000Z', notes: 'Prévoir 30 minutes.' },
    applications_count: 2,
    ...overrides,
  };
}

/** Application 50 on a project that enables documents (spec 5), then a spontaneous one. */
export const OVERVIEW: z.infer<typeof ZApplicationOverview>[] = [
  {
    id: 50,
    offer_id: 100,
    project_id: 10,
    job_position: 'Chargé de recrutement H/F',
    spontaneous: false,
    documents_enabled: true,
    status: { id: 2, name: 'preselected', default_status: true },
    motif_id: null,
    motif_name: null,
    recruited_at: null,
    jobboard: 'France Travail',
    created_at: '2025-03-02T09:00:00.000Z',
    career_site: null,
  },
  {
    id: 51,
    offer_id: null,
    project_id: null,
    job_position: null,
    spontaneous: true,
    documents_enabled: true,
    status: { id: 1, name: 'new', default_status: true },
    motif_id: null,
    motif_name: null,
    recruited_at: null,
    jobboard: null,
    created_at: '2025-01-15T09:00:00.000Z',
    career_site: null,
  },
];

export function makeSummary(overrides: Partial<TSummary> = {}): TSummary {
  return {
    subject_type: 'application',
    subject_id: 50,
    text: '[local] Résumé automatique hors ligne (sans IA) : Léa Moreau.\nExpérience (4 ans environ) : 2021 – aujourd’hui',
    source: 'local',
    model: null,
    language: 'fr',
    created_at: '2025-03-03T10:00:00.000Z',
    ...overrides,
  };
}

export const ASK_DOCUMENTS = [
  { id: 1, name: 'identity_card', default_type: true, sended: false, received: false },
  { id: 2, name: 'diploma', default_type: true, sended: true, received: false },
  { id: 3, name: 'Casier judiciaire', default_type: false, sended: false, received: false },
];

/** The company's tags as `GET /applicants/tags` suggests them, most used first. */
/** The status menu's statuses (the offer's workflow, or the default one of spontaneous applications). */
const PICKER_STATUSES = [
  { id: 1, name: 'new', default_status: true, position: 1 },
  { id: 2, name: 'preselected', default_status: true, position: 2 },
];

export const TAG_CATALOGUE = ['vivier', 'CACES', 'Anglais', 'cariste', 'à rappeler'];

/** The applicant screen's calls for applicant 5 (application 50 in focus by default). */
export function applicantApiHandlers(options: { detail?: TApplicantDetail; overview?: typeof OVERVIEW } = {}) {
  const detail = options.detail ?? makeApplicantDetail();
  return [
    http.get('*/api/applicants/tags', ({ request }) => {
      const search = (new URL(request.url).searchParams.get('search') ?? '').toLowerCase();
      return HttpResponse.json(TAG_CATALOGUE.filter((tag) => tag.toLowerCase().startsWith(search)));
    }),
    http.get('*/api/applicants/5/detail', () => HttpResponse.json(detail)),
    http.get('*/api/applicants/5/applications-overview', () => HttpResponse.json(options.overview ?? OVERVIEW)),
    http.get('*/api/applicants/5/documents', () => HttpResponse.json(detail.documents)),
    http.get('*/api/applicants/5/ask-documents', () => HttpResponse.json(ASK_DOCUMENTS)),
    http.get('*/api/applicants/5/shares', () => HttpResponse.json([])),
    // The planner's card (issue 39): no appointment unless a test says otherwise.
    http.get('*/api/applicants/5/appointments', () => HttpResponse.json({ data: [], total: 0, current_page: 1, last_page: 1, per_page: 5 })),
    http.get('*/api/applications/:id/summary', ({ params }) => HttpResponse.json(makeSummary({ subject_id: Number(params.id) }))),
    http.get('*/api/applicants/5/summary', () => HttpResponse.json(makeSummary({ subject_type: 'applicant', subject_id: 5 }))),
    http.get('*/api/applications/:id/motivation', () => HttpResponse.json({ motivation: detail.motivation })),
    http.get('*/api/applications/:id/tests/list', () =>
      HttpResponse.json([{ id: 1, name: 'Test Excel', status: 'completed', score: 82, sent_at: '2025-03-04T09:00:00.000Z', completed_at: '2025-03-05T09:00:00.000Z' }]),
    ),
    http.get('*/api/projects/all/offers/jobboards', () => HttpResponse.json([{ id: 1, name: 'France Travail', slug: 'france-travail', logo_url: null }])),
    http.get('*/api/statuses', () =>
      HttpResponse.json([
        { id: 1, name: 'new', default_status: true, position: 1 },
        { id: 2, name: 'preselected', default_status: true, position: 2 },
      ]),
    ),
    // The status menu follows the application's workflow: the same two statuses unless a test says otherwise.
    http.get('*/api/offer-statuses', ({ request }) => {
      const ids = (new URL(request.url).searchParams.get('offer_ids') ?? '').split(',').map(Number);
      return HttpResponse.json(ids.map((id) => ({ offer_id: id, statuses: PICKER_STATUSES })));
    }),
    http.get('*/api/treatment/spontaneous/statuses', () => HttpResponse.json(PICKER_STATUSES)),
  ];
}
