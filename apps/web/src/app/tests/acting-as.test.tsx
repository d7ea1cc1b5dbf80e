import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { TActingAsMe } from '@embauche/contracts/acting-as';
import type { TMe } from '@embauche/contracts/auth';
import { reloadPage } from '../../features/acting-as/api/reload-page.ts';
import { makeMe } from '../../test/fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

vi.mock('../../features/acting-as/api/reload-page.ts', () => ({ reloadPage: vi.fn() }));

// The switcher and the banner are lazy chunks: loaded up front, as a browser with them cached would.
await Promise.all([
  import('../../features/acting-as/components/acting-as-switcher.tsx'),
  import('../../features/acting-as/components/acting-as-banner.tsx'),
]);

const page = <T,>(data: T[]) => ({ data, current_page: 1, last_page: 1, per_page: 20, total: data.length });
const COMPANIES = [
  { id: 1, social_reason: 'Embauche', spoofed: false },
  { id: 3, social_reason: 'Mairie de Saint-Aubin', spoofed: false },
];
const USERS = [
  { id: 30, firstname: 'Nadia', lastname: 'Benali', role_name: 'Administrateur', spoofed: false },
  { id: 31, firstname: 'Léa', lastname: 'Garnier', role_name: 'Chargé de recrutement', spoofed: false },
];
const ROLES = [
  { id: 10, name: 'Administrateur', parent_id: null },
  { id: 11, name: 'Recruteur', parent_id: 10 },
  { id: 12, name: 'Manager', parent_id: 11 },
];
const ACTING_COMPANY: TActingAsMe = {
  real_user: { id: 7, firstname: 'Sophie', lastname: 'Bernard' },
  company: { id: 3, social_reason: 'Mairie de Saint-Aubin' },
  role: null,
  user: null,
};

/** Answers every list and records the switches; `fail` makes the switches answer 404. */
function mockActingApi(family: 'superadmin' | 'partner', fail = false) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const searches: string[] = [];
  const record = async (request: Request) => {
    const url = new URL(request.url);
    const text = await request.text();
    calls.push({ method: request.method, path: url.pathname, body: text ? JSON.parse(text) : null });
    return fail
      ? HttpResponse.json({ message: 'Not found', code: 'not_found' }, { status: 404 })
      : new HttpResponse(null, { status: 204 });
  };
  server.use(
    http.get(`*/api/${family}/companies`, ({ request }) => {
      const search = new URL(request.url).searchParams.get('filter[search]') ?? '';
      searches.push(search);
      return HttpResponse.json(page(COMPANIES.filter((c) => c.social_reason.toLowerCase().includes(search.toLowerCase()))));
    }),
    http.get(`*/api/${family}/users`, () => HttpResponse.json(page(USERS))),
    http.get('*/api/partner/roles', () => HttpResponse.json(ROLES)),
    http.get(`*/api/${family}/current*company`, () => HttpResponse.json({ id: 3, social_reason: 'Mairie de Saint-Aubin', spoofed: true })),
    http.get(`*/api/${family}/current*user`, () => HttpResponse.json(USERS[0])),
    http.put(`*/api/${family}/*`, ({ request }) => record(request)),
    http.post(`*/api/${family}/*`, ({ request }) => record(request)),
  );
  return { calls, searches };
}

const admin = (overrides: Partial<TMe>) => makeMe(undefined, { firstname: 'Sophie', lastname: 'Bernard', ...overrides });
const openSwitcher = async () => {
  await userEvent.click(await screen.findByRole('button', { name: 'Agir en tant que…' }, { timeout: 5000 }));
  return within(await screen.findByRole('dialog', { name: 'Agir en tant que' }));
};

