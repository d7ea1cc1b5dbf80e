import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import type { TCommunityMember } from '@embauche/contracts/community';
import type { TMailModelItem } from '@embauche/contracts/mail-models';
import type { TMailing, TMailingInput, TMailingPreviewInput } from '@embauche/contracts/mailings';
import { APPLICANT_PERMISSIONS, applicantApiHandlers } from '../../test/applicant-fixtures.ts';
import {
  APPLICATION_PERMISSIONS,
  makeApplication,
  useApplicationsApi,
} from '../../test/application-fixtures.ts';
import { makeMe } from '../../test/fixtures.ts';
import {
  makeOfferDetail,
  PROJECT_PERMISSIONS,
  useProjectsApi,
} from '../../test/project-fixtures.ts';
import { makeList, makeListApplicant } from '../../test/recruitment-list-fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

// pdf.js needs a real browser: the applicant screen's CV viewer is a stand-in here.
vi.mock('../../features/applicants/components/pdf-viewer.tsx', () => ({
  default: ({ label }: { label: string }) => <section aria-label={label} />,
}));

// Sonner captures the pointer when a toast is pressed; jsdom has no pointer capture.
if (!HTMLElement.prototype.setPointerCapture) HTMLElement.prototype.setPointerCapture = () => {};
afterEach(() => toast.dismiss());

const EMAIL = 'project_application.email';
const MODELS = 'config.emails';
const SELECTION = 'Actions sur la sélection';
const TITLE = 'Envoyer un e-mail';

function makeModel(overrides: Partial<TMailModelItem> & { id: number }): TMailModelItem {
  return {
    kind: 'free',
    name: 'Relance',
    is_default: false,
    languages: ['fr'],
    updated_at: '2026-01-10T09:00:00Z',
    updated_by: 'Camille Martin',
    ...overrides,
  };
}

const COMPANY_MODELS = [
  makeModel({ id: 11, kind: 'free', name: 'Relance' }),
  makeModel({
    id: 12,
    kind: 'refusal',
    name: 'Refus après entretien',
    is_default: true,
    languages: ['fr', 'en'],
  }),
  makeModel({ id: 13, kind: 'refusal', name: 'Refus sur CV' }),
];

function makeMailing(overrides: Partial<TMailing> = {}): TMailing {
  return {
    id: 9,
    status: 'scheduled',
    model_name: 'Refus après entretien',
    subject: 'Votre candidature',
    total: 2,
    sent: 0,
    skipped: 0,
    skipped_reasons: { no_email: 0, unsubscribed: 0, cancelled: 0 },
    send_at: new Date().toISOString(),
    created_at: new Date().toISOString(),
    finished_at: null,
    created_by: 'Camille Martin',
    attachments: [],
    ...overrides,
  };
}

/** The company's models (paged), the preview and the mailing's calls; keeps what was asked. */
function useMailingsApi(
  options: {
    created?: TMailing | { status: number; body: Record<string, unknown> };
    progress?: TMailing[];
    models?: TMailModelItem[];
  } = {},
) {
  const calls = {
    models: [] as URL[],
    previews: [] as TMailingPreviewInput[],
    created: [] as TMailingInput[],
    files: [] as number[],
    polled: 0,
    cancelled: 0,
  };
  const progress = options.progress ?? [];
  server.use(
    http.get('*/api/mailings/models', ({ request }) => {
      calls.models.push(new URL(request.url));
      return HttpResponse.json(options.models ?? COMPANY_MODELS);
    }),
    http.post('*/api/mailings/preview', async ({ request }) => {
      const body = (await request.json()) as TMailingPreviewInput;
      calls.previews.push(body);
      const name = body.applicant_id === 502 ? 'Bruno' : 'Alice';
      return HttpResponse.json({
        subject: `Votre candidature, ${name}`,
        html: `<p>Bonjour ${name}, merci.</p>`,
        text: `Bonjour ${name}, merci.`,
      });
    }),
    http.post('*/api/mailings', async ({ request }) => {
      if (request.headers.get('content-type')?.startsWith('multipart/form-data')) {
        const form = await request.formData();
        calls.created.push(JSON.parse(String(form.get('payload'))) as TMailingInput);
        calls.files.push(form.getAll('attachments[]').length);
      } else calls.created.push((await request.json()) as TMailingInput);
      const created = options.created ?? makeMailing();
      return 'body' in created
        ? HttpResponse.json(created.body, { status: created.status })
        : HttpResponse.json(created, { status: 202 });
    }),
    http.get('*/api/mailings/9', () => {
      calls.polled += 1;
      return HttpResponse.json(
        progress[Math.min(calls.polled, progress.length) - 1] ?? makeMailing(),
      );
    }),
    http.delete('*/api/mailings/9', () => {
      calls.cancelled += 1;
      return HttpResponse.json(
        makeMailing({
          status: 'cancelled',
          skipped: 2,
          skipped_reasons: { no_email: 0, unsubscribed: 0, cancelled: 2 },
          finished_at: new Date().toISOString(),
        }),
      );
    }),
  );
  return calls;
}

