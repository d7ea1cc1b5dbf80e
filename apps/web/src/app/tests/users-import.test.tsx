import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import type { TUser } from '@embauche/contracts/users';
import { ADMIN_PERMISSIONS, makeMe } from '../../test/fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

if (!HTMLElement.prototype.setPointerCapture) HTMLElement.prototype.setPointerCapture = () => {};
afterEach(() => {
  toast.dismiss();
});

const user = (id: number, firstname: string, email: string): TUser => ({
  id,
  firstname,
  lastname: 'Import',
  email,
  img_src: null,
  language: 'fr',
  active: true,
  role_id: 3,
  role: { id: 3, name: 'Recruteur' },
  subsidiary_id: null,
  subsidiary: null,
  groups: [],
  last_login_at: null,
  created_at: '2026-01-02T10:00:00.000Z',
});

/** The users API: the dry run refuses `bad.csv`, the import runs in two polls. */
function useImportApi() {
  let users = [user(1, 'Julien', 'julien@example.com')];
  let polls = 0;
  const calls: string[] = [];
  server.use(
    http.get('*/api/users/choices', () => HttpResponse.json({ roles: [], groups: [], subsidiaries: [] })),
    http.get('*/api/users', () =>
      HttpResponse.json({ data: users, current_page: 1, last_page: 1, per_page: 20, total: users.length }),
    ),
    // jsdom's File loses its name and content on the way: the dry runs answer in turn.
    http.post('*/api/users/import', async ({ request }) => {
      const url = new URL(request.url);
      const dry = url.searchParams.get('dry_run') === 'true';
      const file = (await request.formData()).get('file');
      calls.push(`${dry ? 'dry' : 'run'}:${file === null ? 'none' : 'file'}`);
      if (!dry) return HttpResponse.json({ id: 4, total: 2 }, { status: 202 });
      const n = calls.filter((c) => c.startsWith('dry')).length;
      if (n === 1) return HttpResponse.json({ message: 'x', errors: { file: ['max_rows:10000'] } }, { status: 422 });
      return HttpResponse.json(
        n === 2
          ? { total: 2, valid: 1, errors: [{ line: 3, field: 'email', codes: ['invalid_email'] }] }
          : { total: 2, valid: 2, errors: [] },
      );
    }),
    http.get('*/api/users/imports/4', () => {
      polls++;
      if (polls === 1)
        return HttpResponse.json({ id: 4, status: 'running', total: 2, done: 1, created: 0, error: null, created_at: '' });
      users = [...users, user(2, 'Ana', 'ana@example.com'), user(3, 'Bruno', 'bruno@example.com')];
      return HttpResponse.json({ id: 4, status: 'done', total: 2, done: 2, created: 2, error: null, created_at: '' });
    }),
  );
  return { calls };
}

describe('users import and export (config users/list)', () => {
  it('checks the file, shows each bad row, imports once it is fixed, with progress', async () => {
    signIn(makeMe(ADMIN_PERMISSIONS));
    const { calls } = useImportApi();
    renderApp('/config/users/list');
    await userEvent.click(await screen.findByRole('button', { name: 'Importer' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Importer des utilisateurs' });
    const input = within(dialog).getByLabelText('Fichier CSV ou XLSX');

    await userEvent.upload(input, new File(['huge.csv'], 'huge.csv', { type: 'text/csv' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Le fichier compte plus de 10000 lignes.');

    await userEvent.upload(input, new File(['bad.csv'], 'bad.csv', { type: 'text/csv' }));
    expect(await within(dialog).findByText('2 lignes · valides : 1 · en erreur : 1')).toBeVisible();
    const table = within(dialog).getByRole('table', { name: 'Lignes en erreur' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByRole('cell', { name: '3' })).toBeVisible();
    expect(within(row).getByRole('cell', { name: 'E-mail' })).toBeVisible();
    expect(within(row).getByRole('cell', { name: 'Adresse e-mail invalide.' })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Importer 1 utilisateur' })).toBeDisabled();

    await userEvent.upload(input, new File(['good.csv'], 'good.csv', { type: 'text/csv' }));
    const confirm = await within(dialog).findByRole('button', { name: 'Importer 2 utilisateurs' });
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);
    const bar = await within(dialog).findByRole('progressbar', { name: "Avancement de l'import" });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '1'));
    expect(bar).toHaveAttribute('aria-valuemax', '2');
    expect(await screen.findByText('2 utilisateurs importés.', {}, { timeout: 4000 })).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('3 utilisateurs')).toBeVisible();
    expect(calls).toEqual(['dry:file', 'dry:file', 'dry:file', 'run:file']);
  });

  it('names unknown roles, languages and groups, and offers no import of nobody', async () => {
    signIn(makeMe(ADMIN_PERMISSIONS));
    useImportApi();
    server.use(
      http.post('*/api/users/import', () =>
        HttpResponse.json({
          total: 1,
          valid: 0,
          errors: [
            { line: 2, field: 'role', codes: ['unknown_role'] },
            { line: 2, field: 'language', codes: ['unknown_language'] },
            { line: 2, field: 'groups', codes: ['unknown_group'] },
          ],
        }),
      ),
    );
    renderApp('/config/users/list');
    await userEvent.click(await screen.findByRole('button', { name: 'Importer' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Importer des utilisateurs' });
    // Before a file is checked: a plain, disabled "Importer".
    expect(within(dialog).getByRole('button', { name: 'Importer' })).toBeDisabled();
    await userEvent.upload(within(dialog).getByLabelText('Fichier CSV ou XLSX'), new File(['x'], 'x.csv', { type: 'text/csv' }));
    const table = await within(dialog).findByRole('table', { name: 'Lignes en erreur' });
    expect(within(table).getByRole('cell', { name: 'Aucun rôle de votre entreprise ne porte ce nom.' })).toBeVisible();
    expect(within(table).getByRole('cell', { name: 'Langue inconnue : indiquez fr, en, es ou de.' })).toBeVisible();
    expect(within(table).getByRole('cell', { name: 'Aucun groupe de votre entreprise ne porte un de ces noms.' })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Aucun utilisateur à importer' })).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: /Importer 0/ })).toBeNull();
  });

  it('exports the listed users as CSV or XLSX in the screen language', async () => {
    signIn(makeMe(ADMIN_PERMISSIONS));
    useImportApi();
    let exported: URL | undefined;
    server.use(
      http.get('*/api/users/export', ({ request }) => {
        exported = new URL(request.url);
        return new HttpResponse('x', { headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="utilisateurs.xlsx"' } });
      }),
    );
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:users');
    const revokeObjectURL = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    try {
      renderApp('/config/users/list?q=jul&active=1');
      await userEvent.click(await screen.findByRole('button', { name: 'Exporter' }, { timeout: 5000 }));
      await userEvent.click(await screen.findByRole('menuitem', { name: 'Exporter en XLSX' }));
      await waitFor(() => expect(click).toHaveBeenCalled());
      expect(exported?.searchParams.get('format')).toBe('xlsx');
      expect(exported?.searchParams.get('lang')).toBe('fr');
      expect(exported?.searchParams.get('filter[active]')).toBe('1');
      expect(exported?.searchParams.get('sort')).toBe('lastname');
    } finally {
      createObjectURL.mockRestore();
      revokeObjectURL.mockRestore();
      click.mockRestore();
    }
  });
});
