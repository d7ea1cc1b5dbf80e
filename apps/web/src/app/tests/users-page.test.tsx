import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import type { TUser } from '@embauche/contracts/users';
import { ADMIN_PERMISSIONS, makeMe } from '../../test/fixtures.ts';
import { mediaQueryList } from '../../test/media-query-list.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

if (!HTMLElement.prototype.setPointerCapture) HTMLElement.prototype.setPointerCapture = () => {};
const narrow = window.matchMedia;
afterEach(() => {
  toast.dismiss();
  window.matchMedia = narrow;
});

function makeUser(overrides: Partial<TUser> = {}): TUser {
  return {
    id: 11,
    firstname: 'Julien',
    lastname: 'Morel',
    email: 'julien.morel@example.com',
    img_src: null,
    language: 'fr',
    active: true,
    role_id: 3,
    role: { id: 3, name: 'Recruteur' },
    subsidiary_id: null,
    subsidiary: null,
    groups: [{ id: 5, name: 'Direction', level: 0 }],
    last_login_at: null,
    created_at: '2026-01-02T10:00:00.000Z',
    ...overrides,
  };
}

const CHOICES = {
  roles: [
    { id: 2, name: 'Administrateur' },
    { id: 3, name: 'Recruteur' },
  ],
  groups: [{ id: 5, name: 'Direction' }],
  subsidiaries: [],
};

/** The users API over a list that creations, updates and activations change; requests are kept. */
function useUsersApi(initial: TUser[]) {
  let users = [...initial];
  const queries: URLSearchParams[] = [];
  const bodies: { method: string; url: string; body: unknown }[] = [];
  server.use(
    http.get('*/api/users/choices', () => HttpResponse.json(CHOICES)),
    http.get('*/api/users', ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.push(params);
      const q = (params.get('filter[q]') ?? '').toLowerCase();
      const data = users.filter((u) => `${u.firstname} ${u.lastname} ${u.email}`.toLowerCase().includes(q));
      return HttpResponse.json({ data, current_page: 1, last_page: 1, per_page: 20, total: data.length });
    }),
    http.post('*/api/users', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push({ method: 'POST', url: request.url, body });
      if (body.email === 'taken@example.com')
        return HttpResponse.json({ message: 'invalid', code: 'validation_failed', errors: { email: ['email_taken'] } }, { status: 422 });
      const user = makeUser({ id: 99, firstname: String(body.firstname), lastname: String(body.lastname), email: String(body.email), groups: [] });
      users.push(user);
      return HttpResponse.json(user, { status: 201 });
    }),
    http.put('*/api/users/account-activation', async ({ request }) => {
      const body = (await request.json()) as { user_ids: number[]; active: boolean };
      bodies.push({ method: 'PUT', url: request.url, body });
      users = users.map((u) => (body.user_ids.includes(u.id) ? { ...u, active: body.active } : u));
      return new HttpResponse(null, { status: 204 });
    }),
    http.put('*/api/users/:id', async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push({ method: 'PUT', url: request.url, body });
      users = users.map((u) => (u.id === Number(params.id) ? { ...u, lastname: String(body.lastname) } : u));
      return HttpResponse.json(users.find((u) => u.id === Number(params.id)));
    }),
  );
  return { queries, bodies };
}