/** The offer 100 with Alice Durand (application 1, applicant 501) and Bruno Petit (2, 502). */
function useOffer(
  permissions: string[],
  bruno: Partial<Parameters<typeof makeApplication>[0]> = {},
) {
  signIn(makeMe([...PROJECT_PERMISSIONS, ...APPLICATION_PERMISSIONS, ...permissions]));
  useProjectsApi();
  server.use(http.get('*/api/projects/10/offers/100', () => HttpResponse.json(makeOfferDetail())));
  return useApplicationsApi([
    makeApplication({ id: 1, firstname: 'Alice', lastname: 'Durand' }),
    makeApplication({
      id: 2,
      firstname: 'Bruno',
      lastname: 'Petit',
      email: 'bruno.petit@example.com',
      ...bruno,
    }),
  ]);
}

async function openFromList() {
  renderApp('/projects/10/offer/100?view=list');
  await userEvent.click(
    await screen.findByRole(
      'checkbox',
      { name: 'Sélectionner la candidature de Alice Durand' },
      { timeout: 5000 },
    ),
  );
  await userEvent.click(
    screen.getByRole('checkbox', { name: 'Sélectionner la candidature de Bruno Petit' }),
  );
  await userEvent.click(
    within(screen.getByRole('toolbar', { name: SELECTION })).getByRole('button', { name: TITLE }),
  );
  return screen.findByRole('dialog', { name: TITLE }, { timeout: 5000 });
}

/** Writes a subject and a message in the free mode. */
async function writeFreely(dialog: HTMLElement, subject: string, body: string) {
  await userEvent.click(within(dialog).getByRole('radio', { name: 'Écrire librement' }));
  // Pasted: typed, `{{` would be user-event's escape for one brace.
  within(dialog)
    .getByRole('textbox', { name: /^Objet/ })
    .focus();
  await userEvent.paste(subject);
  const message = within(dialog).getByRole('textbox', { name: /^Message/ });
  message.focus();
  await userEvent.paste(body);
}

