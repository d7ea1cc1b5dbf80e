import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { signIn, useApp } from '../support/app.ts';
import { horizontalOverflow, screenshot, seriousViolations } from '../support/browser.ts';

const app = useApp();

/** A tiny valid one-page PDF, attached to a comment. */
const SMALL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

type Target = { applicantId: number; applicationId: number; offerId: number; projectId: number; mention: { firstname: string; lastname: string } };

/** A demo applicant with an application on an offer, and a colleague the signed-in user can mention. */
async function findTarget(page: Page): Promise<Target> {
  // No helper functions inside: the page runs this code as it is.
  const found = await page.evaluate(async () => {
    const me = (await (await fetch('/api/me')).json()) as { id: number };
    const people = (await (await fetch('/api/users/mentions/nofilter')).json()) as { users: { id: number; firstname: string; lastname: string }[] };
    const mention = people.users.find((u) => u.id !== me.id);
    const list = (await (await fetch('/api/applicants?per_page=20')).json()) as { data: { id: number }[] };
    for (const item of list.data) {
      const overview = (await (await fetch(`/api/applicants/${item.id}/applications-overview`)).json()) as { id: number; offer_id: number | null; project_id: number | null }[];
      const application = overview.find((a) => a.offer_id !== null && a.project_id !== null);
      if (application && mention)
        return { applicantId: item.id, applicationId: application.id, offerId: application.offer_id as number, projectId: application.project_id as number, mention };
    }
    return null;
  });
  assert.ok(found, 'the demo data has an applicant with an application on an offer, and a colleague to mention');
  return found;
}

/** Waits for toasts and relative times to settle so screenshots and axe see a quiet page. */
const settle = (page: Page) => page.waitForTimeout(400);