describe('config users/list page', () => {
  it('is hidden from the menu and forbidden without internal.users_list', async () => {
    signIn(makeMe(ADMIN_PERMISSIONS.filter((p) => p !== 'internal.users_list')));
    renderApp('/config/users/list');
    expect(await screen.findByRole('heading', { name: "Vous n'avez pas accès à cette page" }, { timeout: 5000 })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Liste des utilisateurs' })).not.toBeInTheDocument();
  });

  it('lists users as cards on a phone, filters through the URL, and creates a user', async () => {
    signIn(makeMe(ADMIN_PERMISSIONS));
    const { queries, bodies } = useUsersApi([makeUser(), makeUser({ id: 7, firstname: 'Camille', lastname: 'Martin', email: 'camille.martin@example.com' })]);
    renderApp('/config/users/list');
    const list = await screen.findByRole('list', { name: 'Utilisateurs' }, { timeout: 5000 });
    expect(within(list).getByText('Julien Morel')).toBeVisible();
    expect(screen.getByText('2 utilisateurs')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Liste des utilisateurs' })).toHaveAttribute('href', '/config/users/list');
    // The signed-in user cannot deactivate themselves.
    expect(screen.queryByRole('button', { name: 'Désactiver Camille Martin' })).not.toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Rôle' }), 'Administrateur');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Statut' }), 'Désactivés');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Trier par' }), 'E-mail (Z → A)');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Nom ou e-mail' }), 'jul');
    await waitFor(() => expect(queries.at(-1)?.get('filter[q]')).toBe('jul'));
    const last = queries.at(-1)!;
    expect(last.get('filter[role]')).toBe('2');
    expect(last.get('filter[active]')).toBe('0');
    expect(last.get('sort')).toBe('-email');
    await waitFor(() => expect(window.location.search).toContain('role=2'));
    await waitFor(() => expect(window.location.search).toContain('sort=-email'));

    await userEvent.click(screen.getByRole('button', { name: 'Ajouter un utilisateur' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter un utilisateur' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(await within(dialog).findAllByText('Ce champ est obligatoire.')).toHaveLength(4);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Prénom' }), 'Inès');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Nom' }), 'Zeller');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'taken@example.com');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Rôle' }), 'Recruteur');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Direction' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(await within(dialog).findByText('Cette adresse e-mail appartient déjà à un utilisateur de votre entreprise.')).toBeVisible();

    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'E-mail' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'ines@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(await screen.findByText('Inès Zeller a été ajouté.')).toBeVisible();
    expect(bodies.at(-1)?.body).toEqual({
      firstname: 'Inès',
      lastname: 'Zeller',
      email: 'ines@example.com',
      role_id: 3,
      language: 'fr',
      subsidiary_id: null,
      group_ids: [5],
    });
  });

  it('shows a table on a wide screen, edits a user and deactivates another after confirmation', async () => {
    window.matchMedia = (query: string) => mediaQueryList(query, query === '(min-width: 1024px)');
    signIn(makeMe(ADMIN_PERMISSIONS));
    const { bodies } = useUsersApi([makeUser()]);
    renderApp('/config/users/list');
    const table = await screen.findByRole('table', { name: 'Utilisateurs' }, { timeout: 5000 });
    expect(within(table).getByRole('columnheader', { name: 'Dernière connexion' })).toBeVisible();
    expect(within(table).getByText('Jamais')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Modifier Julien Morel' }));
    const dialog = await screen.findByRole('dialog', { name: "Modifier l'utilisateur" });
    const lastname = within(dialog).getByRole('textbox', { name: 'Nom' });
    await userEvent.clear(lastname);
    await userEvent.type(lastname, 'Morel-Blanc');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Julien Morel-Blanc a été modifié.')).toBeVisible();
    expect(bodies.at(-1)).toMatchObject({ method: 'PUT', body: { lastname: 'Morel-Blanc', role_id: 3, group_ids: [5] } });
    expect(bodies.at(-1)?.url).toMatch(/\/api\/users\/11$/);

    await userEvent.click(await screen.findByRole('button', { name: 'Désactiver Julien Morel-Blanc' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Désactiver Julien Morel-Blanc ?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Désactiver' }));
    expect(await screen.findByText('Julien Morel-Blanc a été désactivé.')).toBeVisible();
    expect(bodies.at(-1)?.body).toEqual({ user_ids: [11], active: false });
    expect(await screen.findByRole('button', { name: 'Réactiver Julien Morel-Blanc' })).toBeVisible();
  });

  it('offers only the subsidiaries not archived; the edited user keeps their archived one', async () => {
    window.matchMedia = (query: string) => mediaQueryList(query, query === '(min-width: 1024px)');
    signIn(makeMe(ADMIN_PERMISSIONS));
    const { bodies } = useUsersApi([makeUser({ subsidiary_id: 8, subsidiary: { id: 8, name: 'Valmont Ancienne' } })]);
    server.use(http.get('*/api/users/choices', () => HttpResponse.json({ ...CHOICES, subsidiaries: [{ id: 7, name: 'Valmont Nord' }] })));
    renderApp('/config/users/list');
    await screen.findByRole('table', { name: 'Utilisateurs' }, { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: 'Modifier Julien Morel' }));
    const dialog = await screen.findByRole('dialog', { name: "Modifier l'utilisateur" });
    const select = within(dialog).getByRole('combobox', { name: 'Filiale' });
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Aucune filiale', 'Valmont Nord', 'Valmont Ancienne (archivée)']);
    expect(select).toHaveValue('8');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ method: 'PUT', body: { subsidiary_id: 8 } }));

    // A new user: the archived one is not offered.
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter un utilisateur' }));
    const create = await screen.findByRole('dialog', { name: 'Ajouter un utilisateur' });
    const options = within(within(create).getByRole('combobox', { name: 'Filiale' })).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Aucune filiale', 'Valmont Nord']);
  });
});
