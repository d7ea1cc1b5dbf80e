import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { signIn, useApp } from '../support/app.ts';
import { horizontalOverflow, screenshot, seriousViolations } from '../support/browser.ts';
import { saveCareerSite } from '../support/career-site.ts';

const app = useApp();

/** A word that only this CV holds: the recruiter finds the applicant by it. */
const WORD = 'chaudronnerievalmont';

async function cvPdf(lines: string[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  lines.forEach((line, i) => page.drawText(line, { x: 50, y: 780 - i * 22, size: 12, font }));
  return Buffer.from(await doc.save());
}

/** Fills the apply form by its labels, as a candidate does (the form's minimum fill time is waited out). */
async function apply(
  page: Page,
  labels: {
    firstname: string;
    lastname: string;
    email: string;
    cv: string | RegExp;
    consent: RegExp;
    submit: string;
  },
  person: { firstname: string; lastname: string; email: string },
  cv: Buffer,
  shot: string,
  /** The company's own question (a custom field asked on the site): its legend and the answer. */
  question: { legend: string; answer: string },
) {
  const form = page.locator('section#apply');
  await form.getByRole('group', { name: question.legend }).getByRole('radio', { name: question.answer }).check();
  await form.getByRole('textbox', { name: labels.firstname, exact: true }).fill(person.firstname);
  await form.getByRole('textbox', { name: labels.lastname, exact: true }).fill(person.lastname);
  await form.getByRole('textbox', { name: labels.email, exact: true }).fill(person.email);
  await form
    .getByLabel(labels.cv)
    .setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: cv });
  // By keyboard: the consent box takes the focus and Space ticks it.
  await form.getByRole('checkbox', { name: labels.consent }).focus();
  await page.keyboard.press('Space');
  assert.equal(await form.getByRole('checkbox', { name: labels.consent }).isChecked(), true);
  assert.deepEqual(await seriousViolations(page), []);
  const overflow = await horizontalOverflow(page);
  assert.ok(overflow.overflow <= 0, `sideways scroll: ${JSON.stringify(overflow)}`);
  await screenshot(page, shot);
  await page.waitForTimeout(3_100);
  await form.getByRole('button', { name: labels.submit }).click();
  await page.waitForURL(/\/applied(\?|$)/);
}