describe('e-mail to candidates from an offer', () => {
  it('sends a model to the selection, previews it for a chosen recipient, and follows the progress to done with why some were skipped', async () => {
    useOffer([EMAIL, MODELS]);
    const done = makeMailing({
      status: 'done',
      sent: 1,
      skipped: 1,
      skipped_reasons: { no_email: 1, unsubscribed: 0, cancelled: 0 },
      finished_at: new Date().toISOString(),
    });
    const calls = useMailingsApi({ progress: [makeMailing({ status: 'sending' }), done] });
    const dialog = await openFromList();
    expect(
      within(dialog).getByText('Un e-mail à chacun des 2 candidats : Alice Durand, Bruno Petit.'),
    ).toBeVisible();

    // The models, by kind (free e-mails first), the default one marked.
    const select = await within(dialog).findByRole(
      'combobox',
      { name: /^Modèle/ },
      { timeout: 5000 },
    );
    const groups = within(select).getAllByRole('group');
    expect(groups.map((g) => g.getAttribute('label'))).toEqual(['E-mail libre', 'Refus']);
    expect(
      within(groups[1]!)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Refus après entretien (par défaut)', 'Refus sur CV']);
    expect(calls.models).toHaveLength(1);

    // Nothing chosen: the model is asked for.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer aux 2 candidats' }));
    expect(select).toHaveAccessibleDescription('Ce champ est obligatoire.');
    expect(calls.created).toEqual([]);

    await userEvent.selectOptions(select, 'Refus après entretien (par défaut)');
    expect(within(dialog).getByText('Rédigé en : Français, Anglais.')).toBeVisible();

    // The preview, for Bruno: his subject, the HTML in a frame that may run nothing, the text part.
    await userEvent.click(within(dialog).getByRole('button', { name: "Voir l'aperçu" }));
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Aperçu pour' }),
      'Bruno Petit',
    );
    const frame = await within(dialog).findByTitle(
      'E-mail tel que Bruno Petit le lira',
      {},
      { timeout: 5000 },
    );
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame).toHaveAttribute('srcdoc', '<p>Bonjour Bruno, merci.</p>');
    expect(within(dialog).getByText('Votre candidature, Bruno')).toBeVisible();
    await userEvent.click(within(dialog).getByText('Version texte'));
    expect(within(dialog).getByRole('region', { name: 'Version texte' })).toHaveTextContent(
      'Bonjour Bruno, merci.',
    );
    expect(calls.previews.at(-1)).toEqual({ applicant_id: 502, application_id: 2, model_id: 12 });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer aux 2 candidats' }));
    expect(calls.created).toEqual([
      { recipients: { application_ids: [1, 2], applicant_ids: [] }, model_id: 12 },
    ]);

    // Polled every second until done: the status line ends with the counts and the reasons.
    const status = await within(dialog).findByText('Envoi terminé.', {}, { timeout: 6000 });
    expect(status.closest('[role="status"]')).toHaveTextContent(
      'Envoi terminé.1 e-mail envoyé sur 2. 1 non envoyé : 1 sans adresse e-mail.',
    );
    expect(within(dialog).getByRole('progressbar', { name: 'E-mails traités' })).toHaveAttribute(
      'aria-valuenow',
      '2',
    );
    expect(
      within(dialog).getByRole('list', { name: "1 candidat n'a pas reçu l'e-mail :" }),
    ).toHaveTextContent('1 sans adresse e-mail');
    expect(within(dialog).queryByRole('button', { name: "Annuler l'envoi" })).toBeNull();
    const polled = calls.polled;
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(calls.polled).toBe(polled);

    // Closed once sent: the selection is cleared.
    await userEvent.click(
      within(dialog)
        .getAllByRole('button', { name: 'Fermer' })
        .find((b) => b.textContent === 'Fermer')!,
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: TITLE })).toBeNull());
    await waitFor(() => expect(screen.queryByRole('toolbar', { name: SELECTION })).toBeNull());
  });

  it('turns a text written freely into MJML, one escaped paragraph each with the merge fields kept, and inserts a field at the caret', async () => {
    useOffer([EMAIL, MODELS]);
    const calls = useMailingsApi({
      progress: [makeMailing({ status: 'done', sent: 2, finished_at: new Date().toISOString() })],
    });
    const dialog = await openFromList();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Écrire librement' }));
    const subject = within(dialog).getByRole<HTMLInputElement>('textbox', { name: /^Objet/ });
    await userEvent.type(subject, 'Votre candidature');
    subject.setSelectionRange(6, 6);
    await userEvent.click(
      within(dialog).getByRole('button', { name: "Insérer un champ dans l'objet" }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: /Prénom du candidat/ }));
    expect(subject).toHaveValue('Votre {{candidate.firstname}}candidature');
    await waitFor(() => expect(subject).toHaveFocus());
    await userEvent.clear(subject);
    await userEvent.type(subject, 'Nouvelles de votre candidature');

    const message = within(dialog).getByRole('textbox', { name: /^Message/ });
    message.focus();
    await userEvent.paste(
      'Bonjour {{candidate.firstname}},\n\nLe poste <b>Cariste</b> & le planning\nsont confirmés.\n\n{{sender.fullname}}',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer aux 2 candidats' }));
    await waitFor(() => expect(calls.created).toHaveLength(1));
    const sent = calls.created[0]!;
    expect(sent.model_id).toBeUndefined();
    expect(sent.content?.subject).toBe('Nouvelles de votre candidature');
    const texts = [...(sent.content?.mjml ?? '').matchAll(/<mj-text[^>]*>(.*?)<\/mj-text>/g)].map(
      (m) => m[1],
    );
    expect(texts).toEqual([
      'Bonjour {{candidate.firstname}},',
      'Le poste &lt;b&gt;Cariste&lt;/b&gt; &amp; le planning<br />sont confirmés.',
      '{{sender.fullname}}',
    ]);
    expect(await within(dialog).findByText('Envoi terminé.', {}, { timeout: 6000 })).toBeVisible();
  });

  it('says which merge fields do not exist before sending, and puts the server’s 422 codes on their fields', async () => {
    useOffer([EMAIL, MODELS]);
    const calls = useMailingsApi({
      created: {
        status: 422,
        body: {
          message: 'Invalid',
          errors: {
            'content.subject': ['unknown_merge_fields:{offer.reference}'],
            'content.mjml': ['invalid_mjml'],
          },
        },
      },
    });
    const dialog = await openFromList();
    await writeFreely(dialog, 'Poste {{offer.salary}}', 'Bonjour {{candidate.firstname}}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer aux 2 candidats' }));
    const subject = within(dialog).getByRole('textbox', { name: /^Objet/ });
    expect(subject).toHaveAccessibleDescription(
      "Ce champ de fusion n'existe pas pour ce type d'e-mail : offer.salary.",
    );
    expect(calls.created).toEqual([]);

    await userEvent.clear(subject);
    await userEvent.type(subject, 'Poste');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer aux 2 candidats' }));
    await waitFor(() =>
      expect(subject).toHaveAccessibleDescription(
        "Ce champ de fusion n'existe pas pour ce type d'e-mail : offer.reference.",
      ),
    );
    expect(within(dialog).getByRole('textbox', { name: /^Message/ })).toHaveAccessibleDescription(
      /Ce contenu n'est pas un e-mail MJML valide/,
    );
    expect(subject).toHaveFocus();
    // The dialog stays, with what was written.
    expect(screen.getByRole('dialog', { name: TITLE })).toBeVisible();
  });

  it('tells when a recipient is not one the user sees', async () => {
    useOffer([EMAIL, MODELS]);
    useMailingsApi({
      created: {
        status: 422,
        body: { message: 'Invalid', errors: { recipients: ['unknown_applicant'] } },
      },
    });
    const dialog = await openFromList();
    await userEvent.selectOptions(
      await within(dialog).findByRole('combobox', { name: /^Modèle/ }, { timeout: 5000 }),
      'Relance',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer aux 2 candidats' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Ce candidat ne fait pas partie de la base de votre entreprise.',
    );
  });

  it('schedules a mailing in the user’s time zone and cancels it', async () => {
    useOffer([EMAIL, MODELS]);
    const later = new Date(Date.now() + 3 * 86_400_000);
    const calls = useMailingsApi({
      created: makeMailing({ send_at: later.toISOString() }),
      progress: [makeMailing({ send_at: later.toISOString() })],
    });
    const dialog = await openFromList();
    await userEvent.selectOptions(
      await within(dialog).findByRole('combobox', { name: /^Modèle/ }, { timeout: 5000 }),
      'Relance',
    );
    await userEvent.click(
      within(dialog).getByRole('radio', { name: 'À une date et une heure choisies' }),
    );
    await userEvent.click(
      within(dialog).getByRole('button', { name: "Programmer l'envoi aux 2 candidats" }),
    );
    const date = within(dialog).getByRole('textbox', { name: /^Date et heure d'envoi/ });
    expect(date).toHaveAccessibleDescription(/Ce champ est obligatoire\./);

    const day = `${String(later.getDate()).padStart(2, '0')}/${String(later.getMonth() + 1).padStart(2, '0')}/${later.getFullYear()}`;
    await userEvent.type(date, `${day}{Enter}`);
    const time = within(dialog).getByRole('textbox', { name: "Heure (Date et heure d'envoi)" });
    await userEvent.clear(time);
    await userEvent.type(time, '9h30');
    await userEvent.tab();
    await userEvent.click(
      within(dialog).getByRole('button', { name: "Programmer l'envoi aux 2 candidats" }),
    );
    await waitFor(() => expect(calls.created).toHaveLength(1));
    const sendAt = calls.created[0]!.send_at!;
    expect(sendAt).toMatch(/T09:30:00[+-]\d{2}:\d{2}$/);
    expect(new Date(sendAt).getTime()).toBe(
      new Date(later.getFullYear(), later.getMonth(), later.getDate(), 9, 30).getTime(),
    );

    expect(await within(dialog).findByText(/^Envoi programmé le /)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: "Annuler l'envoi" }));
    expect(await within(dialog).findByText('Envoi annulé.')).toBeVisible();
    expect(calls.cancelled).toBe(1);
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      "0 e-mail envoyé sur 2. 2 non envoyés : 2 retirés par l'annulation.",
    );
  });

  it('writes to the whole board column (issue 42 part 2: its status under the board filters)', async () => {
    useOffer([EMAIL, MODELS], { email: null });
    const calls = useMailingsApi();
    renderApp('/projects/10/offer/100?view=board');
    const column = await screen.findByRole('region', { name: 'Nouveau' }, { timeout: 5000 });
    await userEvent.click(
      await within(column).findByRole(
        'button',
        { name: 'Envoyer un e-mail aux 2 candidatures de la colonne Nouveau' },
        { timeout: 5000 },
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: TITLE }, { timeout: 5000 });
    await userEvent.selectOptions(
      await within(dialog).findByRole('combobox', { name: /^Modèle/ }, { timeout: 5000 }),
      'Relance',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer aux 2 candidats' }));
    await waitFor(() => expect(calls.created).toHaveLength(1));
    expect(calls.created[0]).toMatchObject({
      recipients: {
        application_ids: [],
        applicant_ids: [],
        selection: { all: { list: 'offer', project_id: 10, offer_id: 100, count: 2 } },
      },
      model_id: 11,
    });
  });

  it('offers the company’s models to a sender who may not configure e-mails', async () => {
    useOffer([EMAIL]);
    const calls = useMailingsApi();
    const dialog = await openFromList();
    expect(within(dialog).getByRole('radio', { name: 'Écrire librement' })).toBeVisible();
    expect(
      await within(dialog).findByRole('combobox', { name: /^Modèle/ }, { timeout: 5000 }),
    ).toBeVisible();
    expect(calls.models).toHaveLength(1);
  });

  it('sends files with the e-mail, and refuses too many before sending', async () => {
    useOffer([EMAIL]);
    const calls = useMailingsApi();
    const dialog = await openFromList();
    const select = await within(dialog).findByRole(
      'combobox',
      { name: /^Modèle/ },
      { timeout: 5000 },
    );
    await userEvent.selectOptions(select, 'Relance');
    const input = within(dialog).getByLabelText('Joindre des fichiers');
    const file = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });
    await userEvent.upload(
      input,
      ['1', '2', '3', '4', '5', '6'].map((n) => file(`p${n}.pdf`)),
    );
    expect(within(dialog).getByRole('alert')).toHaveTextContent('5 éléments au maximum.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retirer p6.pdf' }));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(
      within(within(dialog).getByRole('list', { name: 'Fichiers à envoyer' })).getAllByRole(
        'listitem',
      ),
    ).toHaveLength(5);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer aux 2 candidats' }));
    await waitFor(() => expect(calls.created).toHaveLength(1));
    expect(calls.created[0]).toMatchObject({ model_id: 11 });
    expect(calls.files).toEqual([5]);
  });

  it('refuses a selection and sends the refusal model to the refused ones', async () => {
    useOffer([EMAIL]);
    const calls = useMailingsApi({ created: makeMailing({ total: 1 }) });
    const bulk: unknown[] = [];
    server.use(
      http.put('*/api/treatment/applications/statuses', async ({ request }) => {
        bulk.push(await request.json());
        return HttpResponse.json({ changed: [2], failed: [{ id: 1, reason: 'not_found' }] });
      }),
    );
    renderApp('/projects/10/offer/100?view=list');
    for (const name of ['Alice Durand', 'Bruno Petit'])
      await userEvent.click(
        await screen.findByRole(
          'checkbox',
          { name: `Sélectionner la candidature de ${name}` },
          { timeout: 5000 },
        ),
      );
    await userEvent.click(
      within(screen.getByRole('toolbar', { name: SELECTION })).getByRole('button', {
        name: 'Changer le statut',
      }),
    );
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Changer le statut de 2 candidatures',
    });
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: /Nouveau statut/ }),
      'Refusé',
    );
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: /Motif/ }),
      'Dossier incomplet',
    );
    const box = await within(dialog).findByRole('checkbox', {
      name: "Envoyer l'e-mail de refus aux candidats refusés",
    });
    expect(box).not.toBeChecked();
    await userEvent.click(box);
    // The default refusal model is chosen; another may be.
    const model = within(dialog).getByRole('combobox', { name: "Modèle d'e-mail de refus" });
    expect(model).toHaveDisplayValue('Refus après entretien (par défaut)');
    await userEvent.selectOptions(model, 'Refus sur CV');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Appliquer' }));
    expect(
      await within(dialog).findByText("E-mail de refus en cours d'envoi à 1 candidat."),
    ).toBeVisible();
    // Only the refused application is written to.
    expect(calls.created).toEqual([
      { recipients: { application_ids: [2], applicant_ids: [] }, model_id: 13 },
    ]);
    expect(bulk).toHaveLength(1);
  });

  it('sends no refusal e-mail unless asked, and says when the company has no refusal model', async () => {
    useOffer([EMAIL]);
    const calls = useMailingsApi({ models: [COMPANY_MODELS[0]!] });
    server.use(
      http.put('*/api/treatment/applications/statuses', () =>
        HttpResponse.json({ changed: [1, 2], failed: [] }),
      ),
    );
    renderApp('/projects/10/offer/100?view=list');
    for (const name of ['Alice Durand', 'Bruno Petit'])
      await userEvent.click(
        await screen.findByRole(
          'checkbox',
          { name: `Sélectionner la candidature de ${name}` },
          { timeout: 5000 },
        ),
      );
    await userEvent.click(
      within(screen.getByRole('toolbar', { name: SELECTION })).getByRole('button', {
        name: 'Changer le statut',
      }),
    );
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Changer le statut de 2 candidatures',
    });
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: /Nouveau statut/ }),
      'Refusé',
    );
    expect(await within(dialog).findByText(/Aucun modèle d'e-mail de refus/)).toBeVisible();
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: /Motif/ }),
      'Dossier incomplet',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Appliquer' }));
    expect(await within(dialog).findByText('2 candidatures mises à jour.')).toBeVisible();
    expect(calls.created).toEqual([]);
  });

  it('refuses one application with the refusal e-mail, held back 30 s; undo stops it', async () => {
    useOffer([EMAIL]);
    const calls = useMailingsApi();
    renderApp('/projects/10/offer/100?view=list');
    await userEvent.click(
      await screen.findByRole(
        'button',
        { name: 'Changer le statut de Alice Durand' },
        { timeout: 5000 },
      ),
    );
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'Refusé' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Passer en « Refusé »' });
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: /Motif/ }),
      'Dossier incomplet',
    );
    await userEvent.click(
      await within(dialog).findByRole('checkbox', {
        name: "Envoyer l'e-mail de refus aux candidats refusés",
      }),
    );
    const before = Date.now();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Valider' }));
    expect(
      await screen.findByText(
        "Alice Durand est maintenant « Refusé ». L'e-mail de refus part dans 30 secondes.",
      ),
    ).toBeVisible();
    await waitFor(() => expect(calls.created).toHaveLength(1));
    const created = calls.created[0]!;
    expect(created).toMatchObject({
      recipients: { application_ids: [1], applicant_ids: [] },
      model_id: 12,
    });
    const delay = new Date(created.send_at!).getTime() - before;
    expect(delay).toBeGreaterThan(25_000);
    expect(delay).toBeLessThan(60_000);
    await userEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(calls.cancelled).toBe(1));
  });

  it('is not offered without the permission', async () => {
    useOffer([MODELS]);
    const view = renderApp('/projects/10/offer/100?view=list');
    await userEvent.click(
      await screen.findByRole(
        'checkbox',
        { name: 'Sélectionner la candidature de Alice Durand' },
        { timeout: 5000 },
      ),
    );
    expect(
      within(screen.getByRole('toolbar', { name: SELECTION })).queryByRole('button', {
        name: TITLE,
      }),
    ).toBeNull();
    view.unmount();

    signIn(makeMe([...APPLICANT_PERMISSIONS, MODELS]));
    server.use(...applicantApiHandlers());
    renderApp('/applicants/5');
    await screen.findByRole('heading', { level: 1, name: 'Léa Moreau' }, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: TITLE })).toBeNull();
  });
});

