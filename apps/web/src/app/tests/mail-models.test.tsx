import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import type { TMailModel, TMailModelItem } from '@embauche/contracts/mail-models';
import { ADMIN_PERMISSIONS, makeMe } from '../../test/fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

// grapesjs does not run in jsdom: a text area stands in for the visual editor.
vi.mock(
  '../../features/mail-models/components/mail-visual-editor.tsx',
  () => import('../../test/fake-mail-visual-editor.tsx'),
);

afterEach(() => {
  toast.dismiss();
});

const PERMISSIONS = ADMIN_PERMISSIONS;
const WITHOUT_EMAILS = ADMIN_PERMISSIONS.filter((p) => p !== 'config.emails');

const MJML =
  '<mjml><mj-body><mj-section><mj-column><mj-text>Bonjour {{candidate.firstname}}</mj-text></mj-column></mj-section></mj-body></mjml>';

const item = (id: number, name: string, extra: Partial<TMailModelItem> = {}): TMailModelItem => ({
  id,
  kind: 'refusal',
  name,
  is_default: false,
  languages: ['fr'],
  updated_at: '2026-11-20T10:00:00.000Z',
  updated_by: 'Camille Martin',
  ...extra,
});

const content = (subject: string, mjml = MJML) => ({
  subject,
  mjml,
  html: '<p>html</p>',
  text: 'text',
  updated_at: '2026-11-20T10:00:00.000Z',
});

const model = (id: number, extra: Partial<TMailModel> = {}): TMailModel => ({
  id,
  kind: 'refusal',
  name: 'Refus poli',
  is_default: true,
  contents: { fr: content('Votre candidature'), en: null, es: null, de: null },
  updated_at: '2026-11-20T10:00:00.000Z',
  updated_by: 'Camille Martin',
  ...extra,
});

const page = (rows: TMailModelItem[]) => ({
  data: rows,
  current_page: 1,
  last_page: 1,
  per_page: 20,
  total: rows.length,
});

type Call = { method: string; url: URL; body: unknown };

