import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import type { TCurrentNews, TNewsItem } from '@embauche/contracts/news';
import { ADMIN_PERMISSIONS, makeMe } from '../../test/fixtures.ts';
import { useProjectsApi } from '../../test/project-fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

afterEach(() => {
  toast.dismiss();
});

// ProseMirror measures the page as it types, which jsdom cannot: the offers' editor is a text area
// here (its own tests are the offer and company-description ones). Same props, same names.
vi.mock('../../features/offers/components/lazy-rich-text-editor.tsx', () => ({
  LazyRichTextEditor: ({
    value,
    onChange,
    labelledBy,
    describedBy,
  }: {
    value: string;
    onChange: (html: string) => void;
    labelledBy: string;
    describedBy?: string;
  }) => (
    <textarea
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      value={value.replace(/<\/?p>/g, '')}
      onChange={(event) => onChange(event.target.value ? `<p>${event.target.value}</p>` : '')}
    />
  ),
}));

const STAFF = () => makeMe(['config.access', 'user.super_admin'], { super_admin: true });

const current = (extra: Partial<TCurrentNews> = {}): TCurrentNews => ({
  id: 5,
  language: 'fr',
  title: 'Le nouveau tableau de bord',
  body: '<p>Vos offres en <strong>un coup d’œil</strong>.</p>',
  starts_at: '2026-03-01T08:00:00.000Z',
  ends_at: '2026-03-15T08:00:00.000Z',
  ...extra,
});

const newsItem = (id: number, extra: Partial<TNewsItem> = {}): TNewsItem => ({
  id,
  contents: { fr: { title: `Actualité ${id}`, body: '<p>Texte</p>' } },
  audience: 'all',
  companies: [],
  countries: [],
  starts_at: '2026-03-01T08:00:00.000Z',
  ends_at: '2026-03-15T08:00:00.000Z',
  status: 'current',
  dismissal_count: 0,
  created_at: '2026-02-20T08:00:00.000Z',
  updated_at: '2026-02-20T08:00:00.000Z',
  ...extra,
});