describe('e-mail to one applicant from the applicant screen', () => {
  it('writes about the application in focus: the preview and the e-mail fill its offer', async () => {
    signIn(makeMe([...APPLICANT_PERMISSIONS, EMAIL, MODELS]));
    server.use(...applicantApiHandlers());
    const calls = useMailingsApi({
      created: makeMailing({ total: 1 }),
      progress: [
        makeMailing({ status: 'done', total: 1, sent: 1, finished_at: new Date().toISOString() }),
      ],
    });
    renderApp('/applicants/5');
    await userEvent.click(await screen.findByRole('button', { name: TITLE }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: TITLE }, { timeout: 5000 });
    expect(within(dialog).getByText('Un e-mail à Léa Moreau.')).toBeVisible();
    await userEvent.selectOptions(
      await within(dialog).findByRole('combobox', { name: /^Modèle/ }, { timeout: 5000 }),
      'Refus sur CV',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: "Voir l'aperçu" }));
    // One recipient: no choice of whom to preview.
    expect(within(dialog).queryByRole('combobox', { name: 'Aperçu pour' })).toBeNull();
    await within(dialog).findByTitle('E-mail tel que Léa Moreau le lira', {}, { timeout: 5000 });
    expect(calls.previews).toEqual([{ applicant_id: 5, application_id: 50, model_id: 13 }]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer au candidat' }));
    expect(await within(dialog).findByText('Envoi terminé.', {}, { timeout: 6000 })).toBeVisible();
    expect(calls.created).toEqual([
      { recipients: { application_ids: [50], applicant_ids: [] }, model_id: 13 },
    ]);
    expect(within(dialog).getByRole('status')).toHaveTextContent('1 e-mail envoyé sur 1.');
  });
});

