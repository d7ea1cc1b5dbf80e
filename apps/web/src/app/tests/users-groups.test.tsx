import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import type { TGroup, TGroupUser } from '@embauche/contracts/groups';
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

const PERMISSIONS = [...ADMIN_PERMISSIONS, 'internal.users_groups'];

const person = (id: number, firstname: string, lastname: string, active = true): TGroupUser => ({
  id,
  firstname,
  lastname,
  email: `${firstname.toLowerCase()}@example.com`,
  img_src: null,
  active,
});
const USERS = [person(1, 'Camille', 'Durand'), person(2, 'Julien', 'Morel'), person(3, 'Léa', 'Garnier', false)];

/** The groups API over groups and memberships that the calls change; requests are kept. */
function useGroupsApi() {
  let groups: TGroup[] = [
    { id: 5, name: 'Direction', member_count: 1, created_at: '2026-01-02T10:00:00.000Z' },
    { id: 6, name: 'Recrutement Lyon', member_count: 0, created_at: '2026-01-02T10:00:00.000Z' },
  ];
  const members = new Map<number, number[]>([[5, [1]]]);
  const queries: URLSearchParams[] = [];
  const bodies: { method: string; url: string; body: unknown }[] = [];
  const count = (g: TGroup) => ({ ...g, member_count: members.get(g.id)?.length ?? 0 });
  server.use(
    http.get('*/api/groups/users', ({ request }) => {
      const q = (new URL(request.url).searchParams.get('filter[search]') ?? '').toLowerCase();
      const data = USERS.filter((u) => `${u.firstname} ${u.lastname}`.toLowerCase().includes(q));
      return HttpResponse.json({ data, current_page: 1, last_page: 1, per_page: 50, total: data.length });
    }),
    http.get('*/api/groups/:id/members', ({ params }) => {
      const data = USERS.filter((u) => members.get(Number(params.id))?.includes(u.id)).map((u) => ({ ...u, level: 0 }));
      return HttpResponse.json({ data, current_page: 1, last_page: 1, per_page: 100, total: data.length });
    }),
    http.get('*/api/groups', ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.push(params);
      const q = (params.get('filter[search]') ?? '').toLowerCase();
      const data = groups.filter((g) => g.name.toLowerCase().includes(q)).map(count);
      return HttpResponse.json({ data, current_page: 1, last_page: 1, per_page: 20, total: data.length });
    }),
    http.post('*/api/groups', async ({ request }) => {
      const body = (await request.json()) as { name: string };
      bodies.push({ method: 'POST', url: request.url, body });
      if (groups.some((g) => g.name.toLowerCase() === body.name.toLowerCase()))
        return HttpResponse.json({ message: 'invalid', code: 'validation_failed', errors: { name: ['not_unique'] } }, { status: 422 });
      const group = { id: 9, name: body.name, member_count: 0, created_at: '2026-11-26T10:00:00.000Z' };
      groups.push(group);
      return HttpResponse.json(group, { status: 201 });
    }),
    http.put('*/api/groups/:id/members', async ({ request, params }) => {
      const body = (await request.json()) as { user_ids: number[] };
      bodies.push({ method: 'PUT', url: request.url, body });
      members.set(Number(params.id), body.user_ids);
      return new HttpResponse(null, { status: 204 });
    }),
    http.put('*/api/groups/:id', async ({ request, params }) => {
      const body = (await request.json()) as { name: string };
      bodies.push({ method: 'PUT', url: request.url, body });
      groups = groups.map((g) => (g.id === Number(params.id) ? { ...g, name: body.name } : g));
      return HttpResponse.json(count(groups.find((g) => g.id === Number(params.id))!));
    }),
    http.delete('*/api/groups/:id', ({ request, params }) => {
      bodies.push({ method: 'DELETE', url: request.url, body: null });
      groups = groups.filter((g) => g.id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { queries, bodies };
}

describe('config users/groups page', () => {
  it('is hidden from the menu and forbidden without internal.users_groups', async () => {
    signIn(makeMe(ADMIN_PERMISSIONS));
    renderApp('/config/users/groups');
    expect(await screen.findByRole('heading', { name: "Vous n'avez pas accès à cette page" }, { timeout: 5000 })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Groupes' })).not.toBeInTheDocument();
  });

  it('lists groups as cards on a phone, searches through the URL, creates and renames a group', async () => {
    signIn(makeMe(PERMISSIONS));
    const { queries, bodies } = useGroupsApi();
    renderApp('/config/users/groups');
    const list = await screen.findByRole('list', { name: 'Groupes' }, { timeout: 5000 });
    expect(within(list).getByText('Direction')).toBeVisible();
    expect(within(list).getByText('1 membre')).toBeVisible();
    expect(screen.getByText('2 groupes')).toBeVisible();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Trier par' }), 'Plus de membres');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'dir');
    await waitFor(() => expect(queries.at(-1)?.get('filter[search]')).toBe('dir'));
    expect(queries.at(-1)?.get('sort')).toBe('-member_count');
    await waitFor(() => expect(window.location.search).toContain('q=dir'));
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Rechercher' }));

    await userEvent.click(screen.getByRole('button', { name: 'Nouveau groupe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau groupe' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Créer' }));
    expect(await within(dialog).findByText('Ce champ est obligatoire.')).toBeVisible();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Nom' }), 'direction');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Créer' }));
    expect(await within(dialog).findByText('Cette valeur est déjà utilisée.')).toBeVisible();
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Nom' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Nom' }), 'Jury');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Créer' }));
    expect(await screen.findByText('Groupe « Jury » créé.')).toBeVisible();
    expect(bodies.at(-1)).toMatchObject({ method: 'POST', body: { name: 'Jury' } });

    await userEvent.click(await screen.findByRole('button', { name: 'Renommer Jury' }));
    const rename = await screen.findByRole('dialog', { name: 'Renommer le groupe' });
    const name = within(rename).getByRole('textbox', { name: 'Nom' });
    expect(name).toHaveValue('Jury');
    await userEvent.clear(name);
    await userEvent.type(name, 'Jury final');
    await userEvent.click(within(rename).getByRole('button', { name: 'Renommer' }));
    expect(await screen.findByText('Groupe renommé en « Jury final ».')).toBeVisible();
    expect(bodies.at(-1)).toMatchObject({ method: 'PUT', body: { name: 'Jury final' } });
    expect(bodies.at(-1)?.url).toMatch(/\/api\/groups\/9$/);
  });

  it('sets the members in a table on a wide screen, and deletes a group after confirmation', async () => {
    window.matchMedia = (query: string) => mediaQueryList(query, true);
    signIn(makeMe(PERMISSIONS));
    const { bodies } = useGroupsApi();
    renderApp('/config/users/groups');
    const table = await screen.findByRole('table', { name: 'Groupes' }, { timeout: 5000 });
    const row = within(table).getByRole('row', { name: /Direction/ });
    expect(within(row).getByRole('cell', { name: '1 membre' })).toBeVisible();

    await userEvent.click(within(row).getByRole('button', { name: 'Membres de Direction' }));
    const dialog = await screen.findByRole('dialog', { name: 'Membres de « Direction »' });
    expect(await within(dialog).findByRole('checkbox', { name: 'Camille Durand' })).toBeChecked();
    expect(within(dialog).getByText('1 membre choisi')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Julien Morel' }));
    expect(within(dialog).getByRole('checkbox', { name: 'Léa Garnier (désactivé)' })).not.toBeChecked();
    await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Rechercher un utilisateur' }), 'léa');
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Léa Garnier (désactivé)' }));
    await waitFor(() => expect(within(dialog).queryByRole('checkbox', { name: 'Camille Durand' })).not.toBeInTheDocument());
    expect(within(dialog).getByText('3 membres choisis')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Membres de « Direction » enregistrés.')).toBeVisible();
    expect(bodies.at(-1)).toMatchObject({ method: 'PUT', body: { user_ids: [1, 2, 3] } });
    expect(await within(table).findByRole('cell', { name: '3 membres' })).toBeVisible();
    // Opened again, the dialog starts from the saved members, not from the first answer it cached.
    await userEvent.click(within(row).getByRole('button', { name: 'Membres de Direction' }));
    const again = await screen.findByRole('dialog', { name: 'Membres de « Direction »' });
    expect(await within(again).findByRole('checkbox', { name: 'Julien Morel' })).toBeChecked();
    expect(within(again).getByText('3 membres choisis')).toBeVisible();
    await userEvent.click(within(again).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(within(table).getByRole('button', { name: 'Supprimer Recrutement Lyon' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Supprimer le groupe « Recrutement Lyon » ?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Groupe « Recrutement Lyon » supprimé.')).toBeVisible();
    expect(bodies.at(-1)).toMatchObject({ method: 'DELETE' });
    await waitFor(() => expect(within(table).queryByText('Recrutement Lyon')).not.toBeInTheDocument());
  });
});
