import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import type { TMailSignature } from '@embauche/contracts/mail-signatures';
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

const WITHOUT_EMAILS = ADMIN_PERMISSIONS.filter((p) => p !== 'config.emails');

const MJML =
  '<mjml><mj-body><mj-section><mj-column><mj-text>{{sender.fullname}}</mj-text></mj-column></mj-section></mj-body></mjml>';

const saved = (mjml = MJML) => ({
  mjml,
  html: '<p>html</p>',
  text: 'text',
  updated_at: '2026-11-20T10:00:00.000Z',
});

const signature = (contents: Partial<TMailSignature['contents']> = {}): TMailSignature => ({
  contents: { fr: null, en: null, es: null, de: null, ...contents },
});

/** A signature endpoint (the company's or the user's own) whose PUTs are kept and answered. */
function useSignatureApi(path: string, start: TMailSignature, answer?: () => Response) {
  let current = start;
  const puts: unknown[] = [];
  server.use(
    http.get(`*/api/${path}`, () => HttpResponse.json(current)),
    http.put(`*/api/${path}`, async ({ request }) => {
      const body = (await request.json()) as {
        contents: Partial<Record<string, { mjml: string }>>;
      };
      puts.push(body);
      const refused = answer?.();
      if (refused) return refused;
      current = signature(
        Object.fromEntries(
          Object.entries(body.contents).map(([lng, c]) => [lng, c ? saved(c.mjml) : null]),
        ),
      );
      return HttpResponse.json(current);
    }),
  );
  return { puts };
}

describe('the company’s e-mail signature', () => {
  it('is forbidden without config.emails', async () => {
    signIn(makeMe(WITHOUT_EMAILS));
    renderApp('/config/emails/signature');
    expect(
      await screen.findByRole(
        'heading',
        { name: "Vous n'avez pas accès à cette page" },
        { timeout: 5000 },
      ),
    ).toBeVisible();
  });

  it('starts a language, inserts a merge field from the picker, saves every language written', async () => {
    signIn(makeMe(ADMIN_PERMISSIONS));
    const { puts } = useSignatureApi('config/mail-signature', signature({ en: saved() }));
    renderApp('/config/emails/signature');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Signature' }, { timeout: 5000 }),
    ).toBeVisible();
    // English is written: it opens first. French is not yet.
    const tabs = await screen.findByRole('tablist', {
      name: 'Versions de la signature par langue',
    });
    expect(within(tabs).getByRole('tab', { name: 'Anglais' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await userEvent.click(
      within(tabs).getByRole('tab', { name: /Français \(pas encore rédigée\)/ }),
    );
    expect(screen.getByText('Pas encore de signature en Français.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Commencer la signature' }));
    const body = await screen.findByRole('textbox', { name: 'Visual editor (test)' });
    expect((body as HTMLTextAreaElement).value).toContain('{{sender.fullname}}');
    // The picker offers the sender's and the company's fields only.
    await userEvent.click(
      screen.getByRole('button', { name: 'Insérer un champ dans le texte sélectionné' }),
    );
    const items = await screen.findAllByRole('menuitem');
    expect(items).toHaveLength(5);
    expect(screen.queryByRole('menuitem', { name: /candidat/i })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('menuitem', { name: /sender\.email/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer la signature' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    const sent = puts[0] as { contents: Record<string, { mjml: string } | undefined> };
    expect(Object.keys(sent.contents)).toEqual(['fr', 'en']);
    expect(sent.contents.fr!.mjml).toMatch(/\{\{sender\.email\}\}$/);
    expect(sent.contents.en!.mjml).toBe(MJML);
    expect(await screen.findByText('Signature enregistrée.')).toBeVisible();
  });

  it('names the merge fields a signature does not know, on the language’s tab, before sending', async () => {
    signIn(makeMe(ADMIN_PERMISSIONS));
    const { puts } = useSignatureApi('config/mail-signature', signature({ fr: saved() }));
    renderApp('/config/emails/signature');
    const body = await screen.findByRole(
      'textbox',
      { name: 'Visual editor (test)' },
      { timeout: 5000 },
    );
    await userEvent.type(body, ' {{{{candidate.firstname}}');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer la signature' }));
    expect(
      await screen.findByText(
        "Ce champ de fusion n'existe pas pour ce type d'e-mail : candidate.firstname.",
      ),
    ).toBeVisible();
    expect(puts).toHaveLength(0);
    expect(screen.getByRole('tab', { name: /Français \(à corriger\)/ })).toBeVisible();
  });

  it('puts the server’s 422 on the language it names and opens its tab', async () => {
    signIn(makeMe(ADMIN_PERMISSIONS));
    useSignatureApi('config/mail-signature', signature({ fr: saved(), de: saved() }), () =>
      HttpResponse.json(
        {
          message: 'The given data was invalid.',
          code: 'validation_failed',
          errors: { 'contents.de.mjml': ['invalid_mjml'] },
        },
        { status: 422 },
      ),
    );
    renderApp('/config/emails/signature');
    await screen.findByRole('textbox', { name: 'Visual editor (test)' }, { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer la signature' }));
    expect(await screen.findByText('Corrigez les champs signalés.')).toBeVisible();
    expect(screen.getByRole('tab', { name: /Allemand \(à corriger\)/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(
      screen.getByText("Ce contenu n'est pas un e-mail MJML valide : vérifiez son code."),
    ).toBeVisible();
  });

  it('previews the open language in a sandboxed frame with its text part', async () => {
    signIn(makeMe(ADMIN_PERMISSIONS));
    useSignatureApi('config/mail-signature', signature({ fr: saved() }));
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/mail-signature/preview', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({
          html: '<html><body><p>Camille Martin</p></body></html>',
          text: 'Camille Martin',
        });
      }),
    );
    renderApp('/config/emails/signature');
    await screen.findByRole('textbox', { name: 'Visual editor (test)' }, { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: 'Aperçu' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Aperçu de la signature en Français',
    });
    const frame = within(dialog).getByTitle("Contenu de l'e-mail");
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain('Camille Martin');
    expect(within(dialog).queryByText('Objet')).not.toBeInTheDocument();
    expect(bodies[0]).toEqual({ language: 'fr', mjml: MJML });
    // The dialog itself holds the focus, not the frame: Escape closes it whatever the browser does
    // with a key pressed in a frame.
    await waitFor(() => expect(dialog).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('the user’s own e-mail signature', () => {
  it('is in the user settings of anyone signed in, and saves to their own', async () => {
    signIn(makeMe());
    const { puts } = useSignatureApi('me/mail-signature', signature());
    renderApp('/user-settings', { lng: 'en' });
    const section = await screen.findByRole(
      'region',
      { name: 'My e-mail signature' },
      { timeout: 5000 },
    );
    expect(await within(section).findByText('No signature in French yet.')).toBeVisible();
    await userEvent.click(within(section).getByRole('button', { name: 'Start the signature' }));
    await within(section).findByRole('textbox', { name: 'Visual editor (test)' });
    await userEvent.click(within(section).getByRole('button', { name: 'Save the signature' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(Object.keys((puts[0] as { contents: object }).contents)).toEqual(['fr']);
    expect(await screen.findByText('Signature saved.')).toBeVisible();
  });
});
