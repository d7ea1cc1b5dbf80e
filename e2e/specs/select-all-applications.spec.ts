import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { signIn, useApp } from '../support/app.ts';
import { giveCvsFor, seedBigOfferFor } from '../support/big-offer.ts';
import { screenshot, seriousViolations } from '../support/browser.ts';

const app = useApp();

/**
 * "Select all N that match" (issue 42 part 2): an offer of 1,500 applications (1,000 new, 500
 * preselected), its list filtered on "preselected", every one of the 500 selected and moved on in a
 * background job whose result the dialog reads back; an e-mail to all that match, read in the outbox;
 * the CVs of more than 500 prepared as one ZIP by a job on a phone in English: the dialog closed, the
 * bell tells when the ZIP is ready and leads to its page, where it is downloaded (the page also
 * seen in French).
 */
describe('select all that match', () => {
  it('filters a big offer, selects all that match, changes their status and reads the result', async () => {
    const offer = await seedBigOfferFor(app.dataDir, 'admin@demo.test', 1500, { 1: 2, 2: 1 });
    const { context, page } = await app.newPage();
    await signIn(page, 'admin@demo.test');
    await page.goto(`/projects/${offer.projectId}/offer/${offer.offerId}?view=list&statuses=2`);
    await page.getByRole('heading', { level: 1, name: offer.jobPosition }).waitFor();
    await page.getByRole('table').getByRole('row').nth(1).waitFor();

    await page.getByRole('checkbox', { name: 'Sélectionner toutes les candidatures de la page' }).check();
    const bar = page.getByRole('toolbar', { name: 'Actions sur la sélection' });
    await bar.getByRole('button', { name: 'Sélectionner les 500 candidatures qui correspondent' }).click();
    await bar.getByText('500 candidatures sélectionnées (toutes celles qui correspondent)').waitFor();
    await screenshot(page, 'select-all-fr');
    assert.deepEqual(await seriousViolations(page), []);

    await bar.getByRole('button', { name: 'Changer le statut' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Changer le statut de 500 candidatures' });
    await dialog.getByRole('combobox', { name: /Nouveau statut/ }).selectOption({ label: 'Entretien téléphonique' });
    await dialog.getByRole('button', { name: 'Appliquer' }).click();
    await dialog.getByText('500 candidatures mises à jour.').waitFor({ timeout: 60_000 });
    await screenshot(page, 'select-all-result-fr', { fullPage: false });
    await dialog.getByRole('button', { name: 'Fermer' }).click();

    // The filtered list is empty now; the 1,000 new ones were not touched.
    const counts = await page.evaluate(async ({ projectId, offerId }) => {
      const response = await fetch(`/api/projects/${projectId}/offers/${offerId}/applications/counts`, { headers: { Accept: 'application/json' } });
      return (await response.json()) as { statuses: { id: number; count: number }[] };
    }, offer);
    const count = (id: number) => counts.statuses.find((s) => s.id === id)?.count ?? 0;
    assert.equal(count(1), 1000);
    assert.equal(count(2), 0);
    assert.equal(count(3), 500);
    await context.close();
  });

  it('e-mails all that match: the dialog counts them, every one is in the outbox', async () => {
    const offer = await seedBigOfferFor(app.dataDir, 'admin@demo.test', 120, { 1: 1 });
    const { context, page } = await app.newPage();
    await signIn(page, 'admin@demo.test');
    await page.goto(`/projects/${offer.projectId}/offer/${offer.offerId}?view=list`);
    await page.getByRole('table').getByRole('row').nth(1).waitFor();
    await page.getByRole('checkbox', { name: 'Sélectionner toutes les candidatures de la page' }).check();
    const bar = page.getByRole('toolbar', { name: 'Actions sur la sélection' });
    await bar.getByRole('button', { name: 'Sélectionner les 120 candidatures qui correspondent' }).click();
    await bar.getByRole('button', { name: 'Envoyer un e-mail' }).click();
    const dialog = page.getByRole('dialog', { name: 'Envoyer un e-mail' });
    await dialog.getByText('Un e-mail à chacune des 120 candidatures qui correspondent aux filtres de la liste.').waitFor();
    await dialog.getByRole('radio', { name: 'Écrire librement' }).check();
    const subject = `Réunion saisonniers ${offer.offerId}`;
    await dialog.getByRole('textbox', { name: /^Objet/ }).fill(subject);
    await dialog.getByRole('textbox', { name: /^Message/ }).fill('Bonjour, une réunion d’information a lieu lundi à 9 h.');
    await screenshot(page, 'select-all-mailing-fr', { fullPage: false });
    assert.deepEqual(await seriousViolations(page), []);
    const [created] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/mailings') && r.request().method() === 'POST'),
      dialog.getByRole('button', { name: 'Envoyer aux 120 candidats' }).click(),
    ]);
    assert.equal(created.status(), 202);
    await dialog.getByRole('progressbar').and(page.locator('[aria-valuenow="120"]')).waitFor({ timeout: 60_000 });
    const outbox = (await (await page.request.get('/api/dev/mail-outbox?limit=200')).json()) as { to: string; subject: string }[];
    const ours = outbox.filter((m) => m.subject === subject);
    assert.equal(ours.length, 120);
    assert.ok(ours.every((m) => m.to.includes(`grande-offre-${offer.offerId}-`)));
    await context.close();
  });

  it('offers the same on a phone, in English', async () => {
    const offer = await seedBigOfferFor(app.dataDir, 'admin@demo.test', 300, { 1: 1 });
    const { context, page } = await app.newPage('en-GB', { viewport: { width: 390, height: 844 } });
    await signIn(page, 'admin@demo.test');
    await page.goto(`/projects/${offer.projectId}/offer/${offer.offerId}?view=list`);
    await page.getByRole('table').getByRole('row').nth(1).waitFor();
    await page.getByRole('checkbox', { name: 'Select every application on the page' }).check();
    const bar = page.getByRole('toolbar', { name: 'Actions on the selection' });
    await bar.getByRole('button', { name: 'Select all 300 applications that match' }).click();
    await bar.getByText('300 applications selected (all that match)').waitFor();
    const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    assert.equal(wide, false, 'no sideways scroll at 390 px');
    await screenshot(page, 'select-all-en-390', { fullPage: false });
    // Their CVs: the selection goes to the server, which resolves the 300 (these seeded
    // applicants have no CV, so it says there is none to download).
    const [asked] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/applicants/offer_cv')),
      (async () => {
        await bar.getByRole('button', { name: 'Download CVs' }).click();
        await page.getByRole('menuitem', { name: 'ZIP archive' }).click();
      })(),
    ]);
    const body = asked.request().postDataJSON() as { selection: { all: { count: number; offer_id: number } } };
    assert.equal(body.selection.all.count, 300);
    assert.equal(body.selection.all.offer_id, offer.offerId);
    assert.equal(asked.status(), 422);
    await page.getByText('There is no CV to download for this selection.').waitFor();
    await context.close();
  });

  it('prepares the CVs of more than 500 as one ZIP in a job, then downloads it (a phone, in English)', async () => {
    const offer = await seedBigOfferFor(app.dataDir, 'admin@demo.test', 520, { 1: 1 });
    // Every 26th has no CV: 500 of the 520 go in.
    assert.equal(await giveCvsFor(app.dataDir, offer.offerId, 26), 500);
    const { context, page } = await app.newPage('en-GB', { viewport: { width: 390, height: 844 }, acceptDownloads: true });
    await signIn(page, 'admin@demo.test');
    await page.goto(`/projects/${offer.projectId}/offer/${offer.offerId}?view=list`);
    await page.getByRole('table').getByRole('row').nth(1).waitFor();
    await page.getByRole('checkbox', { name: 'Select every application on the page' }).check();
    const bar = page.getByRole('toolbar', { name: 'Actions on the selection' });
    await bar.getByRole('button', { name: 'Select all 520 applications that match' }).click();
    await bar.getByRole('button', { name: 'Download CVs' }).click();
    assert.equal(await page.getByRole('menuitem', { name: 'One PDF: 500 CVs at most' }).getAttribute('aria-disabled'), 'true');
    await screenshot(page, 'cv-bundle-menu-en-390', { fullPage: false });
    const [queued] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/applicants/offer_cv')),
      page.getByRole('menuitem', { name: 'Prepare the 520 CVs (ZIP)' }).click(),
    ]);
    assert.equal(queued.status(), 202);
    const dialog = page.getByRole('dialog', { name: 'The CVs of 520 applications' });
    // While it runs the dialog says it may be closed: a notification tells when the ZIP is ready.
    await dialog.getByText(/You can close this window: a notification will tell you when it is ready\./).waitFor();
    const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    assert.equal(wide, false, 'no sideways scroll at 390 px');
    await screenshot(page, 'cv-bundle-en-390', { fullPage: false });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The bell rises once the job has stored the ZIP; its notification opens the bundle's page.
    const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await bell.waitFor({ timeout: 60_000 });
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    const told = panel.getByRole('link', { name: 'Your ZIP of 500 CVs is ready' });
    await told.click();
    await page.waitForURL(/\/downloads\/cv-bundles\/\d+$/);
    const bundleUrl = page.url();
    await page.getByRole('heading', { level: 1, name: 'The CVs of 520 applications' }).waitFor();
    await page.getByText('500 CVs in the ZIP.').waitFor();
    await page.getByText('20: no CV').waitFor();
    const download = page.getByRole('button', { name: 'Download the ZIP' });
    assert.deepEqual(await seriousViolations(page), []);
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    assert.match(file.suggestedFilename(), /^cv-\d{4}-\d\d-\d\d\.zip$/);
    const zip = readFileSync(await file.path());
    assert.equal(zip.subarray(0, 2).toString(), 'PK');
    // 500 entries, as the ZIP's end of central directory counts them.
    const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    assert.equal(zip.readUInt16LE(end + 10), 500);
    await context.close();

    // The same page on a phone in French (the link of the e-mail, too).
    const fr = await app.newPage('fr-FR', { viewport: { width: 390, height: 844 } });
    await signIn(fr.page, 'admin@demo.test');
    await fr.page.goto(bundleUrl);
    await fr.page.getByRole('heading', { level: 1, name: 'Les CV de 520 candidatures' }).waitFor();
    await fr.page.getByRole('button', { name: 'Télécharger le ZIP' }).waitFor();
    const wideFr = await fr.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    assert.equal(wideFr, false, 'no sideways scroll at 390 px');
    await screenshot(fr.page, 'cv-bundle-page-fr-390', { fullPage: false });
    await fr.context.close();
  });
});
