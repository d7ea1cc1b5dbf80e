import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { signIn, useApp } from '../support/app.ts';
import { horizontalOverflow, screenshot, seriousViolations } from '../support/browser.ts';

const app = useApp();

type Detail = { id: number; firstname: string; lastname: string; email: string | null; cv: { mime: string } | null };
type Mail = { to: string; subject: string; text: string };

/** Waits for toasts to settle so screenshots and axe see a quiet page. */
const settle = (page: Page) => page.waitForTimeout(400);

/** A tiny valid one-page PDF, as an applicant would send. */
const SMALL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A demo applicant of the signed-in company with a PDF CV and an e-mail address, found through the API. */
async function demoApplicant(page: Page): Promise<Detail> {
  // No helper functions inside: the page runs this code as it is (no bundler helpers there).
  const found = await page.evaluate(async () => {
    const list = (await (await fetch('/api/applicants?per_page=30')).json()) as { data: { id: number }[] };
    for (const item of list.data) {
      const detail = (await (await fetch(`/api/applicants/${item.id}/detail`)).json()) as Detail;
      if (detail.cv?.mime === 'application/pdf' && detail.email) return detail;
    }
    return null;
  });
  assert.ok(found, 'the demo data has an applicant with a PDF CV and an e-mail');
  return found;
}

