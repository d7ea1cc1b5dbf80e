import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { TUser } from '@embauche/contracts/users';
import { ADMIN_PERMISSIONS, makeMe } from '../../test/fixtures.ts';
import { mediaQueryList } from '../../test/media-query-list.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

if (!HTMLElement.prototype.setPointerCapture) HTMLElement.prototype.setPointerCapture = () => {};
const narrow = window.matchMedia;
afterEach(() => {
  window.matchMedia = narrow;
});

function makeUser(id: number, firstname: string, lastname: string, active = true): TUser {
  return {
    id,
    firstname,
    lastname,
    email: `${firstname.toLowerCase()}@example.com`,
    img_src: null,
    language: 'fr',
    active,
    role_id: 3,
    role: { id: 3, name: 'Recruteur' },
    subsidiary_id: null,
    subsidiary: null,
    groups: [],
    last_login_at: null,
    created_at: '2026-01-02T10:00:00.000Z',
  };
}

/** Active recruiters: 45 match, a page of two shows (the signed-in admin, id 7, is one of them). */
function useFixtures() {
  signIn(makeMe(ADMIN_PERMISSIONS));
  const puts: unknown[] = [];
  server.use(
    http.get('*/api/users/choices', () => HttpResponse.json({ roles: [{ id: 3, name: 'Recruteur' }], groups: [], subsidiaries: [] })),
    http.get('*/api/users', () =>
      HttpResponse.json({ data: [makeUser(7, 'Camille', 'Martin'), makeUser(11, 'Julien', 'Morel')], current_page: 1, last_page: 3, per_page: 20, total: 45 }),
    ),
    http.put('*/api/users/account-activation', async ({ request }) => {
      const body = (await request.json()) as { user_ids?: number[]; selection?: { all: { count: number } } };
      puts.push(body);
      if (!body.selection) return new HttpResponse(null, { status: 204 });
      // Two users left the list meanwhile: the first confirmation is refused.
      if (body.selection.all.count !== 43)
        return HttpResponse.json({ message: 'The selection changed.', code: 'selection_changed', errors: { count: ['43'] } }, { status: 409 });
      return HttpResponse.json({ total: 43, changed: 42, skipped: { self_deactivation: 1 } });
    }),
  );
  return { puts };
}

describe('users list: select all that match (issue 42 part 2)', () => {
  it('selects the whole filtered list, unticks a row, confirms the new count after a 409, and says what was skipped', async () => {
    window.matchMedia = (query: string) => mediaQueryList(query, query === '(min-width: 1024px)');
    const api = useFixtures();
    renderApp('/config/users/list?role=3&active=1');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Sélectionner les utilisateurs de la page' }, { timeout: 5000 }));
    const bar = screen.getByRole('toolbar', { name: 'Actions sur les utilisateurs sélectionnés' });
    expect(within(bar).getByText('2 sélectionnés')).toBeVisible();
    await userEvent.click(within(bar).getByRole('button', { name: 'Sélectionner les 45 utilisateurs qui correspondent' }));
    expect(within(bar).getByText('45 sélectionnés (tous ceux qui correspondent)')).toBeVisible();
    // A row unticked is left out.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sélectionner Julien Morel' }));
    expect(within(bar).getByText('44 sélectionnés (tous ceux qui correspondent)')).toBeVisible();

    await userEvent.click(within(bar).getByRole('button', { name: 'Désactiver' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Désactiver 44 utilisateurs ?' });
    expect(within(dialog).getByText(/tous ceux qui correspondent aux filtres de la liste/)).toBeVisible();
    expect(within(dialog).getByText("Votre propre compte n'est jamais désactivé.")).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Désactiver' }));
    expect(await within(dialog).findByText('La liste a changé : 43 utilisateurs correspondent maintenant. Confirmez de nouveau.')).toBeVisible();
    dialog = await screen.findByRole('alertdialog', { name: 'Désactiver 43 utilisateurs ?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Désactiver' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Résultat' });
    expect(within(dialog).getByText('42 utilisateurs désactivés.')).toBeVisible();
    expect(within(dialog).getByText('Ignoré : votre propre compte (1).')).toBeVisible();
    const selection = (count: number) => ({
      selection: { all: { filters: { 'filter[role]': '3', 'filter[active]': '1' }, except: [11], count } },
      active: false,
    });
    expect(api.puts).toEqual([selection(44), selection(43)]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('toolbar', { name: 'Actions sur les utilisateurs sélectionnés' })).toBeNull());
  });

  it('on a phone: ticks a card, deactivates it by id, and exports the selection', async () => {
    const api = useFixtures();
    let exported: URL | undefined;
    server.use(
      http.get('*/api/users/export', ({ request }) => {
        exported = new URL(request.url);
        return new HttpResponse('x', { headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="users.csv"' } });
      }),
    );
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:users');
    const revokeObjectURL = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    try {
      renderApp('/config/users/list');
      await userEvent.click(await screen.findByRole('checkbox', { name: 'Sélectionner Julien Morel' }, { timeout: 5000 }));
      const bar = screen.getByRole('toolbar', { name: 'Actions sur les utilisateurs sélectionnés' });
      expect(within(bar).getByText('1 sélectionné')).toBeVisible();
      await userEvent.click(within(bar).getByRole('button', { name: 'Exporter la sélection' }));
      await userEvent.click(await screen.findByRole('menuitem', { name: 'Exporter en CSV' }));
      await waitFor(() => expect(exported?.searchParams.get('ids')).toBe('11'));
      expect(exported?.searchParams.get('format')).toBe('csv');

      await userEvent.click(within(bar).getByRole('button', { name: 'Désactiver' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Désactiver 1 utilisateur ?' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Désactiver' }));
      expect(await within(dialog).findByText('1 utilisateur désactivé.')).toBeVisible();
      expect(api.puts).toEqual([{ user_ids: [11], active: false }]);
    } finally {
      createObjectURL.mockRestore();
      revokeObjectURL.mockRestore();
      click.mockRestore();
    }
  });
});