/** The popup's two calls: how often the item was asked for, and which ids were dismissed. */
function usePopupApi(item: TCurrentNews | null) {
  const calls = { asked: 0, dismissed: [] as number[] };
  let shown = item;
  server.use(
    http.get('*/api/news/current', () => {
      calls.asked++;
      return HttpResponse.json(shown);
    }),
    http.post('*/api/news/:id/dismiss', ({ params }) => {
      calls.dismissed.push(Number(params.id));
      shown = null;
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return calls;
}

/** The staff's API over a list the calls change; request bodies are kept. */
function useNewsApi(initial: TNewsItem[]) {
  let items = initial;
  const bodies: { method: string; url: string; body: unknown }[] = [];
  server.use(
    http.get('*/api/superadmin/news', () =>
      HttpResponse.json({
        data: items,
        current_page: 1,
        last_page: 1,
        per_page: 20,
        total: items.length,
      }),
    ),
    http.get('*/api/superadmin/news/countries', () => HttpResponse.json(['BE', 'FR'])),
    http.get('*/api/superadmin/companies', ({ request }) => {
      const search = new URL(request.url).searchParams.get('filter[search]') ?? '';
      const all = [
        { id: 3, social_reason: 'Groupe Valmont', spoofed: false },
        { id: 4, social_reason: 'Mairie de Saint-Aubin', spoofed: false },
      ].filter((c) => c.social_reason.toLowerCase().includes(search.toLowerCase()));
      return HttpResponse.json({
        data: all,
        current_page: 1,
        last_page: 1,
        per_page: 8,
        total: all.length,
      });
    }),
    http.post('*/api/superadmin/news', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push({ method: 'POST', url: request.url, body });
      if ((body.ends_at as string) <= (body.starts_at as string))
        return HttpResponse.json(
          { message: 'Invalid', errors: { ends_at: ['ends_before_start'] } },
          { status: 422 },
        );
      const created = newsItem(9, body as Partial<TNewsItem>);
      items = [created, ...items];
      return HttpResponse.json(created, { status: 201 });
    }),
    http.put('*/api/superadmin/news/:id', async ({ request }) => {
      const body = await request.json();
      bodies.push({ method: 'PUT', url: request.url, body });
      return HttpResponse.json(items[0]);
    }),
    http.delete('*/api/superadmin/news/:id', ({ request, params }) => {
      bodies.push({ method: 'DELETE', url: request.url, body: null });
      items = items.filter((i) => i.id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { bodies };
}

describe('the news popup', () => {
  it('shows the current item once after sign-in; closing it dismisses it for good', async () => {
    signIn(makeMe(ADMIN_PERMISSIONS));
    useProjectsApi();
    const calls = usePopupApi(current());
    renderApp('/');
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Le nouveau tableau de bord' },
      { timeout: 5000 },
    );
    expect(dialog).toHaveAccessibleDescription('Nouveauté');
    expect(within(dialog).getByText('un coup d’œil', { selector: 'strong' })).toBeVisible();
    expect(
      within(dialog).getByText("Une fois fermée, cette actualité ne s'affichera plus."),
    ).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: "J'ai compris" }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(calls.dismissed).toEqual([5]));

    // Navigating does not ask again: once per load of the app.
    await userEvent.click(screen.getAllByRole('link', { name: /Projets/ })[0]!);
    await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    expect(calls.asked).toBe(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes with Escape (dismissed too), and marks the item’s own language', async () => {
    signIn(makeMe(ADMIN_PERMISSIONS, { language: 'en' }));
    const calls = usePopupApi(
      current({ id: 6, language: 'de', title: 'Neues Dashboard', body: '<p>Hallo</p>' }),
    );
    renderApp('/', { lng: 'en' });
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Neues Dashboard' },
      { timeout: 5000 },
    );
    expect(within(dialog).getByText('Neues Dashboard')).toHaveAttribute('lang', 'de');
    expect(within(dialog).getByText('Hallo').closest('[lang]')).toHaveAttribute('lang', 'de');
    expect(within(dialog).getByRole('button', { name: 'Got it' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(calls.dismissed).toEqual([6]));
  });

  it('shows nothing when there is no current item', async () => {
    signIn(makeMe(ADMIN_PERMISSIONS));
    const calls = usePopupApi(null);
    renderApp('/');
    await waitFor(() => expect(calls.asked).toBe(1), { timeout: 5000 });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('config superadmin-section/news-popup', () => {
  it('is not offered to a company administrator', async () => {
    signIn(makeMe([...ADMIN_PERMISSIONS, 'config.access']));
    renderApp('/config/superadmin-section/news-popup');
    expect(
      await screen.findByText("Vous n'avez pas accès à cette page", {}, { timeout: 5000 }),
    ).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Actualités' })).not.toBeInTheDocument();
  });

  it('lists the items with their status, languages, audience and dismissals', async () => {
    signIn(STAFF());
    useNewsApi([
      newsItem(1, {
        status: 'scheduled',
        contents: {
          en: { title: 'Planned', body: '<p>x</p>' },
          de: { title: 'Geplant', body: '<p>x</p>' },
        },
      }),
      newsItem(2, {
        audience: 'companies',
        companies: [{ id: 3, social_reason: 'Groupe Valmont' }],
        countries: ['FR'],
        dismissal_count: 4,
      }),
    ]);
    renderApp('/config/superadmin-section/news-popup');
    const list = await screen.findByRole('list', { name: 'Actualités' }, { timeout: 5000 });
    const rows = within(list)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === list);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Planned')).toBeVisible();
    expect(within(rows[0]!).getByText('Programmée')).toBeVisible();
    expect(
      within(within(rows[0]!).getByRole('list', { name: 'Langues écrites' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['EN', 'DE']);
    expect(within(rows[0]!).getByText('Toutes les entreprises')).toBeVisible();
    expect(within(rows[1]!).getByText('En cours')).toBeVisible();
    expect(within(rows[1]!).getByText('1 entreprise : Groupe Valmont')).toBeVisible();
    expect(within(rows[1]!).getByText('Pays : France')).toBeVisible();
    expect(within(rows[1]!).getByText('Fermée par 4 utilisateurs')).toBeVisible();
    expect(screen.getByText('2 actualités')).toBeVisible();
  });

  it('creates an item for chosen companies of a country; the form says what is missing', async () => {
    signIn(STAFF());
    const { bodies } = useNewsApi([]);
    renderApp('/config/superadmin-section/news-popup');
    await screen.findByText("Aucune actualité pour l'instant.", {}, { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: 'Nouvelle actualité' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle actualité' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Les entreprises choisies' }));
    await userEvent.click(within(dialog).getByRole('button', { name: "Créer l'actualité" }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Ce champ est obligatoire.');
    expect(
      within(dialog).getByRole('group', { name: /Entreprises choisies/ }),
    ).toHaveAccessibleDescription('Ce champ est obligatoire.');
    expect(bodies).toEqual([]);

    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Titre (Français)' }),
      'Nouveautés de mars',
    );
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Texte (Français)' }),
      'Bonjour à tous',
    );
    await userEvent.type(
      within(dialog).getByRole('searchbox', { name: 'Rechercher une entreprise' }),
      'valm',
    );
    const results = await within(dialog).findByRole('list', { name: 'Entreprises trouvées' });
    await waitFor(
      () => expect(within(results).queryByText('Mairie de Saint-Aubin')).not.toBeInTheDocument(),
      { timeout: 3000 },
    );
    await userEvent.click(within(results).getByRole('checkbox', { name: 'Groupe Valmont' }));
    expect(
      within(within(dialog).getByRole('list', { name: 'Entreprises choisies' })).getByText(
        'Groupe Valmont',
      ),
    ).toBeVisible();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'France' }));
    expect(within(dialog).getByRole('tab', { name: 'Français (écrite)' })).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: "Créer l'actualité" }));
    expect(await screen.findByText('Actualité créée.')).toBeVisible();
    expect(bodies.at(-1)).toMatchObject({
      method: 'POST',
      body: {
        contents: { fr: { title: 'Nouveautés de mars', body: '<p>Bonjour à tous</p>' } },
        audience: 'companies',
        company_ids: [3],
        countries: ['FR'],
      },
    });
    const sent = bodies.at(-1)!.body as { starts_at: string; ends_at: string };
    expect(new Date(sent.ends_at).getTime() - new Date(sent.starts_at).getTime()).toBe(
      14 * 24 * 3600 * 1000,
    );
  }, 30_000);

  it('edits an item: the server’s code lands on its field; another language is written', async () => {
    signIn(STAFF());
    const { bodies } = useNewsApi([
      newsItem(2, { contents: { en: { title: 'Spring', body: '<p>Hi</p>' } } }),
    ]);
    server.use(
      http.put('*/api/superadmin/news/:id', async ({ request }) => {
        bodies.push({ method: 'PUT', url: request.url, body: await request.json() });
        return HttpResponse.json(
          { message: 'Invalid', errors: { 'contents.de.title': ['max_length:150'] } },
          { status: 422 },
        );
      }),
    );
    renderApp('/config/superadmin-section/news-popup');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Modifier Spring' }, { timeout: 5000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: "Modifier l'actualité" });
    // The written language opens first.
    expect(
      within(dialog).getByRole('tab', { name: 'Anglais (écrite)', selected: true }),
    ).toBeVisible();
    expect(within(dialog).getByRole('textbox', { name: 'Titre (Anglais)' })).toHaveValue('Spring');
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Allemand' }));
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Titre (Allemand)' }),
      'Frühling',
    );
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Texte (Allemand)' }),
      'Hallo',
    );
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Anglais (écrite)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    // The server refuses the German title: its tab opens with the message.
    expect(
      await within(dialog).findByRole('tab', { name: 'Allemand (à corriger)', selected: true }),
    ).toBeVisible();
    expect(
      within(dialog).getByRole('textbox', { name: 'Titre (Allemand)' }),
    ).toHaveAccessibleDescription('150 caractères maximum.');
    expect(bodies.at(-1)).toMatchObject({
      method: 'PUT',
      body: {
        contents: {
          en: { title: 'Spring', body: '<p>Hi</p>' },
          de: { title: 'Frühling', body: '<p>Hallo</p>' },
        },
        audience: 'all',
      },
    });
    expect(bodies.at(-1)!.url).toContain('/api/superadmin/news/2');
  }, 30_000);

  it('deletes an item after confirming', async () => {
    signIn(STAFF());
    const { bodies } = useNewsApi([newsItem(2)]);
    renderApp('/config/superadmin-section/news-popup');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Supprimer Actualité 2' }, { timeout: 5000 }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Supprimer « Actualité 2 » ?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Actualité « Actualité 2 » supprimée.')).toBeVisible();
    expect(bodies.at(-1)).toMatchObject({ method: 'DELETE' });
    expect(bodies.at(-1)!.url).toContain('/api/superadmin/news/2');
    expect(await screen.findByText("Aucune actualité pour l'instant.")).toBeVisible();
  });
});
