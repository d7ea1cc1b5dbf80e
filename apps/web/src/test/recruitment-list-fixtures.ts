import { http, HttpResponse } from 'msw';
import type {
  TRecruitmentList,
  TRecruitmentListApplicant,
  TRecruitmentListItem,
  TRecruitmentListUser,
} from '@embauche/contracts/recruitment-lists';
import { server } from './server.ts';

export const LIST_USERS: TRecruitmentListUser[] = [
  { id: 21, firstname: 'Léa', lastname: 'Bernard', img_src: null },
  { id: 22, firstname: 'Hugo', lastname: 'Moreau', img_src: null },
  { id: 23, firstname: 'Inès', lastname: 'Roux', img_src: null },
];

/** A list of Camille Martin (user 7), private, empty. */
export function makeList(overrides: Partial<TRecruitmentList> = {}): TRecruitmentList {
  return {
    id: 1,
    name: 'Développeurs Lyon',
    description: null,
    private: true,
    collaborative: false,
    creator: { id: 7, firstname: 'Camille', lastname: 'Martin' },
    shared_users: [],
    applicants: [],
    archived_applicants: 0,
    hidden_applicants: 0,
    applicant_amount: 0,
    can_add: true,
    is_owner: true,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export function makeListItem(overrides: Partial<TRecruitmentList> = {}): TRecruitmentListItem {
  const { applicants: _applicants, hidden_applicants: _hidden, ...item } = makeList(overrides);
  return item;
}

export function makeListApplicant(overrides: Partial<TRecruitmentListApplicant> = {}): TRecruitmentListApplicant {
  return {
    id: 501,
    firstname: 'Alice',
    lastname: 'Durand',
    email: 'alice.durand@example.com',
    img_src: null,
    added_at: '2026-11-21T09:00:00.000Z',
    added_by: { id: 7, firstname: 'Camille', lastname: 'Martin' },
    ...overrides,
  };
}

/** The sheet's pages (`pages[n]` answers page n + 1) and the users to share with; keeps each list query. */
export function serveLists(pages: TRecruitmentListItem[][]) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('*/api/recruitment-lists', ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.push(params);
      const page = Number(params.get('page') ?? '1');
      return HttpResponse.json({ data: pages[page - 1] ?? [], current_page: page, last_page: Math.max(1, pages.length), per_page: 20, total: pages.flat().length });
    }),
    http.get('*/api/recruitment-lists/users', ({ request }) => {
      const search = (new URL(request.url).searchParams.get('search') ?? '').toLowerCase();
      const data = LIST_USERS.filter((u) => `${u.firstname} ${u.lastname}`.toLowerCase().includes(search));
      return HttpResponse.json({ data, current_page: 1, last_page: 1, per_page: 100, total: data.length });
    }),
  );
  return queries;
}
