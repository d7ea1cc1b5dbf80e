import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Locator, Page } from 'playwright-core';
import { signIn, useApp } from '../support/app.ts';
import { cardHandle, columnCount, focusedCard, liveAnnouncement } from '../support/board.ts';
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
    // Its experience line comes from the CV's dated period (2019 - 2025), in the reader's words (issue 35 item 7).
    await summary.getByText(/depuis 2019/).first().waitFor({ timeout: 20_000 });
    await page.waitForTimeout(400);
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'pipeline-applicant-fr');
    await context.close();
  });

  it('moves a card by keyboard across columns, keeps the focus on it, undoes, drags a card by its body, fits the window', async () => {
    const { context, page } = await app.newPage();
    await page.setViewportSize({ width: 1366, height: 860 });
    await signIn(page, 'recruiter@demo.test');
    await page.waitForURL(`${app.url}/`);
    const offer = await publishedOffer(page);
    await page.goto(`/projects/${offer.project_id}/offer/${offer.id}?view=board`);
    await page.getByRole('heading', { level: 1, name: offer.job_position }).waitFor();
    const column = (name: string): Locator => page.getByRole('region', { name, exact: true });
    const nouveau = column('Nouveau');
    await nouveau.getByRole('listitem').first().waitFor();

    // The filters fold into one button; the board starts high and fills the window.
    const filters = page.getByRole('button', { name: /^Filtres/ });
    assert.equal(await filters.getAttribute('aria-expanded'), 'false');
    assert.equal(await page.getByRole('search', { name: 'Filtrer les candidatures' }).count(), 0);
    const board = page.getByRole('group', { name: 'Tableau des candidatures par statut' });
    const frame = await board.boundingBox();
    assert.ok(frame, 'the board is shown');
    assert.ok(frame.y < 430, `the board starts near the top (at ${frame.y}px)`);
    assert.ok(frame.y + frame.height <= 860 && frame.y + frame.height > 780, `the board ends at the bottom of the window (${frame.y + frame.height}px)`);
    await filters.click();
    await page.getByRole('searchbox', { name: 'Rechercher', exact: true }).waitFor();
    assert.equal(await filters.getAttribute('aria-expanded'), 'true');
    await filters.click();
    await page.getByRole('searchbox', { name: 'Rechercher', exact: true }).waitFor({ state: 'hidden' });

    // Keyboard: → → takes the card two columns along; the focus stays on it; a second move goes on.
    const name = ((await nouveau.getByRole('link').first().textContent()) ?? '').trim();
    const before = { new: await columnCount(nouveau), phone: await columnCount(column('Entretien téléphonique')) };
    await cardHandle(nouveau, name).focus();
    await page.keyboard.press('Space');
    await page.waitForTimeout(200);
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(250);
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(250);
    await page.keyboard.press('Space');
    await page.getByText(`${name} est maintenant « Entretien téléphonique ».`).waitFor();
    await column('Entretien téléphonique').getByRole('link', { name, exact: true }).waitFor();
    await page.waitForFunction((label) => document.activeElement?.getAttribute('aria-label') === label, `Déplacer la candidature de ${name}`);
    assert.deepEqual(await focusedCard(page), { handle: `Déplacer la candidature de ${name}`, column: 'Entretien téléphonique' });
    assert.match(await liveAnnouncement(page), new RegExp(`Carte de ${name} déplacée dans la colonne « Entretien téléphonique », position \\d+ sur \\d+\\.`));
    assert.equal(await columnCount(nouveau), before.new - 1);
    assert.equal(await columnCount(column('Entretien téléphonique')), before.phone + 1);

    await page.keyboard.press('Enter');
    await page.waitForTimeout(200);
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(250);
    await page.keyboard.press('Enter');
    await page.getByText(`${name} est maintenant « Entretien ».`).waitFor();
    await column('Entretien').getByRole('link', { name, exact: true }).waitFor();
    await page.waitForFunction(() => document.activeElement?.closest('section')?.querySelector('h2')?.textContent === 'Entretien');
    assert.deepEqual(await focusedCard(page), { handle: `Déplacer la candidature de ${name}`, column: 'Entretien' });

    // Undo puts the previous status back through the same call; the counts follow.
    const toast = page.locator('[data-sonner-toast]', { hasText: `${name} est maintenant « Entretien ».` });
    await toast.getByRole('button', { name: 'Annuler', exact: true }).click();
    await page.getByText(`Changement annulé : ${name} est de nouveau « Entretien téléphonique ».`).waitFor();
    await column('Entretien téléphonique').getByRole('link', { name, exact: true }).waitFor();
    assert.equal(await column('Entretien').getByRole('link', { name, exact: true }).count(), 0);
    assert.equal(await columnCount(column('Entretien téléphonique')), before.phone + 1);

    // The mouse drags a card by its body (not its grip) to the next column.
    const other = ((await nouveau.getByRole('link').first().textContent()) ?? '').trim();
    const card = nouveau.getByRole('listitem').filter({ has: page.getByRole('link', { name: other, exact: true }) });
    await board.evaluate((node) => node.scrollTo({ left: 0 }));
    await page.waitForTimeout(300);
    const from = await card.boundingBox();
    const to = await column('Présélectionné').boundingBox();
    assert.ok(from && to);
    const start = { x: from.x + 48, y: from.y + from.height - 10 };
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move(start.x + 12, start.y + 4, { steps: 4 });
    await page.waitForTimeout(150);
    await page.mouse.move(to.x + to.width / 2, to.y + 160, { steps: 15 });
    await page.waitForTimeout(200);
    await page.mouse.up();
    try {
      await page.getByText(`${other} est maintenant « Présélectionné ».`).waitFor({ timeout: 10_000 });
    } catch (error) {
      await screenshot(page, 'kanban-drag-failure');
      const toasts = await page.locator('[data-sonner-toast]').allTextContents();
      throw new Error(`mouse drop not seen; toasts: ${JSON.stringify(toasts)}; from ${JSON.stringify(from)} to ${JSON.stringify(to)}`, { cause: error });
    }
    await column('Présélectionné').getByRole('link', { name: other, exact: true }).waitFor();
    await page.waitForTimeout(500);
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'pipeline-board-1366');

    // At 390 px the board scrolls inside its own frame, never the page.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(600);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.equal(overflow, 0, 'the page does not scroll sideways at 390 px');
    const scrolls = await board.evaluate((node) => node.scrollWidth > node.clientWidth);
    assert.ok(scrolls, 'the board scrolls sideways inside its frame');
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'pipeline-board-390');

    // A plain click on a card's link still follows it; previous and next then walk that column, in the board's order.
    await page.setViewportSize({ width: 1366, height: 860 });
    const shortlisted = (await column('Présélectionné').getByRole('link').allTextContents()).map((text) => text.trim());
    const at = shortlisted.indexOf(other);
    assert.ok(at >= 0 && shortlisted.length >= 2, `the shortlisted column holds ${other} and another card: ${shortlisted.join(', ')}`);
    await column('Présélectionné').getByRole('link', { name: other, exact: true }).click();
    await page.waitForURL(/\/applicants\/\d+/);
    const navigation = page.getByRole('navigation', { name: 'Navigation dans la liste' });
    await navigation.getByText(`${at + 1} sur ${shortlisted.length}`).waitFor();
    const [key, neighbour] = at + 1 < shortlisted.length ? ['j', shortlisted[at + 1]] : ['k', shortlisted[at - 1]];
    await page.getByRole('heading', { level: 1, name: other }).waitFor();
    await page.keyboard.press(key!);
    await page.getByRole('heading', { level: 1, name: neighbour }).waitFor();
    assert.match(new URL(page.url()).searchParams.get('list') ?? '', /view=board.*column=\d+/);
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
