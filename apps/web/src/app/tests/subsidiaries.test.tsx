import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import type { TSubsidiaryItem, TSubsidiaryUser } from '@embauche/contracts/subsidiaries';
import { ADMIN_PERMISSIONS, makeMe } from '../../test/fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

if (!HTMLElement.prototype.setPointerCapture) HTMLElement.prototype.setPointerCapture = () => {};
if (!HTMLElement.prototype.hasPointerCapture) HTMLElement.prototype.hasPointerCapture = () => false;
afterEach(() => {
  toast.dismiss();
});

const PERMISSIONS = [...ADMIN_PERMISSIONS, 'config.subsidiaries'];

const person = (id: number, firstname: string, lastname: string, subsidiary: [number, string] | null = null): TSubsidiaryUser => ({
  id,
  firstname,
  lastname,
  email: `${firstname.toLowerCase()}@example.com`,
  active: true,
  subsidiary_id: subsidiary?.[0] ?? null,
  subsidiary_name: subsidiary?.[1] ?? null,
});

/** The subsidiaries API over a tree that the calls change; request bodies are kept. */
function useSubsidiariesApi() {
  let mode = false;
  let items: TSubsidiaryItem[] = [
    { id: 1, name: 'Valmont Nord', parent_id: null, archived: false, user_count: 1 },
    { id: 2, name: 'Agence Lille', parent_id: 1, archived: false, user_count: 0 },
    { id: 3, name: 'Valmont Sud', parent_id: null, archived: false, user_count: 0 },
    { id: 4, name: 'Ancienne agence', parent_id: 3, archived: true, user_count: 0 },
  ];
  const users = [person(10, 'Camille', 'Durand', [1, 'Valmont Nord']), person(11, 'Julien', 'Morel', [3, 'Valmont Sud'])];
  const bodies: { method: string; url: string; body: unknown }[] = [];
  const one = (id: number) => items.find((s) => s.id === id)!;
  const update = (id: number, patch: Partial<TSubsidiaryItem>) => {
    items = items.map((s) => (s.id === id ? { ...s, ...patch } : s));
    return HttpResponse.json(one(id));
  };
  server.use(
    // The tree is slow to come back after a change, as on a loaded server.
    http.get('*/api/config/subsidiaries', async () => {
      if (bodies.length) await delay(150);
      return HttpResponse.json({ subsidiary_mode: mode, subsidiaries: items });
    }),
    http.get('*/api/config/subsidiaries/users', () => HttpResponse.json({ data: users, current_page: 1, last_page: 1, per_page: 50, total: users.length })),
    http.get('*/api/config/subsidiaries/:id/users', ({ params }) => {
      const data = users.filter((u) => u.subsidiary_id === Number(params.id));
      return HttpResponse.json({ data, current_page: 1, last_page: 1, per_page: 100, total: data.length });
    }),
    http.post('*/api/config/subsidiaries', async ({ request }) => {
      const body = (await request.json()) as { name: string; parent_id: number | null };
      bodies.push({ method: 'POST', url: request.url, body });
      if (items.some((s) => s.name.toLowerCase() === body.name.toLowerCase()))
        return HttpResponse.json({ message: 'invalid', code: 'validation_failed', errors: { name: ['not_unique'] } }, { status: 422 });
      const item = { id: 9, name: body.name, parent_id: body.parent_id, archived: false, user_count: 0 };
      items.push(item);
      return HttpResponse.json(item, { status: 201 });
    }),
    http.put('*/api/config/subsidiary-mode', async ({ request }) => {
      const body = (await request.json()) as { subsidiary_mode: boolean };
      bodies.push({ method: 'PUT', url: request.url, body });
      mode = body.subsidiary_mode;
      return HttpResponse.json(body);
    }),
    http.put('*/api/config/subsidiaries/:id/move', async ({ request, params }) => {
      const body = (await request.json()) as { parent_id: number | null };
      bodies.push({ method: 'PUT', url: request.url, body });
      return update(Number(params.id), { parent_id: body.parent_id });
    }),
    http.put('*/api/config/subsidiaries/:id/archive', async ({ request, params }) => {
      const body = (await request.json()) as { archived: boolean };
      bodies.push({ method: 'PUT', url: request.url, body });
      return update(Number(params.id), { archived: body.archived });
    }),
    http.put('*/api/config/subsidiaries/:id/users', async ({ request, params }) => {
      const body = (await request.json()) as { user_ids: number[] };
      bodies.push({ method: 'PUT', url: request.url, body });
      return update(Number(params.id), { user_count: body.user_ids.length }) && new HttpResponse(null, { status: 204 });
    }),
    http.put('*/api/config/subsidiaries/:id', async ({ request, params }) => {
      const body = (await request.json()) as { name: string };
      bodies.push({ method: 'PUT', url: request.url, body });
      return update(Number(params.id), { name: body.name });
    }),
  );
  return { bodies };
}