describe('activity feed', () => {
  it('comments with a mention and a file, replies, edits, deletes; in French and English, at 1366 and 390 px', async () => {
    const { context, page } = await app.newPage();
    await signIn(page, 'recruiter@demo.test');
    await page.waitForURL(`${app.url}/`);
    const target = await findTarget(page);
    const colleague = `${target.mention.firstname} ${target.mention.lastname}`;

    await page.goto(`/applicants/${target.applicantId}?application=${target.applicationId}`);
    const panel = page.locator('section', { has: page.getByRole('heading', { level: 2, name: "Fil d'activité" }) });
    await panel.waitFor();
    const composer = panel.getByRole('form', { name: 'Nouveau commentaire' });
    const text = composer.getByRole('textbox', { name: 'Nouveau commentaire' });

    // Mention with the keyboard: @ and the first letters, the option is active, Enter picks it.
    await text.fill('Point après entretien, ');
    await text.press('End');
    await text.pressSequentially(`@${target.mention.firstname.slice(0, 3)}`);
    const suggestions = composer.getByRole('listbox', { name: 'Personnes et groupes à mentionner' });
    await suggestions.getByRole('option', { name: new RegExp(colleague) }).waitFor();
    // Moves down to the colleague if another person comes first.
    for (let i = 0; i < 20; i++) {
      const active = suggestions.locator('[aria-selected="true"]');
      if (((await active.textContent()) ?? '').startsWith(colleague)) break;
      await text.press('ArrowDown');
    }
    assert.deepEqual(await seriousViolations(page), []);
    await text.press('Enter');
    assert.equal(await text.inputValue(), `Point après entretien, @${colleague} `);
    await text.pressSequentially('peux-tu valider ?');

    // A file, through the attach button's file input.
    await composer.getByLabel('Joindre des fichiers').setInputFiles({ name: 'compte-rendu.pdf', mimeType: 'application/pdf', buffer: SMALL_PDF });
    await composer.getByRole('list', { name: 'Fichiers à envoyer' }).getByText('compte-rendu.pdf').waitFor();
    const [posted] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/activity-feed?') && r.request().method() === 'POST'),
      composer.getByRole('button', { name: 'Envoyer' }).click(),
    ]);
    assert.equal(posted.status(), 201);
    const entry = (await posted.json()) as { id: number; mentions: { users: { firstname: string }[] }; files: { filename: string }[]; offer_id: number };
    assert.equal(entry.mentions.users[0]?.firstname, target.mention.firstname);
    assert.equal(entry.files[0]?.filename, 'compte-rendu.pdf');
    assert.equal(entry.offer_id, target.offerId);

    const feed = panel.getByRole('feed', { name: "Fil d'activité" });
    const thread = feed.getByRole('article').filter({ hasText: 'peux-tu valider ?' }).first();
    await thread.getByText(`@${colleague}`, { exact: true }).waitFor();
    await thread.getByText("à l'instant").first().waitFor();
    // The attached file downloads under its own name.
    const [download] = await Promise.all([page.waitForEvent('download'), thread.getByRole('link', { name: 'compte-rendu.pdf' }).click()]);
    assert.equal(download.suggestedFilename(), 'compte-rendu.pdf');

    // A reply under the thread.
    await thread.getByRole('button', { name: 'Répondre' }).first().click();
    const replyForm = thread.getByRole('form', { name: 'Votre réponse' });
    await replyForm.getByRole('textbox', { name: 'Votre réponse' }).fill('Validé de mon côté.');
    const [replied] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/activity-feed?') && r.request().method() === 'POST'),
      replyForm.getByRole('button', { name: 'Répondre' }).click(),
    ]);
    assert.equal(replied.status(), 201);
    const replies = thread.getByRole('list', { name: 'Réponses' });
    await replies.getByText('Validé de mon côté.').waitFor();

    // Edit the reply in place.
    const reply = replies.getByRole('article').filter({ hasText: 'Validé de mon côté.' });
    await reply.getByRole('button', { name: 'Modifier' }).click();
    // While it is edited the text is in the text box, not in the article's text: find the form from the list.
    const editForm = replies.getByRole('form', { name: 'Modifier le commentaire' });
    await editForm.getByRole('textbox').fill('Validé de mon côté, entretien le 12.');
    const [edited] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/activity-feed?') && r.request().method() === 'POST'),
      editForm.getByRole('button', { name: 'Enregistrer' }).click(),
    ]);
    assert.equal(edited.status(), 200);
    await replies.getByText('Validé de mon côté, entretien le 12.').waitFor();
    await replies.getByText('(modifié)').waitFor();

    // The privacy picker, checked by axe while open.
    await composer.getByRole('button', { name: 'Visible par : Public' }).click();
    const privacy = page.getByRole('dialog', { name: 'Qui peut voir ce commentaire ?' });
    await privacy.getByRole('radio', { name: 'Personnes et filiales choisies' }).check();
    await privacy.getByRole('checkbox').first().waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    await privacy.getByRole('button', { name: 'Annuler' }).click();

    await settle(page);
    await thread.scrollIntoViewIfNeeded();
    await screenshot(page, 'activity-feed-fr-1366', { fullPage: false });
    await page.setViewportSize({ width: 390, height: 844 });
    await settle(page);
    assert.equal((await horizontalOverflow(page)).overflow, 0, JSON.stringify(await horizontalOverflow(page)));
    // On a phone the applicant's sections are tabs (issue 35 item 4): the feed is one tap away.
    await page.getByRole('tablist', { name: 'Sections de la fiche' }).getByRole('tab', { name: 'Activité' }).click();
    await thread.scrollIntoViewIfNeeded();
    await screenshot(page, 'activity-feed-fr-390', { fullPage: false });
    await page.setViewportSize({ width: 1366, height: 900 });

    // The offer's feed, in English: the comment shows there too, on the offer screen's tab.
    // Another account (the interface follows the account's saved language): the administrator, in English.
    const english = await app.newPage('en-US');
    await signIn(english.page, 'admin@demo.test');
    await english.page.waitForURL(`${app.url}/`);
    await english.page.evaluate(async () => {
      const saved = await fetch('/api/user_profile/language', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ language: 'en' }) });
      if (!saved.ok) throw new Error(`language not saved: ${saved.status}`);
      localStorage.setItem('i18nextLng', 'en');
    });
    await english.page.goto(`/projects/${target.projectId}/offer/${target.offerId}`);
    await english.page.getByRole('tab', { name: 'Activity' }).click();
    await english.page.waitForURL(/tab=activity/);
    const englishFeed = english.page.getByRole('feed', { name: 'Activity feed' });
    const englishThread = englishFeed.getByRole('article').filter({ hasText: 'peux-tu valider ?' }).first();
    await englishThread.waitFor();
    await englishThread.getByText('(edited)').waitFor();
    // Category filter in the URL.
    await english.page.getByRole('group', { name: 'Categories' }).getByRole('button', { name: /^Comments/ }).click();
    await english.page.waitForURL(/feed_category=comments/);
    await englishThread.waitFor();
    await settle(english.page);
    assert.deepEqual(await seriousViolations(english.page), []);
    await screenshot(english.page, 'activity-feed-en-1366', { fullPage: false });
    await english.page.setViewportSize({ width: 390, height: 844 });
    await settle(english.page);
    assert.equal((await horizontalOverflow(english.page)).overflow, 0, JSON.stringify(await horizontalOverflow(english.page)));
    await englishThread.scrollIntoViewIfNeeded();
    await screenshot(english.page, 'activity-feed-en-390', { fullPage: false });
    await english.context.close();

    // Deletion by the author, after confirmation.
    await replies.getByRole('article').filter({ hasText: 'entretien le 12.' }).getByRole('button', { name: 'Supprimer' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Supprimer ce commentaire ?' });
    const [deleted] = await Promise.all([
      page.waitForResponse((r) => /\/api\/activity-feed\/\d+$/.test(r.url()) && r.request().method() === 'DELETE'),
      confirm.getByRole('button', { name: 'Supprimer' }).click(),
    ]);
    assert.equal(deleted.status(), 204);
    await replies.waitFor({ state: 'detached' });
    await context.close();
  });
});
