import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { signIn, useApp } from '../support/app.ts';
import { columnCount } from '../support/board.ts';
import { screenshot, seriousViolations } from '../support/browser.ts';

const app = useApp();

type Offer = { id: number; project_id: number; job_position: string };

/** A one-page CV with real text, as an applicant would send it. */
async function cvPdf(lines: string[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  lines.forEach((line, i) => page.drawText(line, { x: 50, y: 780 - i * 22, size: i === 0 ? 20 : 12, font }));
  return Buffer.from(await doc.save());
}

async function publishedOffer(page: Page): Promise<Offer> {
  const offer = await page.evaluate(async () => {
    const list = (await (await fetch('/api/projects/all/offers?filter[status]=published&per_page=1')).json()) as { data: Offer[] };
    return list.data[0] ?? null;
  });
  assert.ok(offer, 'the demo data has a published offer');
  return offer;
}

describe('the hiring loop in the browser', () => {
  it('adds an applicant with a PDF CV, moves the card by keyboard, opens the applicant, reads the CV and the summary', async () => {
    const { context, page } = await app.newPage();
    await signIn(page, 'recruiter@demo.test');
    await page.waitForURL(`${app.url}/`);
    const offer = await publishedOffer(page);

    // The offer's board.
    await page.goto(`/projects/${offer.project_id}/offer/${offer.id}?view=board`);
    await page.getByRole('heading', { level: 1, name: offer.job_position }).waitFor();
    const nouveau = page.getByRole('region', { name: 'Nouveau', exact: true });
    const preselected = page.getByRole('region', { name: 'Présélectionné', exact: true });
    await nouveau.waitFor();
    const before = { new: await columnCount(nouveau), preselected: await columnCount(preselected) };

    // Add an applicant with a PDF CV through the dialog's drop zone.
    await page.getByRole('button', { name: 'Ajouter un candidat' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter un candidat' });
    await dialog.getByRole('textbox', { name: /^Prénom/ }).fill('Basile');
    await dialog.getByRole('textbox', { name: /^Nom/ }).fill('Perrin');
    await dialog.getByRole('textbox', { name: /^E-mail/ }).fill('basile.perrin.e2e@example.com');
    const cv = await cvPdf([
      'Basile Perrin',
      'Technicien support informatique',
      '2019 - 2025 Technicien support chez Helpline Services, Lyon',
      'Competences : Windows Server, Active Directory, ITIL',
    ]);
    await dialog.getByLabel(/^CV/).setInputFiles({ name: 'cv-basile-perrin.pdf', mimeType: 'application/pdf', buffer: cv });
    await dialog.getByText('cv-basile-perrin.pdf').waitFor();
    await dialog.getByRole('button', { name: 'Ajouter', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    const card = nouveau.getByRole('link', { name: 'Basile Perrin', exact: true });
    await card.waitFor();
    assert.equal(await columnCount(nouveau), before.new + 1);

    // Keyboard drag of that card to the next column.
    const handle = nouveau.getByRole('button', { name: 'Déplacer la candidature de Basile Perrin' });
    await handle.focus();
    await page.keyboard.press('Space');
    await page.waitForTimeout(200);
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(300);
    await page.keyboard.press('Space');
    await page.getByText('Basile Perrin est maintenant « Présélectionné ».').waitFor();
    await preselected.getByRole('link', { name: 'Basile Perrin', exact: true }).waitFor();
    assert.equal(await columnCount(nouveau), before.new);
    assert.equal(await columnCount(preselected), before.preselected + 1);

    // The applicant screen: the CV through pdf.js, its text selectable, and the summary.
    await preselected.getByRole('link', { name: 'Basile Perrin', exact: true }).click();
    await page.waitForURL(/\/applicants\/\d+/);
    await page.getByRole('heading', { level: 1, name: 'Basile Perrin' }).waitFor();
    const viewer = page.getByRole('region', { name: 'CV de Basile Perrin' });
    await viewer.locator('canvas').waitFor();
    await page.waitForFunction(() => document.querySelector('.textLayer')?.textContent?.includes('Helpline Services') ?? false, undefined, {
      timeout: 20_000,
    });
    const summary = page.locator('section', { has: page.getByRole('heading', { name: 'Synthèse de la candidature' }) });
    await summary.getByText('Synthèse hors ligne du résumeur intégré (sans IA)').waitFor();
    await summary.getByText(/Basile Perrin/).first().waitFor();
    // The CV text is read in the background; a regenerated summary draws on it.
    await summary.getByRole('button', { name: 'Régénérer' }).click();
    await summary.getByText(/Helpline Services/).first().waitFor({ timeout: 20_000 });
    await page.waitForTimeout(400);
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'pipeline-applicant-fr');
    await context.close();
  });

  it('lets an administrator read the development mail outbox', async () => {
    const { context, page } = await app.newPage();
    await signIn(page, 'admin@demo.test');
    await page.waitForURL(`${app.url}/`);
    await page.goto('/dev/mail-outbox');
    await page.getByRole('heading', { level: 1, name: "Boîte d'envoi" }).waitFor();
    await page.getByRole('heading', { name: 'Aucun e-mail pour le moment' }).waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'mail-outbox-fr');
    await context.close();
  });
});