describe('config subsidiaries page', () => {
  it('is hidden from the menu and forbidden without config.subsidiaries', async () => {
    signIn(makeMe(ADMIN_PERMISSIONS));
    renderApp('/config/subsidiaries');
    expect(await screen.findByRole('heading', { name: "Vous n'avez pas accès à cette page" }, { timeout: 5000 })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Filiales' })).not.toBeInTheDocument();
  });

  it('shows the tree, switches the mode, creates, renames and archives', async () => {
    signIn(makeMe(PERMISSIONS));
    const { bodies } = useSubsidiariesApi();
    renderApp('/config/subsidiaries');
    const tree = await screen.findByRole('list', { name: 'Arborescence des filiales' }, { timeout: 5000 });
    const nord = within(tree).getByRole('list', { name: 'Sous-filiales de Valmont Nord' });
    expect(within(nord).getByText('Agence Lille')).toBeVisible();
    expect(within(tree).getByText('Archivée')).toBeVisible();
    expect(screen.getByText('4 filiales')).toBeVisible();

    const modeSwitch = screen.getByRole('switch', { name: 'Mode filiales' });
    expect(modeSwitch).not.toBeChecked();
    await userEvent.click(modeSwitch);
    expect(await screen.findByText('Mode filiales activé.')).toBeVisible();
    expect(bodies.at(-1)).toMatchObject({ body: { subsidiary_mode: true } });
    // The confirmation comes once the page shows the new state (CI once saw it beside the old one).
    expect(screen.getByRole('switch', { name: 'Mode filiales' })).toBeChecked();

    // Hide the archived ones (through the URL), then show them again.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Afficher la filiale archivée' }));
    await waitFor(() => expect(within(tree).queryByText('Ancienne agence')).not.toBeInTheDocument());
    await waitFor(() => expect(window.location.search).toContain('archived=false'));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Afficher la filiale archivée' }));
    expect(await within(tree).findByText('Ancienne agence')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Nouvelle filiale' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle filiale' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Créer' }));
    expect(await within(dialog).findByText('Ce champ est obligatoire.')).toBeVisible();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Nom' }), 'valmont sud');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Créer' }));
    expect(await within(dialog).findByText('Cette valeur est déjà utilisée.')).toBeVisible();

    // A sub-subsidiary, from the keyboard: the menu button, then its item.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    const menu = screen.getByRole('button', { name: 'Actions pour Valmont Sud' });
    menu.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Ajouter une sous-filiale' }));
    const child = await screen.findByRole('dialog', { name: 'Nouvelle sous-filiale de « Valmont Sud »' });
    await userEvent.type(within(child).getByRole('textbox', { name: 'Nom' }), 'Agence Nice');
    await userEvent.click(within(child).getByRole('button', { name: 'Créer' }));
    expect(await screen.findByText('Filiale « Agence Nice » créée.')).toBeVisible();
    expect(bodies.at(-1)).toMatchObject({ method: 'POST', body: { name: 'Agence Nice', parent_id: 3 } });

    await userEvent.click(screen.getByRole('button', { name: 'Actions pour Agence Lille' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Renommer' }));
    const rename = await screen.findByRole('dialog', { name: 'Renommer la filiale' });
    const name = within(rename).getByRole('textbox', { name: 'Nom' });
    expect(name).toHaveValue('Agence Lille');
    await userEvent.clear(name);
    await userEvent.type(name, 'Agence Roubaix');
    await userEvent.click(within(rename).getByRole('button', { name: 'Renommer' }));
    expect(await screen.findByText('Filiale renommée en « Agence Roubaix ».')).toBeVisible();
    expect(bodies.at(-1)?.url).toMatch(/\/api\/config\/subsidiaries\/2$/);

    await userEvent.click(screen.getByRole('button', { name: 'Actions pour Agence Roubaix' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Archiver' }));
    // Nothing under it: the confirmation names no sub-subsidiary.
    const confirm = await screen.findByRole('alertdialog', { name: 'Archiver « Agence Roubaix » ?' });
    expect(within(confirm).queryByText(/sous-filiale/)).not.toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Archiver' }));
    expect(await screen.findByText(/Filiale « Agence Roubaix » archivée/)).toBeVisible();
    expect(bodies.at(-1)).toMatchObject({ body: { archived: true } });
    await userEvent.click(screen.getByRole('button', { name: 'Actions pour Agence Roubaix' }));
    expect(await screen.findByRole('menuitem', { name: 'Désarchiver' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
  }, 40_000);

  it('archives with the sub-subsidiaries once confirmed; restoring under an archived parent is refused', async () => {
    signIn(makeMe(PERMISSIONS));
    const { bodies } = useSubsidiariesApi();
    const items: TSubsidiaryItem[] = [
      { id: 1, name: 'Valmont Nord', parent_id: null, archived: false, user_count: 1 },
      { id: 2, name: 'Agence Lille', parent_id: 1, archived: false, user_count: 0 },
      { id: 5, name: 'Agence Roubaix', parent_id: 2, archived: false, user_count: 0 },
      { id: 3, name: 'Valmont Sud', parent_id: null, archived: false, user_count: 0 },
      { id: 4, name: 'Ancienne agence', parent_id: 3, archived: true, user_count: 0 },
    ];
    server.use(
      http.get('*/api/config/subsidiaries', () => HttpResponse.json({ subsidiary_mode: false, subsidiaries: items })),
      http.put('*/api/config/subsidiaries/4/archive', () =>
        HttpResponse.json({ message: 'invalid', code: 'validation_failed', errors: { archived: ['parent_archived'] } }, { status: 422 }),
      ),
    );
    renderApp('/config/subsidiaries');
    await screen.findByRole('list', { name: 'Arborescence des filiales' }, { timeout: 5000 });

    await userEvent.click(screen.getByRole('button', { name: 'Actions pour Valmont Nord' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Archiver' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Archiver « Valmont Nord » ?' });
    expect(within(confirm).getByText('Ses 2 sous-filiales seront archivées aussi.')).toBeVisible();
    expect(within(confirm).getByText('La désarchiver plus tard ne désarchivera pas ses sous-filiales.')).toBeVisible();
    // Cancel: nothing sent.
    const sent = bodies.length;
    await userEvent.click(within(confirm).getByRole('button', { name: 'Annuler' }));
    expect(bodies).toHaveLength(sent);

    // Agence Lille: one; Valmont Sud: its only child is archived already, none.
    await userEvent.click(screen.getByRole('button', { name: 'Actions pour Agence Lille' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Archiver' }));
    const lille = await screen.findByRole('alertdialog', { name: 'Archiver « Agence Lille » ?' });
    expect(within(lille).getByText('Sa sous-filiale sera archivée aussi.')).toBeVisible();
    await userEvent.click(within(lille).getByRole('button', { name: 'Archiver' }));
    expect(await screen.findByText(/Filiale « Agence Lille » archivée/)).toBeVisible();
    expect(bodies.at(-1)).toMatchObject({ body: { archived: true } });
    expect(bodies.at(-1)?.url).toMatch(/\/api\/config\/subsidiaries\/2\/archive$/);

    await userEvent.click(screen.getByRole('button', { name: 'Actions pour Valmont Sud' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Archiver' }));
    const sud = await screen.findByRole('alertdialog', { name: 'Archiver « Valmont Sud » ?' });
    expect(within(sud).queryByText(/sous-filiale/)).not.toBeInTheDocument();
    await userEvent.click(within(sud).getByRole('button', { name: 'Annuler' }));

    await userEvent.click(screen.getByRole('button', { name: 'Actions pour Ancienne agence' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Désarchiver' }));
    expect(await screen.findByText('Désarchivez d’abord la filiale parente.')).toBeVisible();
  }, 40_000);

  it('moves without offering a cycle, and sets the attached users', async () => {
    signIn(makeMe(PERMISSIONS));
    const { bodies } = useSubsidiariesApi();
    renderApp('/config/subsidiaries');
    await screen.findByRole('list', { name: 'Arborescence des filiales' }, { timeout: 5000 });

    await userEvent.click(screen.getByRole('button', { name: 'Actions pour Valmont Nord' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Déplacer' }));
    const move = await screen.findByRole('dialog', { name: 'Déplacer « Valmont Nord »' });
    const parent = within(move).getByRole('combobox', { name: 'Filiale parente' });
    const options = within(parent).getAllByRole('option').map((o) => o.textContent?.trim());
    // Neither itself, nor what lies under it, nor an archived one.
    expect(options).toEqual(['Niveau supérieur (aucune)', 'Valmont Sud']);
    await userEvent.selectOptions(parent, 'Valmont Sud');
    await userEvent.click(within(move).getByRole('button', { name: 'Déplacer' }));
    expect(await screen.findByText('Filiale « Valmont Nord » déplacée.')).toBeVisible();
    expect(bodies.at(-1)).toMatchObject({ body: { parent_id: 3 } });
    expect(await screen.findByRole('list', { name: 'Sous-filiales de Valmont Sud' })).toHaveTextContent('Valmont Nord');

    await userEvent.click(screen.getByRole('button', { name: 'Actions pour Valmont Nord' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Utilisateurs rattachés' }));
    const dialog = await screen.findByRole('dialog', { name: 'Utilisateurs de « Valmont Nord »' });
    expect(await within(dialog).findByRole('checkbox', { name: 'Camille Durand' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Julien Morel actuellement dans Valmont Sud' }));
    expect(within(dialog).getByText('2 utilisateurs choisis')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Utilisateurs de « Valmont Nord » enregistrés.')).toBeVisible();
    expect(bodies.at(-1)).toMatchObject({ body: { user_ids: [10, 11] } });
    expect(bodies.at(-1)?.url).toMatch(/\/api\/config\/subsidiaries\/1\/users$/);
  }, 40_000);
});
