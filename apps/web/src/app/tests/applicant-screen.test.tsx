import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeMe } from '../../test/fixtures.ts';
import { APPLICANT_PERMISSIONS, ASK_DOCUMENTS, OVERVIEW, TAG_CATALOGUE, makeApplicantDetail, makeSummary, applicantApiHandlers } from '../../test/applicant-fixtures.ts';
import { MOTIFS, STATUSES, makeApplication, useApplicationsApi, workflowStatusHandlers } from '../../test/application-fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

// pdf.js needs a real browser (canvas, workers): the e2e spec covers it; here the lazy chunk is a stand-in.
vi.mock('../../features/applicants/components/pdf-viewer.tsx', () => ({
  default: ({ label, url }: { label: string; url: string }) => (
    <section aria-label={label}>
      <p>PDF {url}</p>
    </section>
  ),
}));

function sectionOf(name: string) {
  return screen.getByRole('heading', { level: 2, name }).closest('section') as HTMLElement;
}

/** `PUT /applicants/5/tags` that records each saved list and answers the applicant with it. */
function savingTags(saved: string[][]) {
  return http.put('*/api/applicants/5/tags', async ({ request }) => {
    const { tags } = (await request.json()) as { tags: string[] };
    saved.push(tags);
    return HttpResponse.json({ ...makeApplicantDetail(), tags });
  });
}