/** The models API over a list the calls change; every call is kept. */
function useMailModelsApi(rows: TMailModelItem[], saved: TMailModel[] = []) {
  let list = rows;
  const calls: Call[] = [];
  const keep = async (request: Request) => {
    const body =
      request.method === 'GET' || request.method === 'DELETE' ? null : await request.json();
    calls.push({ method: request.method, url: new URL(request.url), body });
    return body as Record<string, unknown>;
  };
  server.use(
    http.get('*/api/mail-models', async ({ request }) => {
      await keep(request);
      const url = new URL(request.url);
      const kind = url.searchParams.get('filter[kind]');
      const search = url.searchParams.get('search')?.toLowerCase();
      return HttpResponse.json(
        page(
          list.filter(
            (m) => (!kind || m.kind === kind) && (!search || m.name.toLowerCase().includes(search)),
          ),
        ),
      );
    }),
    http.get('*/api/mail-models/:id', ({ params }) => {
      const found = saved.find((m) => m.id === Number(params.id));
      return found
        ? HttpResponse.json(found)
        : HttpResponse.json({ message: 'Not found' }, { status: 404 });
    }),
    http.delete('*/api/mail-models/:id', async ({ request, params }) => {
      await keep(request);
      list = list.filter((m) => m.id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { calls };
}

describe('config e-mail models', () => {
  it('is forbidden without config.emails', async () => {
    signIn(makeMe(WITHOUT_EMAILS));
    renderApp('/config/emails/model');
    expect(
      await screen.findByRole(
        'heading',
        { name: "Vous n'avez pas accès à cette page" },
        { timeout: 5000 },
      ),
    ).toBeVisible();
  });

  it('lists the models with their kind, languages and default flag; the kind and search are in the URL; deletes after confirming', async () => {
    signIn(makeMe(PERMISSIONS));
    const { calls } = useMailModelsApi([
      item(1, 'Refus poli', { is_default: true, languages: ['fr', 'en'] }),
      item(2, 'Invitation standard', { kind: 'interview_invitation', updated_by: null }),
    ]);
    renderApp('/config/emails/model');
    const list = await screen.findByRole('list', { name: "Modèles d'e-mails" }, { timeout: 5000 });
    expect(screen.getByRole('heading', { level: 1, name: "Modèles d'e-mails" })).toBeVisible();
    expect(screen.getByRole('link', { current: 'page', name: "Modèles d'e-mails" })).toBeVisible();
    const first = within(list).getByRole('link', { name: 'Refus poli' }).closest('li')!;
    expect(within(first).getByText('Refus')).toBeVisible();
    expect(within(first).getByText('Par défaut')).toBeVisible();
    expect(
      within(within(first).getByRole('list', { name: 'Langues rédigées' })).getAllByRole(
        'listitem',
      ),
    ).toHaveLength(2);
    expect(within(first).getByText('Modifié le 20 novembre 2026 par Camille Martin')).toBeVisible();
    const second = within(list).getByRole('link', { name: 'Invitation standard' }).closest('li')!;
    expect(within(second).getByText('Invitation à un entretien')).toBeVisible();
    expect(
      within(second).getByText('Modifié le 20 novembre 2026 par un utilisateur supprimé'),
    ).toBeVisible();
    expect(screen.getByText('2 modèles')).toBeVisible();

    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: "Type d'e-mail" }),
      'Invitation à un entretien',
    );
    // nuqs writes the query string through window.history (shallow), as in the browser.
    await waitFor(() => expect(window.location.search).toContain('kind=interview_invitation'));
    await waitFor(() =>
      expect(calls.at(-1)?.url.searchParams.get('filter[kind]')).toBe('interview_invitation'),
    );
    expect(await screen.findByText('1 modèle')).toBeVisible();

    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: "Type d'e-mail" }),
      'Tous les types',
    );
    await userEvent.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'refus');
    await waitFor(() => expect(window.location.search).toContain('q=refus'));
    expect(window.location.search).not.toContain('kind=');
    await waitFor(() => expect(calls.at(-1)?.url.searchParams.get('search')).toBe('refus'));
    expect(await screen.findByText('1 modèle')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Supprimer Refus poli' }));
    const confirm = await screen.findByRole('alertdialog', {
      name: 'Supprimer le modèle « Refus poli » ?',
    });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Supprimer le modèle' }));
    expect(await screen.findByText('Modèle « Refus poli » supprimé.')).toBeVisible();
    expect(calls.find((c) => c.method === 'DELETE')?.url.pathname).toBe('/api/mail-models/1');
    expect(await screen.findByText('Aucun modèle ne correspond à cette recherche')).toBeVisible();
  });

  it('creates a refusal model from the kind menu: a merge field in the subject, the default switch, then opens it', async () => {
    signIn(makeMe(PERMISSIONS));
    const { calls } = useMailModelsApi([]);
    let created: TMailModel | undefined;
    server.use(
      http.post('*/api/mail-models', async ({ request }) => {
        const body = (await request.json()) as TMailModel;
        calls.push({ method: 'POST', url: new URL(request.url), body });
        created = model(9, {
          name: body.name,
          is_default: body.is_default,
          contents: {
            fr: content(body.contents.fr!.subject, body.contents.fr!.mjml),
            en: null,
            es: null,
            de: null,
          },
        });
        return HttpResponse.json(created, { status: 201 });
      }),
      http.get('*/api/mail-models/9', () => HttpResponse.json(created)),
    );
    const view = renderApp('/config/emails/model');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Nouveau modèle' }, { timeout: 5000 }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Refus' }));
    await waitFor(() => expect(view.location()).toBe('/config/emails/model/new?kind=refusal'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Nouveau modèle' })).toBeVisible();
    // The config menu keeps the models' entry selected.
    expect(screen.getByRole('link', { current: 'page', name: "Modèles d'e-mails" })).toBeVisible();
    expect(screen.getByRole('combobox', { name: /^Type d'e-mail/ })).toHaveValue('refusal');
    expect(screen.getByRole('tab', { name: 'Français', selected: true })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Anglais (pas encore rédigée)' })).toBeVisible();
    const body = await screen.findByRole('textbox', { name: 'Visual editor (test)' });
    expect((body as HTMLTextAreaElement).value).toContain('Bonjour {{candidate.firstname}},');

    await userEvent.type(
      screen.getByRole('textbox', { name: /^Nom du modèle/ }),
      'Refus après entretien',
    );
    const subject = screen.getByRole('textbox', { name: /^Objet/ });
    await userEvent.type(subject, 'Votre candidature, ');
    await userEvent.click(screen.getByRole('button', { name: "Insérer un champ dans l'objet" }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /^Prénom du candidat/ }));
    await waitFor(() => expect(subject).toHaveValue('Votre candidature, {{candidate.firstname}}'));
    await waitFor(() => expect(subject).toHaveFocus());
    await userEvent.click(
      screen.getByRole('switch', { name: 'Utiliser pour les e-mails de ce type' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Créer le modèle' }));

    expect(await screen.findByText('Modèle « Refus après entretien » créé.')).toBeVisible();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({
      kind: 'refusal',
      name: 'Refus après entretien',
      is_default: true,
      contents: { fr: { subject: 'Votre candidature, {{candidate.firstname}}' } },
    });
    expect(Object.keys((post.body as TMailModel).contents)).toEqual(['fr']);
    expect((post.body as TMailModel).contents.fr!.mjml).toContain('<mjml>');
    await waitFor(() => expect(view.location()).toBe('/config/emails/model/9'));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Refus après entretien' }),
    ).toBeVisible();
    expect(screen.getByRole('combobox', { name: /^Type d'e-mail/ })).toBeDisabled();
  });

  it('puts the 422 codes on their fields, naming unknown merge fields, and checks the merge fields before sending', async () => {
    signIn(makeMe(PERMISSIONS));
    const { calls } = useMailModelsApi([]);
    server.use(
      http.post('*/api/mail-models', async ({ request }) => {
        calls.push({ method: 'POST', url: new URL(request.url), body: await request.json() });
        return HttpResponse.json(
          {
            message: 'Invalid',
            errors: {
              name: ['max_length:100'],
              'contents.fr.subject': ['unknown_merge_fields:candidate.age,offer.salary'],
              'contents.fr.mjml': ['invalid_mjml'],
            },
          },
          { status: 422 },
        );
      }),
    );
    renderApp('/config/emails/model/new?kind=application_received');
    const name = await screen.findByRole('textbox', { name: /^Nom du modèle/ }, { timeout: 5000 });
    await userEvent.type(name, 'Accusé');
    const subject = screen.getByRole('textbox', { name: /^Objet/ });
    // sender.* is not a field of the acknowledgement: refused here, before any call.
    await userEvent.type(subject, 'Merci de la part de {{{{sender.firstname}}');
    await userEvent.click(screen.getByRole('button', { name: 'Créer le modèle' }));
    expect(
      await screen.findByText(
        "Ce champ de fusion n'existe pas pour ce type d'e-mail : sender.firstname.",
      ),
    ).toBeVisible();
    expect(subject).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.clear(subject);
    await userEvent.type(subject, 'Merci');
    await userEvent.click(screen.getByRole('button', { name: 'Créer le modèle' }));
    expect(
      await screen.findByText(
        "Ces champs de fusion n'existent pas pour ce type d'e-mail : candidate.age, offer.salary.",
      ),
    ).toBeVisible();
    expect(screen.getByText('100 caractères maximum.')).toBeVisible();
    expect(
      screen.getByText("Ce contenu n'est pas un e-mail MJML valide : vérifiez son code."),
    ).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('Corrigez les champs signalés.');
    expect(screen.getByRole('tab', { name: 'Français (à corriger)' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: /^Nom du modèle/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('previews the content of the open language in a sandboxed frame, with its subject and text', async () => {
    signIn(makeMe(PERMISSIONS));
    useMailModelsApi([], [model(5)]);
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/mail-models/preview', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({
          subject: 'Votre candidature, Léa',
          html: '<html><body><p>Bonjour Léa</p></body></html>',
          text: 'Bonjour Léa\n\nCordialement',
        });
      }),
    );
    renderApp('/config/emails/model/5');
    const body = await screen.findByRole(
      'textbox',
      { name: 'Visual editor (test)' },
      { timeout: 5000 },
    );
    await userEvent.type(body, ' !');
    await userEvent.click(screen.getByRole('button', { name: 'Aperçu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aperçu de la version Français' });
    expect(within(dialog).getByText('Votre candidature, Léa')).toBeVisible();
    const frame = within(dialog).getByTitle("Contenu de l'e-mail");
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain('Bonjour Léa');
    expect(within(dialog).getByText(/Cordialement/)).toBeVisible();
    expect(bodies[0]).toEqual({
      kind: 'refusal',
      language: 'fr',
      subject: 'Votre candidature',
      mjml: `${MJML} !`,
    });
  });

  it('sends a test of a saved language to the user, not of a language not saved yet; leaving with changes asks first', async () => {
    signIn(makeMe(PERMISSIONS));
    useMailModelsApi([item(5, 'Refus poli')], [model(5)]);
    const tests: unknown[] = [];
    server.use(
      http.post('*/api/mail-models/5/test', async ({ request }) => {
        tests.push(await request.json());
        return new HttpResponse(null, { status: 202 });
      }),
    );
    const view = renderApp('/config/emails/model/5');
    await userEvent.click(
      await screen.findByRole('button', { name: "M'envoyer un test" }, { timeout: 5000 }),
    );
    expect(
      await screen.findByText('E-mail de test envoyé à camille.martin@example.com.'),
    ).toBeVisible();
    expect(tests).toEqual([{ language: 'fr' }]);

    await userEvent.click(screen.getByRole('tab', { name: 'Anglais (pas encore rédigée)' }));
    expect(
      await screen.findByText("Ce modèle n'a pas encore de version en Anglais."),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Copier la version Français' }));
    expect(await screen.findByRole('textbox', { name: /^Objet/ })).toHaveValue('Votre candidature');
    expect(screen.getByRole('button', { name: "M'envoyer un test" })).toBeDisabled();
    expect(
      screen.getByText("Enregistrez cette version pour pouvoir vous l'envoyer."),
    ).toBeVisible();

    await userEvent.click(screen.getByRole('link', { name: 'Retour aux modèles' }));
    const guard = await screen.findByRole('alertdialog', { name: 'Quitter sans enregistrer ?' });
    await userEvent.click(within(guard).getByRole('button', { name: 'Rester sur la page' }));
    expect(view.location()).toBe('/config/emails/model/5');
    await userEvent.click(screen.getByRole('link', { name: 'Retour aux modèles' }));
    await userEvent.click(
      within(
        await screen.findByRole('alertdialog', { name: 'Quitter sans enregistrer ?' }),
      ).getByRole('button', {
        name: 'Quitter sans enregistrer',
      }),
    );
    await waitFor(() => expect(view.location()).toBe('/config/emails/model'));
  });
});