describe('e-mail to a recruitment list’s selection', () => {
  it('writes to the chosen applicants by applicant (no offer to fill)', async () => {
    signIn(makeMe(['project.list', EMAIL, MODELS]));
    const applicants = [
      makeListApplicant(),
      makeListApplicant({ id: 502, firstname: 'Bruno', lastname: 'Petit' }),
    ];
    server.use(
      http.get('*/api/recruitment-lists/1', () =>
        HttpResponse.json({ ...makeList(), applicants: [501, 502] }),
      ),
      http.get('*/api/recruitment-lists/1/applicants', () =>
        HttpResponse.json({
          data: applicants,
          current_page: 1,
          last_page: 1,
          per_page: 20,
          total: 2,
          archived: 0,
          hidden: 0,
        }),
      ),
    );
    const calls = useMailingsApi({
      progress: [makeMailing({ status: 'done', sent: 2, finished_at: new Date().toISOString() })],
    });
    renderApp('/sourcing/lists/1');
    await userEvent.click(
      await screen.findByRole('checkbox', { name: 'Sélectionner Alice Durand' }, { timeout: 5000 }),
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sélectionner Bruno Petit' }));
    await userEvent.click(
      within(screen.getByRole('toolbar', { name: SELECTION })).getByRole('button', { name: TITLE }),
    );
    const dialog = await screen.findByRole('dialog', { name: TITLE }, { timeout: 5000 });
    await userEvent.selectOptions(
      await within(dialog).findByRole('combobox', { name: /^Modèle/ }, { timeout: 5000 }),
      'Relance',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: "Voir l'aperçu" }));
    await within(dialog).findByTitle('E-mail tel que Alice Durand le lira', {}, { timeout: 5000 });
    expect(calls.previews).toEqual([{ applicant_id: 501, model_id: 11 }]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer aux 2 candidats' }));
    expect(await within(dialog).findByText('Envoi terminé.', {}, { timeout: 6000 })).toBeVisible();
    expect(calls.created).toEqual([
      { recipients: { application_ids: [], applicant_ids: [501, 502] }, model_id: 11 },
    ]);
  });
});