describe('applicant screen, CV viewer, documents and the public upload page', () => {
  it('shows no motivation for an application whose project takes no documents', async () => {
    const { context, page } = await app.newPage();
    await signIn(page, 'recruiter@demo.test');
    await page.waitForURL(`${app.url}/`);
    // An application on an offer of the demo's seasonal project, whose documents are off.
    const found = await page.evaluate(async () => {
      const projects = (await (await fetch('/api/projects')).json()) as { id: number; name: string; documents_enabled: boolean }[];
      const seasonal = projects.find((p) => p.name === 'Renforts saisonniers – été');
      if (!seasonal || seasonal.documents_enabled) return null;
      const offers = (await (await fetch(`/api/projects/${seasonal.id}/offers?per_page=100`)).json()) as { data: { id: number }[] };
      for (const offer of offers.data) {
        const items = (await (await fetch(`/api/projects/${seasonal.id}/offers/${offer.id}/applications`)).json()) as {
          id: number;
          applicant_id: number;
          documents_enabled: boolean;
        }[];
        if (items[0]) return items[0];
      }
      return null;
    });
    assert.ok(found, 'the seasonal demo project has documents off and an application');
    assert.equal(found.documents_enabled, false);
    const motivationCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('/motivation')) motivationCalls.push(request.url());
    });
    await page.goto(`/applicants/${found.applicant_id}?application=${found.id}`);
    await page.getByRole('heading', { level: 2, name: 'Synthèse de la candidature' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Entretien vidéo' }).waitFor();
    assert.equal(await page.getByRole('heading', { level: 2, name: 'Motivation' }).count(), 0);
    assert.deepEqual(motivationCalls, []);
    await screenshot(page, 'applicant-no-motivation-fr');
    await context.close();
  });


  it('shows the CV, the summary, tags and asks for a document that the applicant uploads', async () => {
    const { context, page } = await app.newPage();
    const cspErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) cspErrors.push(message.text());
    });
    await signIn(page, 'recruiter@demo.test');
    await page.waitForURL(`${app.url}/`);
    const applicant = await demoApplicant(page);
    const name = `${applicant.firstname} ${applicant.lastname}`;

    // The screen: profile, applications, CV through pdf.js with a text layer holding the name.
    await page.goto(`/applicants/${applicant.id}`);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Candidatures' }).waitFor();
    const viewer = page.getByRole('region', { name: `CV de ${name}` });
    await viewer.locator('canvas').waitFor();
    await page.waitForFunction(
      (expected) => document.querySelector('.textLayer')?.textContent?.includes(expected) ?? false,
      applicant.lastname,
      { timeout: 20_000 },
    );
    assert.equal(await viewer.getByText('Page 1 sur 1').count(), 1);
    await viewer.getByRole('link', { name: `Télécharger CV ${name}.pdf` }).waitFor();
    const canvasWidth = await viewer.locator('canvas').evaluate((c: HTMLCanvasElement) => c.width);
    assert.ok(canvasWidth > 100, 'the page is drawn');
    // The page opens fitted to its frame (issue 35); zooming in leaves that mode, "fit width" returns to it.
    const fit = viewer.getByRole('button', { name: 'Ajuster à la largeur' });
    assert.equal(await fit.getAttribute('aria-pressed'), 'true');
    const percent = async () => Number(/(\d+)\s?%/.exec((await viewer.getByRole('toolbar').textContent()) ?? '')?.[1]);
    const fitted = await percent();
    await viewer.getByRole('button', { name: 'Zoom avant' }).click();
    await page.waitForFunction(() => document.querySelector('[aria-label="Ajuster à la largeur"]')?.getAttribute('aria-pressed') === 'false');
    assert.ok((await percent()) > fitted, 'zooming in shows a larger percentage');
    await fit.click();
    await page.waitForFunction(() => document.querySelector('[aria-label="Ajuster à la largeur"]')?.getAttribute('aria-pressed') === 'true');

    // The AI summary says the built-in local summariser wrote it; regenerate writes a new one.
    const summary = page.locator('section', { has: page.getByRole('heading', { name: 'Synthèse de la candidature' }) });
    await summary.getByText('Synthèse hors ligne du résumeur intégré (sans IA)').waitFor();
    await summary.getByText(name).first().waitFor();
    const [regenerated] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/summary') && r.url().includes('regenerate=1')),
      summary.getByRole('button', { name: 'Régénérer' }).click(),
    ]);
    assert.equal(regenerated.status(), 200);
    await summary.getByText('Synthèse hors ligne du résumeur intégré (sans IA)').waitFor();

    // A tag, added with Enter and saved at once.
    const tagInput = page.getByRole('combobox', { name: 'Étiquettes du candidat' });
    await tagInput.fill('Relance E2E');
    const [tagSave] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith(`/api/applicants/${applicant.id}/tags`) && r.request().method() === 'PUT'),
      tagInput.press('Enter'),
    ]);
    assert.equal(tagSave.status(), 200);
    await page.getByRole('button', { name: "Retirer l'étiquette Relance E2E" }).waitFor();
    // The company's tags are suggested while typing; the new one has joined them.
    const [suggested] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/applicants/tags?search=rel')),
      tagInput.fill('rel'),
    ]);
    assert.ok(((await suggested.json()) as string[]).includes('Relance E2E'));
    await tagInput.fill('');
    await tagInput.blur();

    // Ask for an identity document: the server e-mails a link.
    await page.getByRole('button', { name: 'Demander des documents' }).click();
    const dialog = page.getByRole('dialog', { name: 'Demander des documents' });
    await dialog.getByRole('button', { name: 'Envoyer la demande' }).click();
    await dialog.getByText('Ce champ est obligatoire.').waitFor();
    await dialog.getByRole('checkbox', { name: "Pièce d'identité" }).check();
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'applicant-ask-documents-fr');
    await dialog.getByRole('button', { name: 'Envoyer la demande' }).click();
    await page.getByText(`Demande envoyée à ${applicant.email}`).waitFor();
    const requests = page.getByRole('list', { name: 'Documents demandés' });
    await requests.getByText("Pièce d'identité").waitFor();
    await requests.getByText('Demandé').waitFor();
    await settle(page);
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'applicant-fr');

    // The mail, read from the development outbox (an administrator's view).
    const admin = await app.newPage();
    await signIn(admin.page, 'admin@demo.test');
    await admin.page.waitForURL(`${app.url}/`);
    const outbox = (await (await admin.page.request.get('/api/dev/mail-outbox')).json()) as Mail[];
    const mail = outbox.find((m) => m.to === applicant.email && /documents-upload\//.test(m.text));
    assert.ok(mail, 'the request e-mail is in the outbox');
    const link = /https?:\/\/\S+\/documents-upload\/[\w-]+/.exec(mail.text)?.[0];
    assert.ok(link);
    const uploadPath = new URL(link).pathname;
    await admin.context.close();

    // The applicant opens the link (no session), first in English.
    const english = await app.newPage('en-GB');
    await english.page.goto(`${uploadPath}?lng=en`);
    await english.page.getByRole('heading', { level: 1, name: /^Documents requested by / }).waitFor();
    await english.page.getByText('Identity document').first().waitFor();
    assert.deepEqual(await seriousViolations(english.page), []);
    await screenshot(english.page, 'documents-upload-en');
    await english.context.close();

    const visitor = await app.newPage();
    await visitor.page.goto(uploadPath);
    await visitor.page.getByRole('heading', { level: 1, name: /^Documents demandés par / }).waitFor();
    await visitor.page.getByLabel(/^Pièce d'identité/).setInputFiles({ name: 'piece-identite.pdf', mimeType: 'application/pdf', buffer: SMALL_PDF });
    await visitor.page.getByText('piece-identite.pdf').waitFor();
    assert.deepEqual(await seriousViolations(visitor.page), []);
    await screenshot(visitor.page, 'documents-upload-fr');
    await visitor.page.getByRole('button', { name: 'Envoyer les documents' }).click();
    await visitor.page.getByText('Tous les documents ont été reçus. Merci !').waitFor();
    await settle(visitor.page);
    await screenshot(visitor.page, 'documents-upload-done-fr');

    // An unknown link says so.
    await visitor.page.goto('/documents-upload/unknown-token-000000000000000');
    await visitor.page.getByRole('heading', { level: 1, name: "Ce lien n'est plus valide" }).waitFor();
    assert.deepEqual(await seriousViolations(visitor.page), []);
    await visitor.context.close();

    // Back on the applicant screen: the document is there and the request is received.
    await page.reload();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByRole('list', { name: 'Documents du candidat' }).getByText('piece-identite.pdf').waitFor();
    await page.getByRole('list', { name: 'Documents demandés' }).getByText('Reçu').waitFor();
    await page.getByRole('button', { name: "Retirer l'étiquette Relance E2E" }).waitFor();

    // From the application to its offer, where the applications toolbar adds an applicant with a PDF CV.
    await page.locator('section', { has: page.getByRole('heading', { level: 2, name: 'Candidatures' }) }).getByRole('link').first().click();
    await page.waitForURL(/\/projects\/\d+\/offer\/\d+/);
    const applicationsTab = page.getByRole('tab', { name: 'Candidatures' });
    if ((await applicationsTab.getAttribute('aria-selected')) !== 'true') await applicationsTab.click();
    await page.getByRole('button', { name: 'Ajouter un candidat' }).click();
    const manual = page.getByRole('dialog', { name: 'Ajouter un candidat' });
    await manual.getByRole('button', { name: 'Ajouter', exact: true }).click();
    assert.equal(await manual.getByText('Ce champ est obligatoire.').count(), 2);
    await manual.getByRole('textbox', { name: /^Prénom/ }).fill('Noémie');
    await manual.getByRole('textbox', { name: /^Nom/ }).fill('Fabre');
    await manual.getByRole('textbox', { name: /^E-mail/ }).fill('noemie.fabre.e2e@example.com');
    await manual.getByLabel(/^CV/).setInputFiles({ name: 'cv-noemie-fabre.pdf', mimeType: 'application/pdf', buffer: SMALL_PDF });
    await manual.getByText('cv-noemie-fabre.pdf').waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'manual-applicant-fr');
    await manual.getByRole('button', { name: 'Ajouter', exact: true }).click();
    await page.getByText("Noémie Fabre a été ajouté à l'offre").waitFor();
    await manual.waitFor({ state: 'detached' });
    // The same person again on the same offer is refused on the e-mail field, and nothing is added.
    const addNoemie = async () => {
      await page.getByRole('button', { name: 'Ajouter un candidat' }).click();
      await manual.getByRole('textbox', { name: /^Prénom/ }).fill('Noémie');
      await manual.getByRole('textbox', { name: /^Nom/ }).fill('Fabre');
      await manual.getByRole('textbox', { name: /^E-mail/ }).fill('noemie.fabre.e2e@example.com');
      await manual.getByRole('button', { name: 'Ajouter', exact: true }).click();
    };
    await addNoemie();
    await manual.getByText('Cette personne a déjà candidaté à cette offre.').waitFor();
    await manual.getByRole('button', { name: 'Annuler' }).click();
    // On another offer the e-mail joins the existing applicant, and the toast says so.
    const currentOffer = Number(/\/offer\/(\d+)/.exec(page.url())?.[1]);
    const other = await page.evaluate(async (skip) => {
      const list = (await (await fetch('/api/projects/all/offers?filter[status]=published&per_page=5')).json()) as {
        data: { id: number; project_id: number }[];
      };
      return list.data.find((offer) => offer.id !== skip) ?? null;
    }, currentOffer);
    assert.ok(other, 'the demo data has a second published offer');
    await page.goto(`/projects/${other.project_id}/offer/${other.id}`);
    const otherTab = page.getByRole('tab', { name: 'Candidatures' });
    if ((await otherTab.getAttribute('aria-selected')) !== 'true') await otherTab.click();
    await addNoemie();
    await page.getByText(/Noémie Fabre existait déjà/).waitFor();

    // Another language.
    await page.goto(`/applicants/${applicant.id}?lng=de`);
    await page.getByRole('heading', { level: 2, name: 'Bewerbungen' }).waitFor();
    await page.getByRole('region', { name: `Lebenslauf von ${name}` }).locator('canvas').waitFor();
    await page.waitForFunction((expected) => document.querySelector('.textLayer')?.textContent?.includes(expected) ?? false, applicant.lastname);
    await settle(page);
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'applicant-de');

    assert.deepEqual(cspErrors, []);
    await context.close();
  });

  it("keeps a manager to their agency's applicants: another one is not found, no spontaneous tab", async () => {
    const listIds = (page: Page) =>
      page.evaluate(async () => {
        const list = (await (await fetch('/api/applicants?per_page=100')).json()) as { data: { id: number }[] };
        return list.data.map((a) => a.id);
      });
    const admin = await app.newPage();
    await signIn(admin.page, 'admin@demo.test');
    await admin.page.waitForURL(`${app.url}/`);
    const everyone = await listIds(admin.page);
    await admin.context.close();

    const { context, page } = await app.newPage();
    await signIn(page, 'manager@demo.test');
    await page.waitForURL(`${app.url}/`);
    const mine = await listIds(page);
    const outside = everyone.find((id) => !mine.includes(id));
    assert.ok(mine.length > 0 && outside, 'the manager sees some applicants of the company, not all');
    await page.goto(`/applicants/${outside}`);
    await page.getByRole('heading', { level: 1, name: 'Candidat introuvable' }).waitFor();
    await page.goto(`/applicants/${mine[0]}`);
    await page.getByRole('heading', { level: 2, name: 'Candidatures' }).waitFor();

    await page.goto('/treatment?tab=spontaneous');
    await page.getByRole('tab', { name: 'Sur les offres', selected: true }).waitFor();
    assert.equal(await page.getByRole('tab', { name: 'Spontanées' }).count(), 0);
    await settle(page);
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'treatment-manager');
    await context.close();
  });
  it('opens an applicant from an offer list, changes its status, steps to the next one with the keyboard, fits 390 px', async (t) => {
    const { context, page } = await app.newPage();
    await signIn(page, 'recruiter@demo.test');
    await page.waitForURL(`${app.url}/`);
    // An offer with at least three applications, so that the shown one has a previous and a next.
    const target = await page.evaluate(async () => {
      const offers = (await (await fetch('/api/treatment/applications/offers')).json()) as { id: number; project_id: number }[];
      for (const offer of offers) {
        const items = (await (await fetch(`/api/projects/${offer.project_id}/offers/${offer.id}/applications?order=lastname`)).json()) as {
          id: number;
          applicant_id: number;
          firstname: string;
          lastname: string;
        }[];
        if (items.length >= 3) return { offer, items };
      }
      return null;
    });
    assert.ok(target, 'the demo data has an offer with three applications');
    const { offer, items } = target;
    const listUrl = `/projects/${offer.project_id}/offer/${offer.id}?order=lastname`;
    await page.goto(listUrl);
    const [first, second] = items as [(typeof items)[0], (typeof items)[0]];
    const firstName = `${first.firstname} ${first.lastname}`;
    const secondName = `${second.firstname} ${second.lastname}`;
    await page.getByRole('table').getByRole('link', { name: firstName, exact: true }).click();
    await page.waitForURL(/\/applicants\/\d+\?/);
    await page.getByRole('heading', { level: 1, name: firstName }).waitFor();
    const url = new URL(page.url());
    assert.equal(url.pathname, `/applicants/${first.applicant_id}`);
    assert.equal(url.searchParams.get('list'), listUrl);
    const nav = page.getByRole('navigation', { name: 'Navigation dans la liste' });
    assert.equal(await nav.getByRole('link', { name: 'Retour à la liste' }).getAttribute('href'), listUrl);
    await nav.getByText(`1 sur ${items.length}`).waitFor();
    assert.equal(await nav.getByRole('button', { name: 'Candidat précédent' }).isDisabled(), true);

    // Opened by its URL: time to the name (h1) and to the applications overview.
    const started = Date.now();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: firstName }).waitFor();
    const toHeading = Date.now() - started;
    await page.getByRole('button', { name: /^Afficher la candidature/ }).first().waitFor();
    const toOverview = Date.now() - started;
    t.diagnostic(`applicant screen by URL: h1 after ${toHeading} ms, applications after ${toOverview} ms`);
    // A loose guard only: this machine is shared, so the diagnostic above is the measure to read.
    assert.ok(toHeading < 10_000, `the name shows in ${toHeading} ms`);

    // The shown application's status: a refusal asks for its motif.
    await page.getByRole('button', { name: `Changer le statut de ${firstName}` }).click();
    await page.getByRole('menuitemradio', { name: 'Refusé' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Passer en « Refusé »' });
    await dialog.getByRole('combobox', { name: /Motif/ }).selectOption({ index: 1 });
    assert.deepEqual(await seriousViolations(page), []);
    const [changed] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith(`/projects/${offer.project_id}/offers/${offer.id}/applications/statuses`) && r.request().method() === 'PUT'),
      dialog.getByRole('button', { name: 'Valider' }).click(),
    ]);
    assert.equal(changed.status(), 200);
    await page.getByText(`${firstName} est maintenant « Refusé ».`).waitFor();
    const shown = page.locator('li', { has: page.getByRole('button', { name: /^Afficher la candidature/, pressed: true }) });
    await shown.getByText('Refusé', { exact: true }).waitFor();

    // J goes to the next applicant of the same list (its order kept); the URL follows.
    await page.keyboard.press('j');
    await page.getByRole('heading', { level: 1, name: secondName }).waitFor();
    const next = new URL(page.url());
    assert.equal(next.pathname, `/applicants/${second.applicant_id}`);
    assert.equal(next.searchParams.get('application'), String(second.id));
    assert.equal(next.searchParams.get('list'), listUrl);
    await nav.getByRole('button', { name: 'Candidat précédent' }).waitFor();
    assert.equal(await nav.getByRole('button', { name: 'Candidat précédent' }).isEnabled(), true);
    await page.getByRole('button', { name: /^Afficher la candidature/ }).first().waitFor();
    await settle(page);
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'applicant-screen-1366');

    // At 390 × 844: the same screen, then the manual-applicant dialog, without sideways scrolling.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: secondName }).waitFor();
    await settle(page);
    const narrow = await horizontalOverflow(page);
    assert.equal(narrow.overflow, 0, `the applicant screen scrolls sideways: ${narrow.offenders.join('; ')}`);
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'applicant-screen-390');

    await nav.getByRole('link', { name: 'Retour à la liste' }).click();
    await page.waitForURL((u) => `${u.pathname}${u.search}` === listUrl);
    await page.getByRole('button', { name: 'Ajouter un candidat' }).click();
    const manual = page.getByRole('dialog', { name: 'Ajouter un candidat' });
    await manual.waitFor();
    await settle(page);
    const dialogFit = await horizontalOverflow(page);
    assert.equal(dialogFit.overflow, 0, `the manual dialog scrolls sideways: ${dialogFit.offenders.join('; ')}`);
    const box = await manual.boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 390.5, `the manual dialog fits the window: ${JSON.stringify(box)}`);
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'applicant-manual-dialog-390');
    await page.setViewportSize({ width: 1366, height: 900 });
    await settle(page);
    await screenshot(page, 'applicant-manual-dialog-1366');
    await context.close();
  });
});
