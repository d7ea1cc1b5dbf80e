import { http, HttpResponse } from 'msw';
import type { TOfferDetail, TOfferListItem } from '@embauche/contracts/offers';
import type { TProjectNode, TProjectTree } from '@embauche/contracts/projects';
import { server } from './server.ts';

export const PROJECT_PERMISSIONS = [
  'project.list', 'project.create', 'project.edit', 'project.delete',
  'project_job_offer.create', 'project_job_offer.edit', 'project_job_offer.publish', 'project_job_offer.archive', 'project_job_offer.export',
];

export function makeProject(overrides: Partial<TProjectNode> = {}): TProjectNode {
  return {
    id: 10, name: 'Ressources humaines', type: 1, parent_id: null, subsidiary_id: null, is_favorite: false, documents_enabled: true,
    total_offers: 3, total_sub_projects: 0, total_to_treat: 2, created_at: '2026-01-05T09:00:00Z', updated_at: '2026-01-05T09:00:00Z',
    children: [], ...overrides,
  };
}

export function makeTree(children: TProjectNode[], overrides: Partial<TProjectTree> = {}): TProjectTree {
  const ids = (nodes: TProjectNode[]): number[] => nodes.flatMap((n) => [n.id, ...ids(n.children)]);
  return {
    id: 'all', name: 'all', type: 2, parent_id: null, total_offers: 3, total_sub_projects: children.length, total_to_treat: 2,
    children, all_ids: ids(children), ...overrides,
  };
}

export function makeOffer(overrides: Partial<TOfferListItem> = {}): TOfferListItem {
  return {
    id: 100, project_id: 10, project_name: 'Ressources humaines', job_position: 'Chargé de recrutement H/F', reference: 'RH-001',
    contract_type: 'cdi', location: 'Lyon 3e', department: 'RH', remote: 'partial', salary_min: 35000, salary_max: 42000,
    subsidiary_id: null, subsidiary_name: null, status: 'published', archived: false, archived_reason: null, archived_comment: null,
    archived_at: null, closing_date: null, published_at: '2026-01-06T09:00:00Z', created_by: { id: 7, firstname: 'Camille', lastname: 'Martin' },
    created_at: '2026-01-05T09:00:00Z', updated_at: '2026-01-06T09:00:00Z', is_favorite: false, total_applications: 4, total_to_treat: 1,
    in_alert: false, alert_reasons: [], ...overrides,
  };
}

export function makeOfferDetail(overrides: Partial<TOfferDetail> = {}): TOfferDetail {
  return { ...makeOffer(), description: '<p>Vous rejoignez une équipe de <strong>cinq</strong> personnes.</p>', documents_enabled: true, image_id: null, jobboards: [], ...overrides };
}

export function page<T>(data: T[], current = 1, last = 1) {
  return { data, current_page: current, last_page: last, per_page: 20, total: data.length + (last - 1) * 20 };
}

/** The calls every projects screen makes, answering one leaf project and its offers. */
export function useProjectsApi(options: { tree?: TProjectTree; offers?: TOfferListItem[]; lastPage?: number } = {}) {
  const project = makeProject();
  const tree = options.tree ?? makeTree([project]);
  const offers = options.offers ?? [makeOffer()];
  server.use(
    http.get('*/api/projects/:id/tree', ({ params }) =>
      HttpResponse.json(params.id === 'all' ? tree : { ...project, all_ids: [project.id] }),
    ),
    http.get('*/api/projects/:id/stats', () => HttpResponse.json({ total_offers: 3, total_to_treat: 1 })),
    http.get('*/api/projects/:id/breadcrumbs', () => HttpResponse.json([{ kind: 'project', id: 10, name: 'Ressources humaines', type: 1 }])),
    http.get('*/api/projects/parents', () => HttpResponse.json([])),
    http.get('*/api/projects/:id/offers/jobboards', () => HttpResponse.json([{ id: 1, name: 'France Travail', slug: 'france-travail', logo_url: null }])),
    http.get('*/api/projects/:id/offers', ({ request }) => {
      const current = Number(new URL(request.url).searchParams.get('page') ?? 1);
      return HttpResponse.json(page(offers, current, options.lastPage ?? 1));
    }),
    http.get('*/api/projects', () => HttpResponse.json([project])),
  );
  return { project, tree, offers };
}
