import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { TFeedEntry } from '@embauche/contracts/activity-feed';
import type { ShareSection, TSharedApplicant, TSharedApplicantDetail, TSharedApplication, TSharedInfo } from '@embauche/contracts/shares';
import { feedPage, makeFeedEntry } from '../../test/activity-feed-fixtures.ts';
import { makeApplication } from '../../test/application-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

vi.mock('../../features/applicants/components/pdf-viewer.tsx', () => ({
  default: ({ label }: { label: string }) => <section aria-label={label} />,
}));

const TOKEN = 'Zx9_tokenTOKENtoken0123456789abcdefghijklm';
const NAME_KEY = 'embauche.shared.outsider_name';

function makeInfo(sections: ShareSection[], type: TSharedInfo['type'] = 'applicant'): TSharedInfo {
  return { type, sections, expires_at: '2030-05-20T10:00:00.000Z', company: 'Groupe Valmont', sender: { firstname: 'Camille', lastname: 'Martin' } };
}

function makeApplicant(info: TSharedInfo): TSharedApplicant {
  const has = (section: ShareSection) => info.sections.includes(section);
  return {
    id: 5,
    firstname: 'Léa',
    lastname: 'Moreau',
    img_src: null,
    email: has('profile') ? 'lea.moreau@example.com' : null,
    phone: has('profile') ? '0612345678' : null,
    tags: has('profile') ? ['React', 'Lyon'] : [],
    source: has('profile') ? { provenance_id: 1, jobboard_id: 2, jobboard: 'Indeed', url_logo_jobboard: null, url: 'https://example.com/annonce' } : null,
    cv: has('cv') ? { filename: 'cv-lea.pdf', mime: 'application/pdf', url: `/api/shared/${TOKEN}/cv` } : null,
    share: info,
  };
}

function makeDetail(info: TSharedInfo): TSharedApplicantDetail {
  const has = (section: ShareSection) => info.sections.includes(section);
  return {
    ...makeApplicant(info),
    documents: has('documents') ? [{ id: 31, document_type_id: 1, document_type: 'identity_card', filename: 'cni.pdf', mime: 'application/pdf', size: 2048, uploaded_at: '2026-01-10T10:00:00.000Z', url: `/api/shared/${TOKEN}/documents/31` }] : null,
    motivation: has('motivation') ? 'Je souhaite rejoindre votre équipe.' : null,
  };
}

const outsiderComment = (overrides: Partial<TFeedEntry> = {}) =>
  makeFeedEntry({ id: 40, text: 'Profil intéressant pour nous.', author: { type: 'outsider', name: 'Jeanne Externe' }, can_delete: true, ...overrides });

type Calls = { paths: string[]; posts: FormData[]; deletes: { query: string | null; body: unknown }[] };

