import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import type { TCommunityMember } from '@embauche/contracts/community';
import { RECRUITER_PERMISSIONS, makeMe } from '../../test/fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

afterEach(() => {
  toast.dismiss();
});

const LEA: TCommunityMember = {
  id: 7,
  firstname: 'Léa',
  lastname: 'Martin',
  email: 'lea.martin@example.org',
  phone: '+33 6 12 34 56 78',
  language: 'fr',
  interests: [{ id: 3, name: 'Valmont Industrie' }],
  cv_filename: 'cv-lea.pdf',
  consent: {
    state: 'active',
    notice_language: 'fr',
    notice_version: 2,
    consented_at: '2026-11-20T10:00:00.000Z',
    retention_until: '2028-11-20T10:00:00.000Z',
    unsubscribed_at: null,
  },
  applicant_id: null,
  joined_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
};
const PAUL: TCommunityMember = {
  ...LEA,
  id: 8,
  firstname: 'Paul',
  lastname: 'Durand',
  email: 'paul@example.org',
  interests: [],
  consent: { ...LEA.consent, state: 'unsubscribed', unsubscribed_at: '2026-11-25T10:00:00.000Z' },
};

/** The community API: the list filtered as the server would, the member, the lists, the offers. */
function useCommunityApi() {
  const queries: URLSearchParams[] = [];
  const invites: unknown[] = [];
  const adds: unknown[] = [];
  server.use(
    http.get('*/api/community/interests', () =>
      HttpResponse.json([{ id: 3, name: 'Valmont Industrie' }]),
    ),
    http.get('*/api/community/members', ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.push(params);
      const search = params.get('filter[search]') ?? '';
      const consent = params.get('filter[consent]');
      const data = [LEA, PAUL].filter(
        (m) =>
          (!search ||
            `${m.firstname} ${m.lastname} ${m.email}`
              .toLowerCase()
              .includes(search.toLowerCase())) &&
          (!consent || m.consent.state === consent),
      );
      return HttpResponse.json({
        data,
        current_page: 1,
        last_page: 1,
        per_page: 20,
        total: data.length,
      });
    }),
    http.get('*/api/community/members/:id', ({ params }) =>
      params.id === '7'
        ? HttpResponse.json(LEA)
        : params.id === '8'
          ? HttpResponse.json(PAUL)
          : HttpResponse.json({ message: 'Not found' }, { status: 404 }),
    ),
    http.get('*/api/recruitment-lists', () =>
      HttpResponse.json({
        data: [{ id: 41, name: 'Vivier soudure', can_add: true, applicant_amount: 2 }],
        current_page: 1,
        last_page: 1,
        per_page: 50,
        total: 1,
      }),
    ),
    http.get('*/api/projects/all/offers', () =>
      HttpResponse.json({
        data: [{ id: 90, job_position: 'Soudeur H/F', location: 'Lyon' }],
        current_page: 1,
        last_page: 1,
        per_page: 20,
        total: 1,
      }),
    ),
    http.post('*/api/community/members/:id/recruitment-list', async ({ request }) => {
      adds.push(await request.json());
      return HttpResponse.json({ applicant_id: 501, list_id: 41 });
    }),
    http.post('*/api/community/members/:id/invitations', async ({ request }) => {
      invites.push(await request.json());
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { queries, invites, adds };
}

describe('community area', () => {
  it('lists the members with their consent, searches and filters through the URL', async () => {
    signIn(makeMe(RECRUITER_PERMISSIONS));
    const api = useCommunityApi();
    renderApp('/community');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Communauté' }, { timeout: 5000 }),
    ).toBeVisible();
    const list = await screen.findByRole('list', { name: 'Membres' });
    expect(within(list).getByRole('link', { name: 'Léa Martin' })).toHaveAttribute(
      'href',
      '/community/members/7',
    );
    expect(within(list).getByText('Désinscrit')).toBeVisible();
    expect(screen.getByText('2 membres')).toBeVisible();

    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Consentement' }),
      'Désinscrit',
    );
    expect(await screen.findByText('1 membre')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Léa Martin' })).toBeNull();
    expect(api.queries.at(-1)?.get('filter[consent]')).toBe('unsubscribed');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'zzz');
    expect(
      await screen.findByText('Aucun membre ne correspond à ces critères.', {}, { timeout: 3000 }),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Effacer les filtres' }));
    expect(await screen.findByRole('link', { name: 'Léa Martin' })).toBeVisible();
  });

  it('shows a member, adds them to a list and invites them to apply', async () => {
    signIn(makeMe(RECRUITER_PERMISSIONS));
    const api = useCommunityApi();
    renderApp('/community/members/7');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Léa Martin' }, { timeout: 5000 }),
    ).toBeVisible();
    expect(screen.getByText('Consentement valide')).toBeVisible();
    expect(screen.getByText('Version 2 (FR)')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Télécharger cv-lea.pdf' })).toHaveAttribute(
      'href',
      '/api/community/members/7/cv',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Ajouter à une liste' }));
    const listDialog = await screen.findByRole('dialog', {
      name: 'Ajouter à une liste de recrutement',
    });
    await userEvent.click(await within(listDialog).findByRole('radio', { name: /Vivier soudure/ }));
    await userEvent.click(within(listDialog).getByRole('button', { name: 'Ajouter' }));
    expect(
      await screen.findByText('Léa Martin a été ajouté à la liste Vivier soudure.'),
    ).toBeVisible();
    expect(api.adds).toEqual([{ list_id: 41 }]);

    await userEvent.click(screen.getByRole('button', { name: 'Inviter à postuler' }));
    const inviteDialog = await screen.findByRole('dialog', { name: 'Inviter à postuler' });
    await userEvent.click(await within(inviteDialog).findByRole('radio', { name: /Soudeur H\/F/ }));
    await userEvent.click(
      within(inviteDialog).getByRole('button', { name: 'Envoyer l’invitation' }),
    );
    expect(
      await screen.findByText('Invitation envoyée à Léa Martin pour Soudeur H/F.'),
    ).toBeVisible();
    expect(api.invites).toEqual([{ offer_id: 90 }]);
  });

  it('an unsubscribed member cannot be invited; without project.list no list action; English', async () => {
    signIn(makeMe([], { language: 'en' }));
    useCommunityApi();
    renderApp('/community/members/8', { lng: 'en' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Paul Durand' }, { timeout: 5000 }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Invite to apply' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Invite to apply' })).toHaveAccessibleDescription(
      /unsubscribed/,
    );
    expect(screen.queryByRole('button', { name: 'Add to a list' })).toBeNull();
    expect(screen.getByText('Unsubscribed', { selector: 'span' })).toBeVisible();
  });

  it('is in the main navigation for any user, before the configuration', async () => {
    signIn(makeMe([]));
    useCommunityApi();
    renderApp('/community');
    const nav = await screen.findByRole(
      'navigation',
      { name: 'Navigation principale' },
      { timeout: 5000 },
    );
    expect(within(nav).getByRole('link', { name: 'Communauté' })).toHaveAttribute(
      'href',
      '/community',
    );
  });
});