describe('acting as another company, role or user', () => {
  beforeEach(() => vi.mocked(reloadPage).mockClear());

  it('shows no switcher to a recruiter', async () => {
    signIn(makeMe());
    renderApp('/');
    await screen.findByRole('navigation', { name: 'Navigation principale' });
    expect(screen.queryByRole('button', { name: 'Agir en tant que…' })).not.toBeInTheDocument();
  });

  it('the super administrator searches a company, acts as it and the page reloads', async () => {
    const { calls, searches } = mockActingApi('superadmin');
    signIn(admin({ super_admin: true }));
    renderApp('/');
    const dialog = await openSwitcher();
    expect(dialog.queryByRole('list', { name: 'Utilisateur' })).not.toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Revenir à mon compte' })).not.toBeInTheDocument();
    await userEvent.type(dialog.getByRole('searchbox', { name: 'Rechercher une entreprise' }), 'mairie');
    await waitFor(() => expect(searches).toContain('mairie'), { timeout: 2000 });
    await waitFor(() => expect(dialog.queryByRole('button', { name: 'Embauche' })).not.toBeInTheDocument());
    await userEvent.click(dialog.getByRole('button', { name: 'Mairie de Saint-Aubin' }));
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(calls).toEqual([{ method: 'PUT', path: '/api/superadmin/change_company', body: { company_id: 3 } }]);
  });

  it('while acting as a company: a banner, the user picker, no role tree for a super administrator, and reset', async () => {
    const { calls } = mockActingApi('superadmin');
    signIn(admin({ super_admin: true, company_name: 'Mairie de Saint-Aubin', acting_as: ACTING_COMPANY }));
    renderApp('/');
    const banner = await screen.findByRole('region', { name: 'Agir en tant que' }, { timeout: 5000 });
    expect(banner).toHaveTextContent("Sophie Bernard agit en tant que l'entreprise Mairie de Saint-Aubin");
    const dialog = await openSwitcher();
    expect(await dialog.findByText('Entreprise actuelle : Mairie de Saint-Aubin')).toBeVisible();
    expect(dialog.queryByRole('list', { name: 'Rôle' })).not.toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: "Revenir à l'entreprise" })).not.toBeInTheDocument();
    await userEvent.click(await dialog.findByRole('button', { name: /Nadia Benali/ }));
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    await userEvent.click(dialog.getByRole('button', { name: 'Revenir à mon compte' }));
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(2));
    expect(calls).toEqual([
      { method: 'PUT', path: '/api/superadmin/change_user', body: { user_id: 30 } },
      { method: 'POST', path: '/api/superadmin/reset', body: null },
    ]);
  });

  it('the partner picks a role in the tree while no user is acted as', async () => {
    const { calls } = mockActingApi('partner');
    signIn(admin({ partner_admin: true, acting_as: ACTING_COMPANY }));
    renderApp('/');
    const dialog = await openSwitcher();
    const tree = await dialog.findByRole('list', { name: 'Rôle' });
    const manager = await within(tree).findByRole('button', { name: 'Manager' });
    // Manager sits under Recruteur, under the root.
    expect(manager.closest('ul')?.closest('li')).toHaveTextContent(/^Recruteur/);
    await userEvent.click(manager);
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(calls).toEqual([{ method: 'PUT', path: '/api/partner/change-role', body: { role_id: 12 } }]);
  });

  it('the partner acting as a user: no role tree, the user picker, back to the company', async () => {
    const { calls } = mockActingApi('partner');
    signIn(
      admin({
        partner_admin: true,
        acting_as: { ...ACTING_COMPANY, user: { id: 30, firstname: 'Nadia', lastname: 'Benali' } },
      }),
    );
    renderApp('/');
    expect(await screen.findByRole('region', { name: 'Agir en tant que' }, { timeout: 5000 })).toHaveTextContent(
      'Sophie Bernard agit en tant que Nadia Benali (Mairie de Saint-Aubin)',
    );
    const dialog = await openSwitcher();
    expect(await dialog.findByRole('list', { name: 'Utilisateur' })).toBeVisible();
    expect(dialog.queryByRole('list', { name: 'Rôle' })).not.toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: "Revenir à l'entreprise" }));
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(calls).toEqual([{ method: 'POST', path: '/api/partner/reset-user', body: null }]);
  });

  it('a failed switch shows a toast and does not reload', async () => {
    mockActingApi('superadmin', true);
    signIn(admin({ super_admin: true }));
    renderApp('/');
    const dialog = await openSwitcher();
    await userEvent.click(await dialog.findByRole('button', { name: 'Mairie de Saint-Aubin' }));
    expect(await screen.findByText('Le changement de compte a échoué.')).toBeVisible();
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('shows the banner and the switcher in English too', async () => {
    mockActingApi('superadmin');
    signIn(admin({ super_admin: true, language: 'en', acting_as: ACTING_COMPANY }));
    renderApp('/', { lng: 'en' });
    expect(await screen.findByRole('region', { name: 'Act as' }, { timeout: 5000 })).toHaveTextContent(
      'Sophie Bernard is acting as the company Mairie de Saint-Aubin',
    );
    expect(screen.getByRole('button', { name: 'Act as…' })).toBeVisible();
  });
});