/** The public shared-link routes of one token, answering for `info`; `onPost` answers the comment POST. */
function useSharedApi(info: TSharedInfo, options: { feed?: TFeedEntry[]; onPost?: (body: FormData) => Response } = {}) {
  const calls: Calls = { paths: [], posts: [], deletes: [] };
  let feed = options.feed ?? [makeFeedEntry({ id: 41, text: 'Candidate solide, à revoir.' }), outsiderComment()];
  const base = `*/api/shared/${TOKEN}`;
  const seen = ({ request }: { request: Request }) => void calls.paths.push(new URL(request.url).pathname);
  server.use(
    http.get(base, (r) => (seen(r), HttpResponse.json(info))),
    http.get(`${base}/detail`, (r) => (seen(r), HttpResponse.json(makeDetail(info)))),
    http.get(`${base}/application`, (r) => {
      seen(r);
      const application: TSharedApplication = { ...makeApplication({ id: 50, job_position: 'Développeuse front-end', status: { id: 4, name: 'interview', default_status: true } }), applicant: makeApplicant(info) };
      const { tests_count: _tests, ...item } = application as TSharedApplication & { tests_count?: number };
      return HttpResponse.json(item);
    }),
    http.get(`${base}/application/documents`, (r) => (seen(r), HttpResponse.json(makeDetail(info).documents ?? []))),
    http.get(`${base}/application/motivation`, (r) => (seen(r), HttpResponse.json({ motivation: 'Motivé par ce poste précis.' }))),
    http.get(`${base}/:type/activity-feed`, (r) => (seen(r), HttpResponse.json(feedPage(feed)))),
    http.post(`${base}/:type/activity-feed`, async ({ request }) => {
      const body = await request.formData();
      calls.posts.push(body);
      if (options.onPost) return options.onPost(body);
      const entry = outsiderComment({ id: 90, text: String(body.get('text')), author: { type: 'outsider', name: String(body.get('name')) }, created_at: new Date().toISOString() });
      feed = [entry, ...feed];
      return HttpResponse.json(entry, { status: 201 });
    }),
    http.delete(`${base}/delete-comment`, async ({ request }) => {
      const url = new URL(request.url);
      calls.deletes.push({ query: url.searchParams.get('comment_id'), body: await request.json() });
      feed = feed.filter((e) => String(e.id) !== url.searchParams.get('comment_id'));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return calls;
}

const card = (name: string) => screen.getByRole('heading', { level: 2, name }).closest('section') as HTMLElement;

describe('shared link page', () => {
  it("shows who shared the applicant and only the profile and comments the link exposes", async () => {
    const calls = useSharedApi(makeInfo(['profile', 'feed']));
    renderApp(`/shared/${TOKEN}/applicant`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Léa Moreau' })).toBeVisible();
    expect(screen.getByText('Partagé par Camille Martin (Groupe Valmont)')).toBeVisible();
    expect(screen.getByText("Lien valable jusqu'au 20 mai 2030")).toBeVisible();
    expect(document.title).toBe('Embauche - Léa Moreau – profil partagé');

    const profile = card('Profil');
    expect(within(profile).getByRole('link', { name: 'lea.moreau@example.com' })).toHaveAttribute('href', 'mailto:lea.moreau@example.com');
    expect(within(profile).getByRole('link', { name: '+33 6 12 34 56 78' })).toBeVisible();
    expect(within(profile).getByText('Indeed')).toBeVisible();
    expect(within(within(profile).getByRole('list', { name: 'Étiquettes' })).getByText('React')).toBeVisible();

    const feed = await screen.findByRole('feed', { name: 'Commentaires' });
    expect(within(feed).getByRole('heading', { level: 3, name: 'Jeanne Externe (externe)' })).toBeVisible();
    expect(within(feed).getByText('Candidate solide, à revoir.')).toBeVisible();
    // Only the outsider's own comment can be deleted.
    expect(within(feed).getAllByRole('button', { name: 'Supprimer mon commentaire' })).toHaveLength(1);

    for (const hidden of ['CV', 'Documents', 'Motivation', 'Candidature']) expect(screen.queryByRole('heading', { level: 2, name: hidden })).toBeNull();
    expect(calls.paths.map((p) => p.replace(TOKEN, 'T'))).toEqual(['/api/shared/T', '/api/shared/T/detail', '/api/shared/T/applicant/activity-feed']);
  });

  it("shows an application's offer, status, motivation, documents and CV, without profile or comments", async () => {
    const calls = useSharedApi(makeInfo(['cv', 'documents', 'motivation'], 'application'), { feed: [] });
    renderApp(`/shared/${TOKEN}/application`, { lng: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Léa Moreau' })).toBeVisible();
    expect(screen.getByText('Shared application')).toBeVisible();
    expect(screen.getByText('Application: Développeuse front-end')).toBeVisible();
    const application = card('Application');
    expect(within(application).getByText('Interview')).toBeVisible();
    expect(await within(card('Motivation')).findByText('Motivé par ce poste précis.')).toBeVisible();
    const documents = await within(card('Documents')).findByRole('list', { name: 'Documents' });
    expect(within(documents).getByRole('link', { name: 'Download cni.pdf' })).toHaveAttribute('href', `/api/shared/${TOKEN}/documents/31`);
    expect(within(documents).getByText(/Identity document/)).toBeVisible();
    expect(await within(card('CV')).findByRole('region', { name: 'CV of Léa Moreau' })).toBeInTheDocument();

    expect(screen.queryByRole('heading', { level: 2, name: 'Profile' })).toBeNull();
    expect(screen.queryByRole('heading', { level: 2, name: 'Comments' })).toBeNull();
    expect(screen.queryByRole('feed')).toBeNull();
    expect(calls.paths.some((p) => p.includes('activity-feed') || p.endsWith('/detail'))).toBe(false);
  });

  it('says the link is no longer valid on a 404, without retrying, in the visitor language', async () => {
    let asked = 0;
    server.use(
      http.get(`*/api/shared/${TOKEN}`, () => {
        asked += 1;
        return HttpResponse.json({ message: 'Shared link not found', code: 'not_found' }, { status: 404 });
      }),
    );
    renderApp(`/shared/${TOKEN}/applicant`, { lng: 'de' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dieser Link ist nicht mehr gültig' })).toBeVisible();
    expect(screen.getByText(/Bitten Sie die Person/)).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toBe(1);
  });

  it('posts a comment under the name given, remembers the name, and deletes it', async () => {
    const calls = useSharedApi(makeInfo(['feed']));
    const user = userEvent.setup();
    renderApp(`/shared/${TOKEN}/applicant`);
    const form = await screen.findByRole('form', { name: 'Ajouter un commentaire' });
    const name = within(form).getByRole('textbox', { name: /^Votre nom/ });
    const text = within(form).getByRole('textbox', { name: /^Votre commentaire/ });

    // Nothing filled in: each field says what is missing, nothing is sent.
    await user.click(within(form).getByRole('button', { name: 'Publier' }));
    expect(await within(form).findAllByText('Ce champ est obligatoire.')).toHaveLength(2);
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(calls.posts).toHaveLength(0);

    await user.type(name, 'Paul Jury');
    await user.type(text, 'Très bon échange, à recevoir.');
    await user.click(within(form).getByRole('button', { name: 'Publier' }));
    expect(await screen.findByText('Votre commentaire est publié.')).toBeVisible();
    expect(calls.posts).toHaveLength(1);
    expect(calls.posts[0]?.get('name')).toBe('Paul Jury');
    expect(calls.posts[0]?.get('text')).toBe('Très bon échange, à recevoir.');
    expect(window.localStorage.getItem(NAME_KEY)).toBe('Paul Jury');
    expect(text).toHaveValue('');
    expect(name).toHaveValue('Paul Jury');
    const feed = screen.getByRole('feed', { name: 'Commentaires' });
    const mine = (await within(feed).findByText('Très bon échange, à recevoir.')).closest('article') as HTMLElement;
    expect(within(mine).getByRole('heading', { level: 3, name: 'Paul Jury (externe)' })).toBeVisible();

    await user.click(within(mine).getByRole('button', { name: 'Supprimer mon commentaire' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Supprimer votre commentaire ?' });
    await user.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Votre commentaire est supprimé.')).toBeVisible();
    expect(calls.deletes).toEqual([{ query: '90', body: { comment_id: 90 } }]);
    await waitFor(() => expect(within(feed).queryByText('Très bon échange, à recevoir.')).toBeNull());
  });

  it('fills in the remembered name and explains a refusal for too many comments', async () => {
    window.localStorage.setItem(NAME_KEY, 'Paul Jury');
    useSharedApi(makeInfo(['feed']), {
      onPost: () => HttpResponse.json({ message: 'Too many comments from this link.', code: 'too_many_comments' }, { status: 429, headers: { 'Retry-After': '600' } }),
    });
    const user = userEvent.setup();
    renderApp(`/shared/${TOKEN}/applicant`, { lng: 'en' });
    const form = await screen.findByRole('form', { name: 'Add a comment' });
    expect(within(form).getByRole('textbox', { name: /^Your name/ })).toHaveValue('Paul Jury');
    await user.type(within(form).getByRole('textbox', { name: /^Your comment/ }), 'One more.');
    await user.click(within(form).getByRole('button', { name: 'Post' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Too many comments were posted from this link. Wait a while before posting again.');
    // The text stays, to be sent later.
    expect(within(form).getByRole('textbox', { name: /^Your comment/ })).toHaveValue('One more.');
  });

  it("puts the server's refusal of a field on that field", async () => {
    useSharedApi(makeInfo(['feed']), {
      onPost: () => HttpResponse.json({ message: 'Invalid', code: 'validation_failed', errors: { name: ['max_length:100'] } }, { status: 422 }),
    });
    const user = userEvent.setup();
    renderApp(`/shared/${TOKEN}/applicant`, { lng: 'es' });
    const form = await screen.findByRole('form', { name: 'Añadir un comentario' });
    await user.type(within(form).getByRole('textbox', { name: /^Tu nombre/ }), 'Paul');
    await user.type(within(form).getByRole('textbox', { name: /^Tu comentario/ }), 'Hola');
    await user.click(within(form).getByRole('button', { name: 'Publicar' }));
    expect(await within(form).findByText('Máximo 100 caracteres.')).toBeVisible();
    expect(within(form).getByRole('textbox', { name: /^Tu nombre/ })).toHaveAttribute('aria-invalid', 'true');
  });
});
