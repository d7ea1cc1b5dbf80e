import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { signIn, useApp } from '../support/app.ts';
import { screenshot, seriousViolations } from '../support/browser.ts';

const app = useApp();

const OFFER = 'Technicien de maintenance industrielle';

/** Waits for the toast entry animation so screenshots and axe see a settled page. */
const settle = (page: Page) => page.waitForTimeout(400);

/** axe's heading-order rule (impact moderate, so not among seriousViolations): no h1 → h3 jump. */
async function headingOrderViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withRules(['heading-order']).analyze();
  return result.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')));
}

async function download(page: Page, menuItem: string): Promise<string> {
  await page.getByRole('button', { name: 'Exporter' }).click();
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: menuItem }).click()]);
  const failure = await file.failure();
  assert.equal(failure, null);
  return file.suggestedFilename();
}

describe('projects, offers and dashboard', () => {
  it('creates a project and an offer, publishes, filters, exports and archives it', async () => {
    const { context, page } = await app.newPage();
    await signIn(page, 'admin@demo.test');
    await page.waitForURL(`${app.url}/`);

    // Dashboard: four blocks, offers link to their screen.
    await page.getByRole('heading', { level: 1, name: 'Tableau de bord' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Dernières offres' }).waitFor();
    await page.locator('section', { has: page.getByRole('heading', { name: 'Dernières offres' }) }).getByRole('link').first().waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'dashboard-fr');

    // Projects page: tree with counts.
    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Projets', exact: true }).click();
    await page.waitForURL(/\/projects$/);
    const tree = page.getByRole('navigation', { name: 'Arborescence des projets' });
    await tree.getByRole('link').nth(8).waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'projects-fr');

    // Create a project at the top level.
    await page.getByRole('main').getByRole('button', { name: 'Nouveau projet' }).last().click();
    const projectDialog = page.getByRole('dialog', { name: 'Nouveau projet' });
    await projectDialog.getByLabel(/^Nom/).fill('Maintenance Lyon E2E');
    // A project (not a folder) has the application setting, on by default.
    const documents = projectDialog.getByRole('checkbox', { name: 'Les candidats peuvent joindre des documents (lettre de motivation…)' });
    assert.equal(await documents.isChecked(), true);
    await screenshot(page, 'project-new-fr');
    await projectDialog.getByRole('button', { name: 'Créer' }).click();
    await page.waitForURL(/\/projects\/\d+\/offers$/);
    const projectPath = new URL(page.url()).pathname;
    await page.getByRole('heading', { level: 1, name: 'Maintenance Lyon E2E' }).waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('embauche.lastProjectPath')), projectPath);

    // Create an offer in it: the required title is checked first.
    await page.getByRole('button', { name: 'Nouvelle offre' }).click();
    const offerDialog = page.getByRole('dialog', { name: "Nouvelle offre d'emploi" });
    await offerDialog.getByRole('button', { name: "Créer l'offre" }).click();
    await offerDialog.getByText('Ce champ est obligatoire.').waitFor();
    await offerDialog.getByLabel(/^Intitulé du poste/).fill(OFFER);
    await offerDialog.getByLabel('Type de contrat').selectOption('cdi');
    await offerDialog.getByLabel('Lieu de travail').fill('Lyon 7e');
    await offerDialog.getByLabel('Salaire annuel minimum').fill('32000');
    await offerDialog.getByLabel('Salaire annuel maximum').fill('38000');
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'offer-new-fr');
    await offerDialog.getByRole('button', { name: "Créer l'offre" }).click();
    await page.waitForURL(/\/projects\/\d+\/offer\/\d+$/);
    await page.getByRole('heading', { level: 1, name: OFFER }).waitFor();
    await page.getByText('Brouillon', { exact: true }).first().waitFor();

    // Publish it.
    await page.getByRole('button', { name: 'Publier' }).click();
    const publish = page.getByRole('alertdialog', { name: `Publier « ${OFFER} » ?` });
    await publish.getByRole('button', { name: 'Publier' }).click();
    await page.getByText(`« ${OFFER} » est publiée.`).waitFor();
    await page.getByText('Publiée', { exact: true }).first().waitFor();
    await page.getByText(/32\s000\s€/).waitFor();
    await settle(page);
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'offer-fr');

    // Edit the description with the lazily loaded editor.
    await page.getByRole('button', { name: 'Modifier' }).click();
    const editor = page.getByRole('textbox', { name: 'Description du poste' });
    await editor.click();
    await page.keyboard.type('Vous assurez la maintenance préventive des lignes de production.');
    await page.getByRole('button', { name: 'Gras' }).waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'offer-edit-fr');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Vous assurez la maintenance préventive des lignes de production.').waitFor();

    // The project's list: filters go to the URL.
    await page.goto(projectPath);
    await page.getByRole('link', { name: OFFER }).waitFor();
    await page.getByLabel('Statut', { exact: true }).selectOption('published');
    await page.waitForURL(/status=published/);
    await page.getByLabel('Rechercher', { exact: true }).fill('maintenance');
    await page.waitForURL(/q=maintenance/);
    await page.getByRole('link', { name: OFFER }).waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'offer-list-fr');

    // Export: the selection in CSV, then everything filtered in XLSX.
    await page.getByRole('checkbox', { name: `Sélectionner l'offre ${OFFER}` }).check();
    await page.getByText('1 offre sélectionnée').waitFor();
    assert.match(await download(page, 'Sélection en CSV'), /\.csv$/);
    assert.match(await download(page, 'Tout exporter en XLSX'), /\.xlsx$/);

    // Archive through the batch action: the dialog says what changed.
    await page.getByRole('toolbar', { name: 'Actions sur la sélection' }).getByRole('button', { name: 'Archiver' }).click();
    const archive = page.getByRole('alertdialog', { name: 'Archiver 1 offre ?' });
    await archive.getByRole('button', { name: 'Archiver' }).click();
    await archive.getByText('Ce champ est obligatoire.').waitFor();
    await archive.getByLabel(/^Motif d'archivage/).selectOption('position_filled');
    await archive.getByRole('button', { name: 'Archiver' }).click();
    const result = page.getByRole('alertdialog', { name: "Résultat de l'opération" });
    await result.getByText('1 offre modifiée').waitFor();
    await settle(page);
    await screenshot(page, 'offer-batch-result-fr');
    await result.getByRole('button', { name: 'Fermer' }).click();
    await page.getByText('Aucune offre ne correspond à ces filtres').waitFor();
    // Archiving takes a published offer off-line: it is found among archived offers of any status.
    await page.getByLabel('Archivage').selectOption('true');
    await page.getByLabel('Statut', { exact: true }).selectOption('');
    await page.getByRole('link', { name: OFFER }).waitFor();
    const table = page.getByRole('table');
    await table.getByText('Archivée', { exact: true }).waitFor();
    await table.getByText('Dépubliée', { exact: true }).waitFor();

    // The projects nav item leads back to the last project or offer visited.
    await page.goto('/');
    const projectsItem = page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Projets', exact: true });
    assert.equal(await projectsItem.getAttribute('href'), projectPath);
    await context.close();
  });

  it('searches from two characters, toggles a favourite and shows a missing offer', async () => {
    const { context, page } = await app.newPage();
    await signIn(page, 'admin@demo.test');
    await page.waitForURL(`${app.url}/`);
    await page.goto('/projects/all/offers');
    const search = page.getByRole('searchbox', { name: 'Rechercher un projet ou une offre' });
    await search.fill('a');
    await page.getByText('Saisissez au moins 2 caractères.').waitFor();
    await search.fill('ch');
    await page.getByRole('region', { name: 'Résultats de la recherche' }).waitFor();

    const star = page.getByRole('button', { name: /^Offre favorite : / }).first();
    const before = await star.getAttribute('aria-pressed');
    await star.click();
    await page.waitForFunction(
      ([name, value]) => document.querySelector(`button[aria-label="${name}"]`)?.getAttribute('aria-pressed') !== value,
      [await star.getAttribute('aria-label'), before] as const,
    );

    await page.goto('/projects/1/offer/999999');
    await page.getByRole('heading', { level: 1, name: 'Offre introuvable' }).waitFor();
    await context.close();
  });

  it('keeps the offer tab in the URL and the tree beside the applications, with headings in order', async () => {
    const { context, page } = await app.newPage();
    await signIn(page, 'admin@demo.test');
    await page.waitForURL(`${app.url}/`);
    await page.goto('/projects/all/offers');
    const tree = page.getByRole('navigation', { name: 'Arborescence des projets' });
    await tree.getByRole('link').nth(3).waitFor();
    await page.getByRole('table').locator('a[href*="/offer/"]').first().click();
    await page.waitForURL(/\/projects\/\d+\/offer\/\d+$/);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await tree.getByRole('link').nth(3).waitFor();
    await settle(page);
    assert.deepEqual(await seriousViolations(page), []);
    assert.deepEqual(await headingOrderViolations(page), []);

    // Watch the tree panel on every frame while the applications tab opens (its texts load then).
    // Kept as text: tsx would wrap the named helper in `__name(…)`, which the page lacks.
    await page.evaluate(`(() => {
      window.treeGone = false;
      window.watching = true;
      const check = () => {
        const nav = document.querySelector('nav[aria-label="Arborescence des projets"]');
        if (!nav || nav.offsetParent === null || nav.querySelectorAll('a').length === 0) window.treeGone = true;
        if (window.watching) requestAnimationFrame(check);
      };
      check();
    })()`);
    await page.getByRole('tab', { name: 'Candidatures' }).click();
    await page.waitForURL(/\?tab=applications$/);
    await page.getByRole('tabpanel', { name: 'Candidatures' }).getByRole('button', { name: /Liste|Tableau/ }).first().waitFor();
    await settle(page);
    const treeGone = await page.evaluate<boolean>('(() => { window.watching = false; return window.treeGone; })()');
    assert.equal(treeGone, false, 'the project tree stays while the applications tab opens');
    assert.deepEqual(await seriousViolations(page), []);
    assert.deepEqual(await headingOrderViolations(page), []);
    await screenshot(page, 'offer-applications-tab-fr');

    // A reload keeps the tab, and the tree.
    await page.reload();
    await page.getByRole('tab', { name: 'Candidatures', selected: true }).waitFor();
    await tree.getByRole('link').nth(3).waitFor();
    await page.getByRole('tab', { name: 'Détails' }).click();
    await page.waitForURL(/\/offer\/\d+$/);
    await context.close();
  });

  it('shows dates in the interface language, not the browser one', async () => {
    const { context, page } = await app.newPage('en-US');
    await page.goto('/login?lng=fr');
    await signIn(page, 'admin@demo.test');
    await page.waitForURL(`${app.url}/`);
    await page.goto('/projects/all/offers?created_at=2026-03-10,');
    const range = page.getByRole('group', { name: 'Date de création' });
    const from = range.getByRole('textbox', { name: 'Du' });
    await from.waitFor();
    assert.equal(await from.inputValue(), '10/03/2026');
    await range.getByRole('button', { name: /^Choisir une date \(Date de création – Du\)/ }).click();
    const calendar = page.getByRole('dialog', { name: 'Calendrier (Date de création – Du)' });
    const grid = calendar.getByRole('grid', { name: 'mars 2026' });
    await grid.waitFor();
    assert.deepEqual(await grid.getByRole('columnheader').allTextContents(), ['lu', 'ma', 'me', 'je', 've', 'sa', 'di']);
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'mercredi 11 mars 2026');
    await settle(page);
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'date-picker-fr-en-browser');
    await page.keyboard.press('Enter');
    await page.waitForURL(/created_at=2026-03-11/);
    assert.equal(await from.inputValue(), '11/03/2026');
    await context.close();
  });

  it('shows the projects area in English', async () => {
    const { context, page } = await app.newPage();
    await signIn(page, 'recruiter@demo.test');
    await page.waitForURL(`${app.url}/`);
    await page.getByRole('button', { name: /^Changer de langue/ }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.goto('/projects/all/offers');
    await page.getByRole('heading', { level: 1, name: 'All offers' }).waitFor();
    await page.getByRole('table').waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'offer-list-en');
    // Back to French for the other specs that sign this user in.
    await page.getByRole('button', { name: /^Change language/ }).click();
    await page.getByRole('menuitemradio', { name: 'Français' }).click();
    await page.getByRole('heading', { level: 1, name: 'Toutes les offres' }).waitFor();
    await context.close();
  });
});