describe('e-mail to talent community members', () => {
  const member = (id: number, firstname: string, lastname: string): TCommunityMember => ({
    id,
    firstname,
    lastname,
    email: `${firstname.toLowerCase()}@example.org`,
    phone: null,
    language: 'fr',
    interests: [],
    cv_filename: null,
    consent: {
      state: 'active',
      notice_language: 'fr',
      notice_version: 1,
      consented_at: '2026-11-20T10:00:00.000Z',
      retention_until: '2028-11-20T10:00:00.000Z',
      unsubscribed_at: null,
    },
    applicant_id: null,
    joined_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
  });
  const useCommunity = () =>
    server.use(
      http.get('*/api/community/interests', () => HttpResponse.json([])),
      http.get('*/api/community/members', () =>
        HttpResponse.json({
          data: [member(7, 'Léa', 'Martin'), member(8, 'Paul', 'Durand')],
          current_page: 1,
          last_page: 1,
          per_page: 20,
          total: 2,
        }),
      ),
    );

  it('selects members on the community page and writes to them by member', async () => {
    signIn(makeMe([EMAIL]));
    useCommunity();
    const calls = useMailingsApi({
      progress: [makeMailing({ status: 'done', sent: 2, finished_at: new Date().toISOString() })],
    });
    renderApp('/community');
    await userEvent.click(
      await screen.findByRole('checkbox', { name: 'Sélectionner Léa Martin' }, { timeout: 5000 }),
    );
    expect(
      within(screen.getByRole('toolbar', { name: SELECTION })).getByText('1 sélectionné'),
    ).toBeVisible();
    // The page's checkbox takes the other one too.
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Sélectionner les membres de la page' }),
    );
    expect(screen.getByRole('checkbox', { name: 'Sélectionner Paul Durand' })).toBeChecked();
    await userEvent.click(
      within(screen.getByRole('toolbar', { name: SELECTION })).getByRole('button', { name: TITLE }),
    );
    const dialog = await screen.findByRole('dialog', { name: TITLE }, { timeout: 5000 });
    expect(dialog).toHaveAccessibleDescription(
      'Un e-mail à chacun des 2 membres : Léa Martin, Paul Durand.',
    );
    await userEvent.selectOptions(
      await within(dialog).findByRole('combobox', { name: /^Modèle/ }, { timeout: 5000 }),
      'Relance',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: "Voir l'aperçu" }));
    await within(dialog).findByTitle('E-mail tel que Léa Martin le lira', {}, { timeout: 5000 });
    expect(calls.previews).toEqual([{ member_id: 7, model_id: 11 }]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer aux 2 membres' }));
    expect(await within(dialog).findByText('Envoi terminé.', {}, { timeout: 6000 })).toBeVisible();
    expect(calls.created).toEqual([
      { recipients: { application_ids: [], applicant_ids: [], member_ids: [7, 8] }, model_id: 11 },
    ]);
  });

  it('offers no selection without the permission', async () => {
    signIn(makeMe([]));
    useCommunity();
    renderApp('/community');
    expect(
      await screen.findByRole('link', { name: 'Léa Martin' }, { timeout: 5000 }),
    ).toBeVisible();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