describe('applying from the career site', () => {
  it('a candidate applies on a phone with a PDF CV; the recruiter finds the application and the CV text', async () => {
    // The recruiter's side: the site's settings with a privacy notice in French and English.
    const admin = await app.newPage('fr-FR', { viewport: { width: 1366, height: 900 } });
    await signIn(admin.page, 'admin@demo.test');
    await admin.page.waitForURL(`${app.url}/`);
    await saveCareerSite(admin.page, {
      offer_fields: ['contract_type', 'location', 'remote'],
      privacy_notices: {
        fr: 'Vos données servent uniquement à votre candidature et sont conservées deux ans.',
        en: 'Your data is used for your application only and kept two years.',
      },
      talent_community: false,
    });
    // A question of the company's own, asked on the site: an applicant field, from its dialog.
    await admin.page.goto('/config/custom-fields?entity=applicant');
    await admin.page.getByRole('button', { name: 'Nouveau champ' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Nouveau champ personnalisé' });
    await dialog.getByLabel(/^Libellé/).fill('Permis B');
    await dialog.getByLabel(/^Type/).selectOption('yes_no');
    await dialog.getByRole('checkbox', { name: 'Obligatoire' }).check();
    await dialog.getByRole('checkbox', { name: 'Demander aux candidats sur le site carrière' }).check();
    assert.deepEqual(await seriousViolations(admin.page), []);
    await screenshot(admin.page, 'career-site-apply-question-fr-1366', { fullPage: false });
    await dialog.getByRole('button', { name: 'Créer le champ' }).click();
    await admin.page
      .getByRole('listitem')
      .filter({ hasText: 'Permis B' })
      .getByText('Sur le site carrière')
      .waitFor();

    // The candidate: a fresh context on a phone, in French.
    const phone = await app.newPage('fr-FR', { viewport: { width: 390, height: 844 } });
    await phone.page.goto('/careers/groupe-valmont');
    await phone.page.locator('ul.offers a').first().click();
    await phone.page.waitForURL(/\/careers\/groupe-valmont\/offers\/\d+-/);
    const offerId = Number(/\/offers\/(\d+)-/.exec(phone.page.url())![1]);
    const title = (await phone.page.getByRole('heading', { level: 1 }).textContent())!.trim();
    const ld = JSON.parse(
      (await phone.page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    ) as Record<string, unknown>;
    assert.equal(ld.directApply, true);
    const cv = await cvPdf([
      'Ines Garnier',
      'Soudeuse TIG, dix ans',
      `Competences : ${WORD}, lecture de plans`,
    ]);
    await apply(
      phone.page,
      {
        firstname: 'Prénom',
        lastname: 'Nom',
        email: 'Adresse e-mail',
        cv: /^CV\s/,
        consent: /^J’accepte que mes données/,
        submit: 'Envoyer ma candidature',
      },
      { firstname: 'Inès', lastname: 'Garnier', email: 'ines.garnier.e2e@example.com' },
      cv,
      'career-site-apply-form-fr-390',
      { legend: 'Permis B', answer: 'Oui' },
    );
    await phone.page.getByRole('heading', { level: 1, name: 'Candidature envoyée' }).waitFor();
    await phone.page.getByText(title, { exact: false }).first().waitFor();
    assert.deepEqual(await seriousViolations(phone.page), []);
    await screenshot(phone.page, 'career-site-apply-done-fr-390');
    await phone.context.close();

    // The same on a phone in English.
    const english = await app.newPage('en-US', { viewport: { width: 390, height: 844 } });
    await english.page.goto(`/careers/groupe-valmont/offers/${offerId}?lng=en`);
    await apply(
      english.page,
      {
        firstname: 'First name',
        lastname: 'Last name',
        email: 'E-mail address',
        cv: /^CV\s/,
        consent: /^I agree that my data/,
        submit: 'Send my application',
      },
      { firstname: 'Tom', lastname: 'Baker', email: 'tom.baker.e2e@example.com' },
      await cvPdf(['Tom Baker', 'Welder']),
      'career-site-apply-form-en-390',
      { legend: 'Permis B', answer: 'No' },
    );
    await english.page.getByRole('heading', { level: 1, name: 'Application sent' }).waitFor();
    assert.deepEqual(await seriousViolations(english.page), []);
    await screenshot(english.page, 'career-site-apply-done-en-390');
    // The form on a desktop: laid out, axe clean.
    await english.page.setViewportSize({ width: 1366, height: 900 });
    await english.page.goto(`/careers/groupe-valmont/offers/${offerId}?lng=en`);
    await english.page.getByRole('heading', { level: 2, name: 'Apply' }).waitFor();
    assert.deepEqual(await seriousViolations(english.page), []);
    assert.ok((await horizontalOverflow(english.page)).overflow <= 0);
    await screenshot(english.page, 'career-site-apply-form-en-1366');
    await english.context.close();

    // The recruiter: the application in the offer's pipeline, the applicant found by a CV word.
    const page = admin.page;
    const projectId = await page.evaluate(async (id) => {
      const list = (await (
        await fetch('/api/projects/all/offers?filter[status]=published&per_page=100')
      ).json()) as {
        data: { id: number; project_id: number }[];
      };
      return list.data.find((o) => o.id === id)?.project_id ?? null;
    }, offerId);
    assert.ok(projectId, 'the offer is in a project');
    await page.goto(`/projects/${projectId}/offer/${offerId}?view=board`);
    const nouveau = page.getByRole('region', { name: 'Nouveau', exact: true });
    await nouveau.getByRole('link', { name: 'Inès Garnier', exact: true }).waitFor();
    // The CV's text is extracted in the background: the search finds it once the job ran.
    await page.waitForFunction(
      async (word) => {
        const res = await fetch(`/api/applicants?search=${word}`);
        return ((await res.json()) as { total: number }).total > 0;
      },
      WORD,
      { timeout: 30_000, polling: 500 },
    );
    await page.goto(`/sourcing?q=${WORD}`);
    await page.getByRole('article').filter({ hasText: 'Inès Garnier' }).first().waitFor();
    await screenshot(page, 'career-site-apply-sourcing-fr-1366');
    // The applicant screen: the application's consent, as the site recorded it.
    const applicantId = await page.evaluate(async (word) => {
      const res = await fetch(`/api/applicants?search=${word}`);
      return ((await res.json()) as { data: { id: number }[] }).data[0]!.id;
    }, WORD);
    await page.goto(`/applicants/${applicantId}`);
    const answers = page.getByRole('region', { name: 'Réponses du site carrière' });
    await answers.getByText(/^Consentement à la notice de confidentialité v1 \(français\) le /).waitFor();
    assert.equal(await answers.getByRole('term').filter({ hasText: 'Permis B' }).count(), 1);
    await answers.getByRole('definition').filter({ hasText: /^Oui$/ }).waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'career-site-apply-answers-fr-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('tab', { name: /^Candidatures/ }).click();
    await answers.waitFor();
    assert.ok((await horizontalOverflow(page)).overflow <= 0);
    await screenshot(page, 'career-site-apply-answers-fr-390', { fullPage: false });
    await admin.context.close();
  });
});
