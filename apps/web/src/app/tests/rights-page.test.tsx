import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import type { TRole } from '@embauche/contracts/roles';
import { ADMIN_PERMISSIONS, makeMe } from '../../test/fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

if (!HTMLElement.prototype.setPointerCapture) HTMLElement.prototype.setPointerCapture = () => {};
afterEach(() => {
  toast.dismiss();
});

const ROLES: TRole[] = [
  { id: 1, name: 'Administrateur', parent_id: null, user_count: 1 },
  { id: 2, name: 'Recruteur', parent_id: 1, user_count: 2 },
  { id: 3, name: 'Manager', parent_id: 2, user_count: 0 },
];

/** The roles API over a tree and permission sets; the bodies sent are kept. */
function mockRolesApi() {
  const permissions: Record<number, string[]> = {
    1: ['project.list', 'internal.users_rights'],
    2: ['project.list', 'project_application.see'],
    3: [],
  };
  const bodies: { method: string; url: string; body: unknown }[] = [];
  server.use(
    http.get('*/api/roles', () => HttpResponse.json(ROLES)),
    http.get('*/api/roles/:id/permissions', ({ params }) =>
      HttpResponse.json({ role_id: Number(params.id), permissions: permissions[Number(params.id)] ?? [] }),
    ),
    http.put('*/api/roles/:id/permissions', async ({ request, params }) => {
      const body = (await request.json()) as { permissions: string[] };
      bodies.push({ method: 'PUT', url: request.url, body });
      permissions[Number(params.id)] = body.permissions;
      return HttpResponse.json({ role_id: Number(params.id), permissions: body.permissions });
    }),
    http.delete('*/api/roles/:id', ({ params }) => {
      bodies.push({ method: 'DELETE', url: `/api/roles/${String(params.id)}`, body: null });
      return HttpResponse.json(
        { message: 'The role is held by 2 user(s).', code: 'role_in_use', errors: { users: ['role_in_use:2'] } },
        { status: 409 },
      );
    }),
  );
  return { bodies };
}

async function openPage() {
  signIn(makeMe(ADMIN_PERMISSIONS));
  const api = mockRolesApi();
  const view = renderApp('/config/users/rights');
  const tree = await screen.findByRole('tree', { name: "Rôles de l'entreprise" }, { timeout: 5000 });
  return { ...api, ...view, tree, user: userEvent.setup() };
}