describe('applicant screen', () => {
  it('shows the profile, applications, summary, motivation, video interview, documents and the CV', async () => {
    signIn(makeMe(APPLICANT_PERMISSIONS));
    server.use(...applicantApiHandlers());
    renderApp('/applicants/5');
    // The file's first render also pays for loading the app's modules: a slow shared machine needs longer.
    expect(await screen.findByRole('heading', { level: 1, name: 'Léa Moreau' }, { timeout: 5000 })).toBeVisible();
    expect(screen.getByRole('link', { name: 'lea.moreau@example.com' })).toHaveAttribute('href', 'mailto:lea.moreau@example.com');
    expect(screen.getByRole('link', { name: '+33 6 12 34 56 78' })).toBeVisible();
    expect(screen.getByText('France Travail', { selector: 'dd' })).toBeVisible();

    const applications = await screen.findByRole('link', { name: 'Chargé de recrutement H/F' });
    expect(applications).toHaveAttribute('href', '/projects/10/offer/100');
    expect(screen.getByText('Présélectionné')).toBeVisible();
    expect(screen.getByText('Candidature spontanée')).toBeVisible();
    // The latest application is in focus: its tests show.
    expect(screen.getByRole('button', { name: 'Afficher la candidature « Chargé de recrutement H/F »' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('Test Excel')).toBeVisible();

    const summary = sectionOf('Synthèse de la candidature');
    expect(await within(summary).findByText('Synthèse hors ligne du résumeur intégré (sans IA)', { exact: false })).toBeVisible();
    expect(within(summary).getByText(/^Résumé automatique hors ligne \(sans IA\) : Léa Moreau\./)).toBeVisible();
    expect(within(summary).queryByText(/\[local\]/)).toBeNull();

    expect(await screen.findByText('Je souhaite rejoindre votre équipe.')).toBeVisible();
    expect(screen.getByRole('link', { name: /Rejoindre l'entretien/ })).toHaveAttribute('href', 'https://meet.example.com/abc');
    expect(screen.getByText('Prévoir 30 minutes.')).toBeVisible();
    expect(screen.getByText('Aucun document reçu.')).toBeVisible();
    const requested = await screen.findByRole('list', { name: 'Documents demandés' });
    expect(within(requested).getByText('Diplôme')).toBeVisible();
    expect(within(requested).getByText('Demandé')).toBeVisible();

    // The CV viewer chunk loads lazily with the CV's URL.
    const cv = await screen.findByRole('region', { name: 'CV de Léa Moreau' });
    expect(within(cv).getByText('PDF /api/applicants/5/cv')).toBeVisible();
    expect(document.title).toBe('Embauche - Léa Moreau');
  });

  it('puts the application of ?application= in focus and switches focus on demand', async () => {
    signIn(makeMe(APPLICANT_PERMISSIONS));
    const summaries: string[] = [];
    server.use(...applicantApiHandlers());
    server.use(
      http.get('*/api/applications/:id/summary', ({ params }) => {
        summaries.push(String(params.id));
        return HttpResponse.json(makeSummary({ subject_id: Number(params.id) }));
      }),
    );
    renderApp('/applicants/5?application=51');
    const spontaneous = await screen.findByRole('button', { name: 'Afficher la candidature « Candidature spontanée »' });
    await waitFor(() => expect(spontaneous).toHaveAttribute('aria-pressed', 'true'));
    await waitFor(() => expect(summaries).toEqual(['51']));
    await userEvent.click(screen.getByRole('button', { name: 'Afficher la candidature « Chargé de recrutement H/F »' }));
    await waitFor(() => expect(window.location.search).toBe('?application=50'));
    await waitFor(() => expect(summaries).toEqual(['51', '50']));
  });

  it('neither shows nor fetches the motivation when the focused application’s project disables documents', async () => {
    signIn(makeMe(APPLICANT_PERMISSIONS));
    const motivations: string[] = [];
    const summaries: string[] = [];
    const overview = OVERVIEW.map((a) => (a.id === 50 ? { ...a, documents_enabled: false } : a));
    server.use(...applicantApiHandlers({ overview }));
    server.use(
      http.get('*/api/applications/:id/motivation', ({ params }) => {
        motivations.push(String(params.id));
        return HttpResponse.json({ motivation: 'Je souhaite rejoindre votre équipe.' });
      }),
      http.get('*/api/applications/:id/summary', ({ params }) => {
        summaries.push(String(params.id));
        return HttpResponse.json(makeSummary({ subject_id: Number(params.id) }));
      }),
    );
    renderApp('/applicants/5');
    // Application 50 is in focus and its cards have loaded: no motivation card, no call.
    expect(await screen.findByRole('button', { name: 'Afficher la candidature « Chargé de recrutement H/F »' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(summaries).toEqual(['50']));
    expect(await screen.findByText('Test Excel')).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Synthèse de la candidature' })).toBeVisible();
    expect(screen.queryByRole('heading', { level: 2, name: 'Motivation' })).toBeNull();
    expect(screen.queryByText('Je souhaite rejoindre votre équipe.')).toBeNull();
    expect(motivations).toEqual([]);

    // The spontaneous application has no project: its motivation shows.
    await userEvent.click(screen.getByRole('button', { name: 'Afficher la candidature « Candidature spontanée »' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Motivation' })).toBeVisible();
    expect(await within(sectionOf('Motivation')).findByText('Je souhaite rejoindre votre équipe.')).toBeVisible();
    expect(motivations).toEqual(['51']);
  });

  it('shows and fetches the motivation when the focused application’s project enables documents', async () => {
    signIn(makeMe(APPLICANT_PERMISSIONS));
    const motivations: string[] = [];
    server.use(...applicantApiHandlers());
    server.use(
      http.get('*/api/applications/:id/motivation', ({ params }) => {
        motivations.push(String(params.id));
        return HttpResponse.json({ motivation: 'Disponible dès juin.' });
      }),
    );
    renderApp('/applicants/5');
    await screen.findByRole('heading', { level: 2, name: 'Motivation' });
    expect(await within(sectionOf('Motivation')).findByText('Disponible dès juin.')).toBeVisible();
    expect(motivations).toEqual(['50']);
  });

  it('adds a tag with Enter, removes one with its button and one with Backspace, saving each time', async () => {
    signIn(makeMe(APPLICANT_PERMISSIONS));
    const saved: string[][] = [];
    server.use(...applicantApiHandlers());
    server.use(savingTags(saved));
    renderApp('/applicants/5');
    const input = await screen.findByRole('combobox', { name: 'Étiquettes du candidat' });
    await userEvent.type(input, 'Permis B{Enter}');
    await waitFor(() => expect(saved).toEqual([['Anglais', 'Permis B']]));
    expect(await screen.findByRole('button', { name: "Retirer l'étiquette Permis B" })).toBeVisible();
    // A duplicate (any case) is ignored; a comma adds too.
    await userEvent.type(input, 'anglais,');
    expect(saved).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: "Retirer l'étiquette Anglais" }));
    await waitFor(() => expect(saved.at(-1)).toEqual(['Permis B']));
    await userEvent.type(input, '{Backspace}');
    await waitFor(() => expect(saved.at(-1)).toEqual([]));
    expect(screen.queryByRole('button', { name: /Retirer l'étiquette/ })).toBeNull();
  });

  it("suggests the company's tags that start with what is typed, without those already set; choosing one adds it", async () => {
    signIn(makeMe(APPLICANT_PERMISSIONS));
    const searches: string[] = [];
    const saved: string[][] = [];
    server.use(...applicantApiHandlers());
    server.use(
      savingTags(saved),
      http.get('*/api/applicants/tags', ({ request }) => {
        const search = new URL(request.url).searchParams.get('search') ?? '';
        searches.push(search);
        return HttpResponse.json(TAG_CATALOGUE.filter((tag) => tag.toLowerCase().startsWith(search.toLowerCase())));
      }),
    );
    renderApp('/applicants/5');
    const input = await screen.findByRole('combobox', { name: 'Étiquettes du candidat' });
    const offered = () => [...document.querySelectorAll(`datalist#${CSS.escape(input.getAttribute('list') ?? '')} option`)].map((o) => o.getAttribute('value'));
    // Before typing: the most used tags, less the applicant's own (Anglais).
    await waitFor(() => expect(offered()).toEqual(['vivier', 'CACES', 'cariste', 'à rappeler']));
    await userEvent.type(input, 'ca');
    await waitFor(() => expect(searches).toContain('ca'));
    await waitFor(() => expect(offered()).toEqual(['CACES', 'cariste']));
    // Choosing a suggestion (the browser replaces the text) adds it at once.
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, 'CACES');
    input.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertReplacementText' }));
    await waitFor(() => expect(saved).toEqual([['Anglais', 'CACES']]));
    expect(await screen.findByRole('button', { name: "Retirer l'étiquette CACES" })).toBeVisible();
    expect(input).toHaveValue('');
  });

  it('puts the tags back and says why when saving fails', async () => {
    signIn(makeMe(APPLICANT_PERMISSIONS));
    server.use(...applicantApiHandlers());
    server.use(
      http.put('*/api/applicants/5/tags', () => HttpResponse.json({ message: 'Invalid', errors: { 'tags.1': ['max_length:50'] } }, { status: 422 })),
    );
    renderApp('/applicants/5');
    const input = await screen.findByRole('combobox', { name: 'Étiquettes du candidat' });
    await userEvent.type(input, 'Trop long{Enter}');
    expect(await screen.findByText('50 caractères maximum.')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('button', { name: "Retirer l'étiquette Trop long" })).toBeNull());
    expect(screen.getByRole('button', { name: "Retirer l'étiquette Anglais" })).toBeVisible();
  });

  it('regenerates the summary and says which source wrote it', async () => {
    signIn(makeMe(APPLICANT_PERMISSIONS));
    const calls: string[] = [];
    server.use(...applicantApiHandlers());
    server.use(
      http.get('*/api/applications/50/summary', ({ request }) => {
        const url = new URL(request.url);
        calls.push(url.search);
        return HttpResponse.json(
          url.searchParams.get('regenerate') === '1'
            ? makeSummary({ text: 'Profil solide en recrutement.', source: 'http', model: 'gpt-test', created_at: '2025-03-04T08:00:00.000Z' })
            : makeSummary(),
        );
      }),
    );
    renderApp('/applicants/5');
    const summary = await screen.findByRole('heading', { level: 2, name: 'Synthèse de la candidature' }).then(() => sectionOf('Synthèse de la candidature'));
    await within(summary).findByText(/Résumé automatique hors ligne/);
    await userEvent.click(within(summary).getByRole('button', { name: 'Régénérer' }));
    expect(await within(summary).findByText('Profil solide en recrutement.')).toBeVisible();
    expect(within(summary).getByText(/Synthèse rédigée par l'IA \(gpt-test\)/)).toBeVisible();
    expect(calls).toEqual(['?lang=fr', '?lang=fr&regenerate=1']);
  });

  it('says when the summary service is down', async () => {
    signIn(makeMe(APPLICANT_PERMISSIONS));
    server.use(...applicantApiHandlers());
    server.use(
      http.get('*/api/applications/50/summary', () => HttpResponse.json({ message: 'down', code: 'ai_unavailable' }, { status: 503 })),
    );
    renderApp('/applicants/5');
    expect(await screen.findByText('Le service de synthèse est indisponible. Réessayez plus tard.')).toBeVisible();
  });

  it('asks for documents: required choice, sent flags at once, the server e-mails the applicant', async () => {
    signIn(makeMe(APPLICANT_PERMISSIONS));
    let body: unknown;
    server.use(...applicantApiHandlers());
    server.use(
      http.post('*/api/applicants/5/ask-documents', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(ASK_DOCUMENTS.map((item) => (item.id === 1 || item.id === 3 ? { ...item, sended: true } : item)));
      }),
    );
    renderApp('/applicants/5');
    await userEvent.click(await screen.findByRole('button', { name: 'Demander des documents' }));
    const dialog = await screen.findByRole('dialog', { name: 'Demander des documents' });
    expect(within(dialog).getByText(/lea\.moreau@example\.com.*14 jours/)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer la demande' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Ce champ est obligatoire.');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Pièce d'identité/ }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Casier judiciaire/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer la demande' }));
    expect(await screen.findByText('Demande de 2 documents envoyée à lea.moreau@example.com')).toBeVisible();
    expect(body).toEqual({ applicant_id: 5, document_ids: [1, 3] });
    const requested = screen.getByRole('list', { name: 'Documents demandés' });
    expect(within(requested).getByText("Pièce d'identité")).toBeVisible();
    expect(within(requested).getByText('Casier judiciaire')).toBeVisible();
  });

  it('reverts the sent flags when the request fails', async () => {
    signIn(makeMe(APPLICANT_PERMISSIONS));
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(...applicantApiHandlers());
    server.use(
      http.post('*/api/applicants/5/ask-documents', async () => {
        await gate;
        return HttpResponse.json({ message: 'boom' }, { status: 500 });
      }),
    );
    renderApp('/applicants/5');
    await userEvent.click(await screen.findByRole('button', { name: 'Demander des documents' }));
    const dialog = await screen.findByRole('dialog', { name: 'Demander des documents' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Pièce d'identité/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer la demande' }));
    // Marked sent at once…
    expect(await within(screen.getByRole('list', { name: 'Documents demandés' })).findByText("Pièce d'identité")).toBeVisible();
    release();
    // …and back once the server refused.
    expect(await screen.findByText('Une erreur est survenue.')).toBeVisible();
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Documents demandés' })).queryByText("Pièce d'identité")).toBeNull());
  });

  it('edits the profile through the manual update call and shows 422 errors on their fields', async () => {
    signIn(makeMe(APPLICANT_PERMISSIONS));
    let fields: Record<string, string> = {};
    let url = '';
    server.use(...applicantApiHandlers());
    server.use(
      http.post('*/api/applicants/manual/5', async ({ request }) => {
        url = request.url;
        fields = Object.fromEntries([...(await request.formData()).entries()].map(([k, v]) => [k, String(v)]));
        return HttpResponse.json({ message: 'Invalid', errors: { email: ['not_unique'] } }, { status: 422 });
      }),
    );
    renderApp('/applicants/5');
    await userEvent.click(await screen.findByRole('button', { name: 'Modifier le profil' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier le profil du candidat' });
    const email = within(dialog).getByRole('textbox', { name: 'E-mail' });
    await userEvent.clear(email);
    await userEvent.type(email, 'pas-un-email');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('Adresse e-mail invalide.')).toBeVisible();
    await userEvent.clear(email);
    await userEvent.type(email, 'lea@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('Cette valeur est déjà utilisée.')).toBeVisible();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(new URL(url).search).toBe('?_method=PUT');
    expect(fields).toMatchObject({ firstname: 'Léa', lastname: 'Moreau', email: 'lea@example.com', phone: '+33612345678' });
    expect(JSON.parse(fields.source ?? '{}')).toEqual({ provenance_id: 1, jobboard_id: 1, url: null });
  });

  it('renders only web links as links: a stored javascript: or data: URL shows as text', async () => {
    signIn(makeMe(APPLICANT_PERMISSIONS));
    const detail = makeApplicantDetail({
      source: { provenance_id: 1, jobboard_id: 1, jobboard: 'France Travail', url_logo_jobboard: null, url: 'javascript:alert(1)' },
      visio: { url: 'data:text/html,<script>alert(1)</script>', scheduled_at: null, notes: null },
    });
    server.use(...applicantApiHandlers({ detail }));
    renderApp('/applicants/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Léa Moreau' })).toBeVisible();
    expect(screen.getByText('javascript:alert(1)')).toBeVisible();
    expect(screen.getByText('data:text/html,<script>alert(1)</script>')).toBeVisible();
    expect(screen.queryByRole('link', { name: /Voir l'annonce d'origine/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Rejoindre l'entretien/ })).toBeNull();
    for (const link of screen.getAllByRole('link')) expect(link.getAttribute('href') ?? '').not.toMatch(/^(javascript|data):/i);
  });

  it('refuses a source link that is not a web address, in the language of the page', async () => {
    signIn(makeMe(APPLICANT_PERMISSIONS));
    let posted = false;
    server.use(...applicantApiHandlers());
    server.use(
      http.post('*/api/applicants/manual/5', () => {
        posted = true;
        return HttpResponse.json({});
      }),
    );
    renderApp('/applicants/5');
    await userEvent.click(await screen.findByRole('button', { name: 'Modifier le profil' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier le profil du candidat' });
    const link = within(dialog).getByRole('textbox', { name: /^Lien de la source/ });
    await userEvent.type(link, 'javascript:alert(1)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('Saisissez une adresse web complète commençant par https:// ou http://.')).toBeVisible();
    expect(link).toHaveAttribute('aria-invalid', 'true');
    expect(posted).toBe(false);
  });

  it('shows a translated not-found state', async () => {
    signIn(makeMe(APPLICANT_PERMISSIONS));
    server.use(...applicantApiHandlers());
    server.use(
      http.get('*/api/applicants/9/detail', () => HttpResponse.json({ message: 'Not found', code: 'not_found' }, { status: 404 })),
      http.get('*/api/applicants/9/applications-overview', () => HttpResponse.json({ message: 'Not found' }, { status: 404 })),
    );
    renderApp('/applicants/9');
    expect(await screen.findByRole('heading', { level: 1, name: 'Candidat introuvable' })).toBeVisible();
  });

  it('is forbidden without project_application.see', async () => {
    signIn(makeMe(['project.list']));
    renderApp('/applicants/5');
    expect(await screen.findByRole('heading', { level: 1, name: "Vous n'avez pas accès à cette page" })).toBeVisible();
  });
});

/** The applicant screen's other calls for any applicant id (previous/next walks through several). */
function anyApplicantHandlers(names: Record<number, [string, string]>) {
  return [
    http.get('*/api/applicants/tags', () => HttpResponse.json([])),
    http.get('*/api/applicants/:id/detail', ({ params }) => {
      const id = Number(params.id);
      const [firstname, lastname] = names[id] ?? ['Léa', 'Moreau'];
      return HttpResponse.json(makeApplicantDetail({ id, firstname, lastname, cv: null }));
    }),
    http.get('*/api/applicants/:id/applications-overview', ({ params }) =>
      HttpResponse.json([{ ...OVERVIEW[0]!, id: Number(params.id) - 500 }]),
    ),
    http.get('*/api/applicants/:id/documents', () => HttpResponse.json([])),
    http.get('*/api/applicants/:id/ask-documents', () => HttpResponse.json(ASK_DOCUMENTS)),
    http.get('*/api/applications/:id/summary', ({ params }) => HttpResponse.json(makeSummary({ subject_id: Number(params.id) }))),
    http.get('*/api/applications/:id/motivation', () => HttpResponse.json({ motivation: null })),
    http.get('*/api/applications/:id/tests/list', () => HttpResponse.json([])),
  ];
}

describe('applicant screen: status, list navigation, names', () => {
  const CAN_CHANGE = [...APPLICANT_PERMISSIONS, 'project_application.change_status'];

  it('changes the shown application’s status, asking the motif of a refusal, then refreshes the overview', async () => {
    signIn(makeMe(CAN_CHANGE));
    let overviewCalls = 0;
    const bodies: unknown[] = [];
    let overview = OVERVIEW;
    server.use(...applicantApiHandlers());
    server.use(
      http.get('*/api/statuses', () => HttpResponse.json(STATUSES)),
      ...workflowStatusHandlers(),
      http.get('*/api/motifs', () => HttpResponse.json(MOTIFS)),
      http.get('*/api/applicants/5/applications-overview', () => {
        overviewCalls += 1;
        return HttpResponse.json(overview);
      }),
      http.put('*/api/projects/10/offers/100/applications/statuses', async ({ request }) => {
        const body = (await request.json()) as { status_id: number; motif_id: number };
        bodies.push(body);
        overview = OVERVIEW.map((a) => (a.id === 50 ? { ...a, status: { id: 7, name: 'refused', default_status: true }, motif_id: body.motif_id, motif_name: 'profile_mismatch' } : a));
        return HttpResponse.json(makeApplication({ id: 50, status: { id: 7, name: 'refused', default_status: true } }));
      }),
    );
    renderApp('/applicants/5');
    await userEvent.click(await screen.findByRole('button', { name: 'Changer le statut de Léa Moreau' }));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'Refusé' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Passer en « Refusé »' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Valider' }));
    expect(within(dialog).getByText('Ce champ est obligatoire.')).toBeVisible();
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /Motif/ }), 'Profil ne correspondant pas au poste');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Valider' }));
    await waitFor(() => expect(bodies).toEqual([{ status_id: 7, application_id: 50, motif_id: 1, project_id: 10, offer_id: 100 }]));
    expect(await screen.findByText('Léa Moreau est maintenant « Refusé ».')).toBeVisible();
    await waitFor(() => expect(overviewCalls).toBeGreaterThan(1));
    const shown = screen.getByRole('button', { name: 'Afficher la candidature « Chargé de recrutement H/F »' }).closest('li')!;
    expect(await within(shown).findByText('Refusé')).toBeVisible();
    expect(within(shown).getByText('Profil ne correspondant pas au poste')).toBeVisible();
  });

  it('changes a spontaneous application through the spontaneous treatment call', async () => {
    signIn(makeMe(CAN_CHANGE));
    const bodies: unknown[] = [];
    server.use(...applicantApiHandlers());
    server.use(
      http.get('*/api/statuses', () => HttpResponse.json(STATUSES)),
      ...workflowStatusHandlers(),
      http.put('*/api/treatment/spontaneous/statuses', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ changed: [51], failed: [] });
      }),
    );
    renderApp('/applicants/5?application=51');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Afficher la candidature « Candidature spontanée »' })).toHaveAttribute('aria-pressed', 'true'));
    await userEvent.click(await screen.findByRole('button', { name: 'Changer le statut de Léa Moreau' }));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'Recruté' }));
    await waitFor(() => expect(bodies).toEqual([[{ application_id: 51, status_id: 6, motif_id: null }]]));
    expect(await screen.findByText('Léa Moreau est maintenant « Recruté ».')).toBeVisible();
  });

  it('lists the statuses of the shown application’s workflow: its offer’s, or the default one when spontaneous', async () => {
    signIn(makeMe(CAN_CHANGE));
    const asked: number[][] = [];
    const offerWorkflow = [STATUSES[0]!, STATUSES[3]!, STATUSES[5]!, STATUSES[6]!].map((s, i) => ({ ...s, position: i + 1 }));
    const defaultWorkflow = [STATUSES[0]!, { ...STATUSES[1]!, name: 'À rappeler', default_status: false }, STATUSES[5]!].map((s, i) => ({ ...s, position: i + 1 }));
    server.use(...applicantApiHandlers());
    server.use(http.get('*/api/motifs', () => HttpResponse.json(MOTIFS)), ...workflowStatusHandlers({ 100: offerWorkflow }, defaultWorkflow, asked));
    renderApp('/applicants/5');
    await userEvent.click(await screen.findByRole('button', { name: 'Changer le statut de Léa Moreau' }));
    let menu = await screen.findByRole('menu');
    await waitFor(() => expect(within(menu).getAllByRole('menuitemradio').map((i) => i.textContent)).toEqual(['Nouveau', 'Entretien', 'Recruté', 'Refusé']));
    expect(asked).toEqual([[100]]);
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Afficher la candidature « Candidature spontanée »' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Afficher la candidature « Candidature spontanée »' })).toHaveAttribute('aria-pressed', 'true'));
    await userEvent.click(screen.getByRole('button', { name: 'Changer le statut de Léa Moreau' }));
    menu = await screen.findByRole('menu');
    await waitFor(() => expect(within(menu).getAllByRole('menuitemradio').map((i) => i.textContent)).toEqual(['Nouveau', 'À rappeler', 'Recruté']));
  });

  it('offers no status change without project_application.change_status', async () => {
    signIn(makeMe(APPLICANT_PERMISSIONS));
    server.use(...applicantApiHandlers());
    renderApp('/applicants/5');
    await screen.findByRole('button', { name: 'Afficher la candidature « Chargé de recrutement H/F »' });
    expect(screen.queryByRole('button', { name: /Changer le statut/ })).toBeNull();
  });

  it('steps to the previous and next applicant of the list, by button and by J/K, keeping its filters', async () => {
    signIn(makeMe(CAN_CHANGE));
    const api = useApplicationsApi([
      makeApplication({ id: 1, firstname: 'Alice', lastname: 'Durand' }),
      makeApplication({ id: 2, firstname: 'Bruno', lastname: 'Petit' }),
      makeApplication({ id: 4, firstname: 'Denis', lastname: 'Roy', status: { id: 2, name: 'preselected', default_status: true } }),
      makeApplication({ id: 3, firstname: 'Chloé', lastname: 'Martin' }),
    ]);
    server.use(...anyApplicantHandlers({ 501: ['Alice', 'Durand'], 502: ['Bruno', 'Petit'], 503: ['Chloé', 'Martin'], 504: ['Denis', 'Roy'] }));
    const list = '/projects/10/offer/100?statuses=1&order=lastname';
    const { location } = renderApp(`/applicants/502?application=2&list=${encodeURIComponent(list)}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Bruno Petit' })).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Navigation dans la liste' });
    expect(within(nav).getByRole('link', { name: 'Retour à la liste' })).toHaveAttribute('href', list);
    expect(await within(nav).findByText('2 sur 3')).toBeVisible();
    const next = within(nav).getByRole('button', { name: 'Candidat suivant' });
    expect(next).toHaveAttribute('aria-keyshortcuts', 'J ArrowRight');

    await userEvent.click(next);
    expect(await screen.findByRole('heading', { level: 1, name: 'Chloé Martin' })).toBeVisible();
    expect(location()).toBe(`/applicants/503?application=3&list=${encodeURIComponent(list)}`);
    await waitFor(() => expect(within(nav).getByRole('button', { name: 'Candidat suivant' })).toBeDisabled());

    await userEvent.keyboard('k');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bruno Petit' })).toBeVisible();
    await userEvent.keyboard('k');
    expect(await screen.findByRole('heading', { level: 1, name: 'Alice Durand' })).toBeVisible();
    await waitFor(() => expect(within(nav).getByRole('button', { name: 'Candidat précédent' })).toBeDisabled());
    await userEvent.keyboard('j');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bruno Petit' })).toBeVisible();
    expect(location()).toBe(`/applicants/502?application=2&list=${encodeURIComponent(list)}`);

    // Every list request carried the list's own filter and order.
    expect(api.requests.length).toBeGreaterThan(0);
    for (const url of api.requests) {
      expect(url.searchParams.get('filter[statuses]')).toBe('1');
      expect(url.searchParams.get('order')).toBe('lastname');
    }
  });

  it('crosses a page boundary of the list and keeps the page in the list address', async () => {
    signIn(makeMe(CAN_CHANGE));
    const items = Array.from({ length: 21 }, (_, i) => makeApplication({ id: i + 1, firstname: `Prénom${i + 1}`, lastname: 'Test' }));
    useApplicationsApi(items);
    server.use(...anyApplicantHandlers({ 520: ['Prénom20', 'Test'], 521: ['Prénom21', 'Test'] }));
    const { location } = renderApp(`/applicants/520?application=20&list=${encodeURIComponent('/projects/10/offer/100')}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Prénom20 Test' })).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Navigation dans la liste' });
    await waitFor(() => expect(within(nav).getByRole('button', { name: 'Candidat suivant' })).toBeEnabled());
    await userEvent.keyboard('j');
    expect(await screen.findByRole('heading', { level: 1, name: 'Prénom21 Test' })).toBeVisible();
    expect(location()).toBe(`/applicants/521?application=21&list=${encodeURIComponent('/projects/10/offer/100?page=2')}`);
    expect(within(nav).getByRole('link', { name: 'Retour à la liste' })).toHaveAttribute('href', '/projects/10/offer/100?page=2');
    expect(await within(nav).findByText('21 sur 21')).toBeVisible();
  });

  it('leaves J/K to a text field', async () => {
    signIn(makeMe(CAN_CHANGE));
    useApplicationsApi([makeApplication({ id: 1 }), makeApplication({ id: 2, firstname: 'Bruno', lastname: 'Petit' })]);
    server.use(...anyApplicantHandlers({ 501: ['Alice', 'Durand'], 502: ['Bruno', 'Petit'] }));
    const { location } = renderApp(`/applicants/501?application=1&list=${encodeURIComponent('/projects/10/offer/100')}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Alice Durand' })).toBeVisible();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Candidat suivant' })).toBeEnabled());
    await userEvent.type(screen.getByRole('combobox', { name: 'Étiquettes du candidat' }), 'jk');
    expect(location()).toMatch(/^\/applicants\/501\?/);
  });

  it('names the overview’s focus toggle with its visible word, and shows a manual applicant’s source as a manual entry', async () => {
    signIn(makeMe(APPLICANT_PERMISSIONS));
    const detail = makeApplicantDetail({ source: { provenance_id: 3, jobboard_id: null, jobboard: null, url_logo_jobboard: null, url: null } });
    server.use(...applicantApiHandlers({ detail }));
    renderApp('/applicants/5');
    const toggle = await screen.findByRole('button', { name: 'Afficher la candidature « Chargé de recrutement H/F »' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(toggle.textContent).toBe('Afficher');
    expect(screen.getByText('Saisie manuelle', { selector: 'dd *' })).toBeVisible();
    expect(screen.queryByText('Non renseignée')).toBeNull();
  });
});
