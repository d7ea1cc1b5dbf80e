import { http, HttpResponse } from 'msw';
import type { TFeedEntry, TFeedPage, TMentionables } from '@embauche/contracts/activity-feed';

export const FEED_PERMISSION = 'project_application.see_activity_feed';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

export function makeFeedEntry(overrides: Partial<TFeedEntry> = {}): TFeedEntry {
  return {
    id: 1,
    kind: 'comment',
    category: 'comments',
    offer_id: 100,
    applicant_id: 5,
    parent_id: null,
    text: 'Très bon profil, à rappeler.',
    data: null,
    author: { type: 'user', id: 8, firstname: 'Marc', lastname: 'Petit', img_src: null },
    is_private: false,
    audience: { users: [], subsidiaries: [] },
    mentions: { users: [], groups: [] },
    files: [],
    source: 'applicant',
    created_at: minutesAgo(5),
    edited_at: null,
    edited_by: null,
    can_edit: false,
    can_delete: false,
    replies: [],
    ...overrides,
  };
}

/** A comment by the signed-in user (id 7) mentioning Marc, with a file; a status change; a reply. */
export function feedEntries(): TFeedEntry[] {
  return [
    makeFeedEntry({
      id: 3,
      text: 'Entretien calé, @Marc Petit peux-tu relire le CV ?',
      author: { type: 'user', id: 7, firstname: 'Camille', lastname: 'Martin', img_src: null },
      mentions: { users: [{ id: 8, firstname: 'Marc', lastname: 'Petit' }], groups: [] },
      files: [{ id: 11, filename: 'grille-entretien.pdf', mime: 'application/pdf', size: 2048, url: '/api/activity-feed/attachments/11' }],
      created_at: new Date(Date.now() - 20_000).toISOString(),
      can_edit: true,
      can_delete: true,
      replies: [
        {
          ...makeFeedEntry({ id: 4, parent_id: 3, text: 'Oui, je regarde.', created_at: minutesAgo(12.2) }),
        },
      ].map(({ replies: _replies, ...reply }) => reply),
    }),
    makeFeedEntry({
      id: 2,
      kind: 'status_changed',
      category: 'statuses',
      text: null,
      data: { application_id: 50, from_status: { id: 1, name: 'new', default_status: true }, status: { id: 2, name: 'preselected', default_status: true }, motif: null },
      created_at: minutesAgo(3 * 60),
    }),
  ];
}

export function feedPage(data: TFeedEntry[], current = 1, last = 1): TFeedPage {
  return { data, current_page: current, last_page: last, per_page: 20, total: data.length };
}

export const MENTIONABLES: TMentionables = {
  truncated: false,
  users: [
    { id: 8, firstname: 'Marc', lastname: 'Petit', email: 'marc.petit@example.com', img_src: null, subsidiary_id: null, mentionable: true, reason: null },
    { id: 9, firstname: 'Margaux', lastname: 'Durand', email: 'margaux.durand@example.com', img_src: null, subsidiary_id: 1, mentionable: true, reason: null },
  ],
  groups: [{ id: 3, name: 'Marketing', members: 4, reachable_members: 4 }],
};

/** Every call made to the feed's routes, for assertions. */
export type FeedCalls = { lists: URL[]; posts: FormData[]; deletes: string[]; mentions: URL[] };

/** The feed's routes: `entries` on one page unless `pages` says otherwise; the POST answers `onPost`. */
export function feedApiHandlers(
  options: { entries?: TFeedEntry[]; pages?: TFeedPage[]; onPost?: (body: FormData) => Promise<Response> | Response; mentionables?: TMentionables } = {},
) {
  const calls: FeedCalls = { lists: [], posts: [], deletes: [], mentions: [] };
  const mentionables = options.mentionables ?? MENTIONABLES;
  const entries = options.entries ?? feedEntries();
  const handlers = [
    http.get('*/api/activity-feed', ({ request }) => {
      const url = new URL(request.url);
      calls.lists.push(url);
      const page = Number(url.searchParams.get('page') ?? '1');
      if (options.pages) return HttpResponse.json(options.pages[page - 1] ?? feedPage([], page, options.pages.length));
      return HttpResponse.json(feedPage(entries));
    }),
    http.get('*/api/activity-feed/categories', () =>
      HttpResponse.json({
        total: entries.length,
        categories: [
          { category: 'comments', count: entries.filter((e) => e.category === 'comments').length },
          { category: 'statuses', count: entries.filter((e) => e.category === 'statuses').length },
          { category: 'applicants', count: 0 },
          { category: 'documents', count: 0 },
          { category: 'transfers', count: 0 },
          { category: 'shares', count: 0 },
        ],
      }),
    ),
    http.post('*/api/activity-feed', async ({ request }) => {
      const body = await request.formData();
      calls.posts.push(body);
      if (options.onPost) return options.onPost(body);
      return HttpResponse.json({ ...makeFeedEntry({ id: 99, text: String(body.get('text')), author: { type: 'user', id: 7, firstname: 'Camille', lastname: 'Martin', img_src: null }, created_at: new Date().toISOString() }), dropped_mentions: { users: [] } }, { status: 201 });
    }),
    http.delete('*/api/activity-feed/:id', ({ params }) => {
      calls.deletes.push(String(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('*/api/users/mentions/:search', ({ params, request }) => {
      calls.mentions.push(new URL(request.url));
      const search = String(params.search).toLowerCase();
      if (search === 'nofilter') return HttpResponse.json(mentionables);
      return HttpResponse.json({
        truncated: false,
        users: mentionables.users.filter((u) => `${u.firstname} ${u.lastname}`.toLowerCase().includes(search)),
        groups: mentionables.groups.filter((g) => g.name.toLowerCase().includes(search)),
      });
    }),
    http.get('*/api/subsidiaries', () => HttpResponse.json([{ id: 1, name: 'Agence Lyon' }, { id: 2, name: 'Agence Nantes' }])),
  ];
  return { handlers, calls };
}