describe('config users/rights page', () => {
  it('is forbidden without internal.users_rights', async () => {
    signIn(makeMe(ADMIN_PERMISSIONS.filter((p) => p !== 'internal.users_rights')));
    renderApp('/config/users/rights');
    expect(await screen.findByRole('heading', { name: "Vous n'avez pas accès à cette page" }, { timeout: 5000 })).toBeVisible();
  });

  it('shows the tree with the root selected and its rights', async () => {
    const { tree } = await openPage();
    const items = within(tree).getAllByRole('treeitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveAccessibleName(/Administrateur/);
    expect(items[0]).toHaveAttribute('aria-selected', 'true');
    expect(items[2]).toHaveAttribute('aria-level', '3');
    expect(await screen.findByRole('heading', { name: 'Droits du rôle Administrateur' })).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Voir les projets' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Gérer les rôles et les droits' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Créer des projets' })).not.toBeChecked();
    expect(screen.getByRole('group', { name: 'Candidatures' })).toBeVisible();
  });

  it('selects a role by keyboard, toggles rights and saves the whole set', async () => {
    const { tree, user, bodies } = await openPage();
    await screen.findByRole('heading', { name: 'Droits du rôle Administrateur' });
    within(tree).getAllByRole('treeitem')[0]!.focus();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(await screen.findByRole('heading', { name: 'Droits du rôle Recruteur' })).toBeVisible();
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Voir les candidatures' })).toBeChecked());
    expect(screen.getByRole('button', { name: 'Enregistrer les droits' })).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: 'Accéder à la configuration' }));
    await user.click(screen.getByRole('checkbox', { name: 'Tous les droits : Projets' }));
    expect(screen.getByText('Modifications non enregistrées')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Enregistrer les droits' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]!.url).toMatch(/\/api\/roles\/2\/permissions$/);
    expect(bodies[0]!.body).toEqual({
      permissions: ['project.list', 'project.see_all', 'project.create', 'project.edit', 'project.delete', 'project_application.see', 'config.access'],
    });
    await waitFor(() => expect(screen.queryByText('Modifications non enregistrées')).not.toBeInTheDocument());
  });

  it('asks before switching role with unsaved changes', async () => {
    const { tree, user } = await openPage();
    await screen.findByRole('heading', { name: 'Droits du rôle Administrateur' });
    await user.click(screen.getByRole('checkbox', { name: 'Créer des projets' }));
    await user.click(within(tree).getByRole('treeitem', { name: /Manager/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Abandonner les modifications ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Continuer la modification' }));
    expect(screen.getByRole('heading', { name: 'Droits du rôle Administrateur' })).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Créer des projets' })).toBeChecked();

    await user.click(within(tree).getByRole('treeitem', { name: /Manager/ }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Abandonner les modifications' }));
    expect(await screen.findByRole('heading', { name: 'Droits du rôle Manager' })).toBeVisible();
  });

  it('asks before leaving the page with unsaved changes', async () => {
    const { user, location } = await openPage();
    server.use(
      http.get('*/api/users/choices', () => HttpResponse.json({ roles: [], groups: [], subsidiaries: [] })),
      http.get('*/api/users', () => HttpResponse.json({ data: [], current_page: 1, last_page: 1, per_page: 20, total: 0 })),
    );
    await screen.findByRole('heading', { name: 'Droits du rôle Administrateur' });
    await user.click(screen.getByRole('checkbox', { name: 'Créer des projets' }));
    await user.click(screen.getByRole('link', { name: 'Liste des utilisateurs' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Abandonner les modifications ?' });
    expect(location()).toBe('/config/users/rights');
    await user.click(within(dialog).getByRole('button', { name: 'Abandonner les modifications' }));
    await waitFor(() => expect(location()).toBe('/config/users/list'));
  });

  it('adds a child role and moves a role under another parent', async () => {
    const { tree, user } = await openPage();
    const sent: { method: string; body: unknown }[] = [];
    server.use(
      http.post('*/api/roles', async ({ request }) => {
        const body = (await request.json()) as { name: string; parent_id: number };
        sent.push({ method: 'POST', body });
        return HttpResponse.json({ id: 9, name: body.name, parent_id: body.parent_id, user_count: 0 }, { status: 201 });
      }),
      http.put('*/api/roles/:id', async ({ request }) => {
        const body = (await request.json()) as { name: string; parent_id: number };
        sent.push({ method: 'PUT', body });
        return HttpResponse.json({ id: 3, ...body, user_count: 0 });
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Ajouter un sous-rôle' }));
    const create = await screen.findByRole('dialog', { name: 'Nouveau sous-rôle de Administrateur' });
    await user.type(within(create).getByRole('textbox', { name: /Nom du rôle/ }), 'Assistant');
    await user.click(within(create).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(sent).toEqual([{ method: 'POST', body: { name: 'Assistant', parent_id: 1 } }]));

    await user.click(within(tree).getByRole('treeitem', { name: /Manager/ }));
    await user.click(screen.getByRole('button', { name: 'Déplacer' }));
    const move = await screen.findByRole('dialog', { name: 'Déplacer le rôle Manager' });
    const parent = within(move).getByRole('combobox', { name: /Nouveau rôle parent/ });
    // Neither the role itself nor anything under it is offered.
    expect(within(parent).getAllByRole('option').map((o) => o.textContent?.trim())).toEqual(['Administrateur', 'Recruteur']);
    await user.selectOptions(parent, '1');
    await user.click(within(move).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(sent[1]).toEqual({ method: 'PUT', body: { name: 'Manager', parent_id: 1 } }));
  });

  it('shows why a role cannot be deleted (409 with the count)', async () => {
    const { tree, user, bodies } = await openPage();
    expect(screen.getByRole('button', { name: 'Supprimer' })).toBeDisabled();
    await user.click(within(tree).getByRole('treeitem', { name: /Recruteur/ }));
    await user.click(screen.getByRole('button', { name: 'Supprimer' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Supprimer le rôle Recruteur ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent("Ce rôle est attribué à 2 utilisateurs : changez d'abord leur rôle.");
    expect(bodies).toEqual([{ method: 'DELETE', url: '/api/roles/2', body: null }]);
  });
});
