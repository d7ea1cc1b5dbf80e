import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import { makeMe } from '../../test/fixtures.ts';
import { mediaQueryList } from '../../test/media-query-list.ts';
import { LIST_USERS, makeList, makeListItem, serveLists } from '../../test/recruitment-list-fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

if (!HTMLElement.prototype.setPointerCapture) HTMLElement.prototype.setPointerCapture = () => {};
afterEach(() => {
  toast.dismiss();
  vi.restoreAllMocks();
});

const SHARED = makeListItem({
  id: 2,
  name: 'Commerciaux',
  description: 'Pour le salon',
  private: false,
  collaborative: true,
  shared_users: [LIST_USERS[0]!],
});

/** A wide window, the lists sheet open on `lists`; the saves answer `answer` and are kept. */
async function openSheet(answer: (body: Record<string, unknown>) => Response = (body) => HttpResponse.json(makeList({ ...body, id: 9 } as never), { status: 201 })) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => mediaQueryList(query, !query.includes('max-width')));
  signIn(makeMe());
  serveLists([[SHARED]]);
  const saved: { method: string; body: Record<string, unknown> }[] = [];
  const handler = async ({ request }: { request: Request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    saved.push({ method: request.method, body });
    return answer(body);
  };
  server.use(http.post('*/api/recruitment-lists', handler), http.put('*/api/recruitment-lists', handler));
  renderApp('/');
  await userEvent.click(await screen.findByRole('button', { name: 'Listes de recrutement' }, { timeout: 5000 }));
  const sheet = await screen.findByRole('dialog', { name: 'Listes de recrutement' });
  await within(sheet).findByRole('article');
  return { sheet, saved };
}

async function openAdd() {
  const opened = await openSheet();
  await userEvent.click(within(opened.sheet).getByRole('button', { name: 'Nouvelle liste' }));
  return { ...opened, dialog: await screen.findByRole('dialog', { name: 'Nouvelle liste de recrutement' }) };
}

describe('recruitment list dialog', () => {
  it('adds a private list: no sharing fields, "Ajouter", a toast, then closes', async () => {
    const { dialog, saved } = await openAdd();
    expect(within(dialog).getByRole('radio', { name: /Privée/ })).toBeChecked();
    expect(within(dialog).queryByRole('group', { name: /Partager avec/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('group', { name: 'Collaborative' })).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Titre/ }), 'Vivier data');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(await screen.findByText('Liste de recrutement ajoutée')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nouvelle liste de recrutement' })).not.toBeInTheDocument());
    expect(saved).toEqual([
      { method: 'POST', body: { name: 'Vivier data', description: null, type: 'private', collaborative: false, shared_user_ids: [], private: true } },
    ]);
  });

  it('requires a title of at most 50 characters and a description of at most 255', async () => {
    const { dialog, saved } = await openAdd();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(await within(dialog).findByText('Ce champ est obligatoire.')).toBeVisible();
    const title = within(dialog).getByRole('textbox', { name: /Titre/ });
    expect(title).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(title, 'x'.repeat(51));
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Description' }));
    await userEvent.paste('y'.repeat(256));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(await within(dialog).findByText('50 caractères maximum.')).toBeVisible();
    expect(within(dialog).getByText('255 caractères maximum.')).toBeVisible();
    expect(saved).toEqual([]);
  });

  it('shared: shows collaborative and the users, needs one, selects all or none', async () => {
    const { dialog, saved } = await openAdd();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Titre/ }), 'Équipe');
    await userEvent.click(within(dialog).getByRole('radio', { name: /Partagée/ }));
    const users = within(dialog).getByRole('group', { name: /Partager avec/ });
    expect(within(dialog).getByRole('group', { name: 'Collaborative' })).toBeVisible();
    expect(await within(users).findByRole('checkbox', { name: 'Léa Bernard' })).not.toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(await within(users).findByText('Ce champ est obligatoire.')).toBeVisible();

    await userEvent.click(within(users).getByRole('button', { name: 'Tout sélectionner' }));
    for (const name of ['Léa Bernard', 'Hugo Moreau', 'Inès Roux']) expect(within(users).getByRole('checkbox', { name })).toBeChecked();
    expect(within(users).getByText('3 personnes sélectionnées')).toBeVisible();
    await userEvent.click(within(users).getByRole('button', { name: 'Tout désélectionner' }));
    expect(within(users).getByText('0 personne sélectionnée')).toBeVisible();

    await userEvent.type(within(users).getByRole('searchbox', { name: 'Rechercher un utilisateur' }), 'mor');
    await waitFor(() => expect(within(users).queryByRole('checkbox', { name: 'Léa Bernard' })).not.toBeInTheDocument());
    await userEvent.click(within(users).getByRole('checkbox', { name: 'Hugo Moreau' }));
    await userEvent.click(within(dialog).getByRole('radio', { name: /Oui/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.body).toMatchObject({ name: 'Équipe', type: 'shared', private: false, collaborative: true, shared_user_ids: [22] });

  });

  it('hides the sharing fields again when private is chosen', async () => {
    const { dialog } = await openAdd();
    await userEvent.click(within(dialog).getByRole('radio', { name: /Partagée/ }));
    expect(within(dialog).getByRole('group', { name: /Partager avec/ })).toBeVisible();
    await userEvent.click(within(dialog).getByRole('radio', { name: /Privée/ }));
    expect(within(dialog).queryByRole('group', { name: /Partager avec/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('group', { name: 'Collaborative' })).not.toBeInTheDocument();
  });

  it('edits a list: its name as subtitle, "Mettre à jour", a PUT with the id', async () => {
    const { sheet, saved } = await openSheet((body) => HttpResponse.json(makeList({ ...SHARED, ...body } as never)));
    await userEvent.click(within(sheet).getByRole('button', { name: 'Modifier la liste Commerciaux' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier la liste de recrutement' });
    expect(dialog).toHaveAccessibleDescription('Commerciaux');
    expect(within(dialog).getByRole('textbox', { name: /Titre/ })).toHaveValue('Commerciaux');
    expect(within(dialog).getByRole('radio', { name: /Partagée/ })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: /Oui/ })).toBeChecked();
    expect(await within(dialog).findByRole('checkbox', { name: 'Léa Bernard' })).toBeChecked();
    expect(within(dialog).queryByRole('button', { name: 'Ajouter' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mettre à jour' }));
    expect(await screen.findByText('Liste de recrutement mise à jour')).toBeVisible();
    expect(saved[0]).toMatchObject({ method: 'PUT', body: { id: 2, name: 'Commerciaux', description: 'Pour le salon', shared_user_ids: [21] } });
  });

  it('puts the server codes on their fields, and any other failure in the generic toast', async () => {
    let status = 422;
    const { sheet } = await openSheet(() =>
      status === 422
        ? HttpResponse.json({ message: 'invalid', code: 'validation_failed', errors: { shared_user_ids: ['unknown_user'] } }, { status: 422 })
        : HttpResponse.json({ message: 'boom' }, { status: 500 }),
    );
    await userEvent.click(within(sheet).getByRole('button', { name: 'Nouvelle liste' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle liste de recrutement' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Titre/ }), 'Équipe');
    await userEvent.click(within(dialog).getByRole('radio', { name: /Partagée/ }));
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Inès Roux' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(await within(dialog).findByText(/Cet utilisateur ne peut pas être choisi/)).toBeVisible();

    status = 500;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(await screen.findByText('Une erreur est survenue.')).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Nouvelle liste de recrutement' })).toBeVisible();
  });
});
