import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { signIn, useApp } from '../support/app.ts';
import { horizontalOverflow, screenshot, seriousViolations } from '../support/browser.ts';
import { label } from '../support/labels.ts';

const app = useApp();

type Mail = { to: string; subject: string; text: string; html: string | null };
type Target = { applicantId: number; name: string; offerId: number; projectId: number; jobPosition: string };

/** An address outside the company, as a transfer sends to. */
const OUTSIDER = 'jury@cabinet-partenaire.example';

/** Waits for toasts to settle so screenshots and axe see a quiet page. */
const settle = (page: Page) => page.waitForTimeout(400);

/** A demo applicant of the signed-in company with an application on an offer that has others, found through the API. */
async function findTarget(page: Page): Promise<Target> {
  // No helper functions inside: the page runs this code as it is.
  const found = await page.evaluate(async () => {
    const list = (await (await fetch('/api/applicants?per_page=20')).json()) as { data: { id: number; firstname: string; lastname: string }[] };
    for (const item of list.data) {
      const overview = (await (await fetch(`/api/applicants/${item.id}/applications-overview`)).json()) as {
        offer_id: number | null;
        project_id: number | null;
        job_position: string | null;
      }[];
      const application = overview.find((a) => a.offer_id !== null && a.project_id !== null);
      if (!application) continue;
      // An offer with other applicants too, for the list's batch transfer.
      const all = (await (await fetch(`/api/projects/${application.project_id}/offers/${application.offer_id}/applications`)).json()) as unknown[];
      if (all.length >= 2)
        return {
          applicantId: item.id,
          name: `${item.firstname} ${item.lastname}`,
          offerId: application.offer_id as number,
          projectId: application.project_id as number,
          jobPosition: application.job_position ?? '',
        };
    }
    return null;
  });
  assert.ok(found, 'the demo data has an applicant with an application on an offer that has others');
  return found;
}

/** The open transfer dialog, in `language`. */
async function openTransfer(page: Page, language: string): Promise<Locator> {
  await page.getByRole('button', { name: label(language, 'applicant:transfer.open'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: label(language, 'applicant:transfer.title') });
  await dialog.waitFor();
  return dialog;
}

/** Screenshots of the open dialog at 1366 and 390 px; at 390 the page must not scroll sideways. */
async function dialogShots(page: Page, dialog: Locator, name: string) {
  await settle(page);
  assert.deepEqual(await seriousViolations(page), []);
  await screenshot(page, `${name}-1366`, { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await settle(page);
  const overflow = await horizontalOverflow(page);
  assert.equal(overflow.overflow, 0, JSON.stringify(overflow));
  const box = await dialog.boundingBox();
  assert.ok(box && box.x >= 0 && box.x + box.width <= 390, `the dialog fits in 390 px: ${JSON.stringify(box)}`);
  await screenshot(page, `${name}-390`, { fullPage: false });
  // The rest of the dialog, scrolled to its end.
  await dialog.evaluate((node) => node.scrollTo(0, node.scrollHeight));
  await screenshot(page, `${name}-390-end`, { fullPage: false });
  await dialog.evaluate((node) => node.scrollTo(0, 0));
  await page.setViewportSize({ width: 1366, height: 900 });
}

describe('transfer by e-mail and shared links', () => {
  it('sends an applicant with a link to an outside address, lists the link, and revokes a link made on demand', async () => {
    const { context, page } = await app.newPage();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    await signIn(page, 'recruiter@demo.test');
    await page.waitForURL(`${app.url}/`);
    const target = await findTarget(page);
    const fr = (key: string) => label('fr', key);

    await page.goto(`/applicants/${target.applicantId}`);
    await page.getByRole('heading', { level: 1, name: target.name }).waitFor();
    const dialog = await openTransfer(page, 'fr');
    const subject = dialog.getByRole('textbox', { name: new RegExp(`^${fr('applicant:transfer.subject')}`) });
    assert.equal(await subject.inputValue(), `Profil de ${target.name}`);

    // A wrong address is refused in the browser, with the errors namespace's message.
    const to = dialog.getByRole('textbox', { name: new RegExp(`^${fr('applicant:transfer.to')}`) });
    await to.fill(`${OUTSIDER}; pas-une-adresse`);
    await dialog.getByRole('button', { name: fr('applicant:transfer.submit'), exact: true }).click();
    await dialog.getByText(label('fr', 'errors:invalid_email')).waitFor();

    await to.fill(OUTSIDER);
    await dialog.getByRole('button', { name: fr('applicant:transfer.add_copies') }).click();
    await dialog.getByRole('textbox', { name: fr('applicant:transfer.cc') }).waitFor();
    await dialog.getByRole('textbox', { name: fr('applicant:transfer.message') }).fill('Bonjour, voici le profil dont nous avons parlé. Vos remarques sont les bienvenues dans le fil.');
    await dialog.getByRole('checkbox', { name: fr('applicant:share_sections.feed') }).check();
    await dialog.getByRole('checkbox', { name: fr('applicant:share_sections.documents') }).check();
    await dialogShots(page, dialog, 'transfer-dialog-fr');

    const [sent] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/applicants/transfer') && r.request().method() === 'POST'),
      dialog.getByRole('button', { name: fr('applicant:transfer.submit'), exact: true }).click(),
    ]);
    assert.equal(sent.status(), 200);
    const result = (await sent.json()) as { mails: number; shares: { id: number; sections: string[]; recipients: string[] }[] };
    assert.equal(result.mails, 1);
    assert.deepEqual(result.shares[0]?.sections, ['profile', 'cv', 'documents', 'motivation', 'feed']);
    assert.deepEqual(result.shares[0]?.recipients, [OUTSIDER]);
    await page.getByText("1 e-mail mis en file d'envoi.").waitFor();
    await dialog.waitFor({ state: 'detached' });

    // The applicant's shares list shows the link sent, with the feed among what it opens.
    const shares = page.getByRole('list', { name: fr('applicant:shares.list') });
    const sentShare = shares.getByRole('listitem').filter({ hasText: `Envoyé à ${OUTSIDER}` });
    await sentShare.waitFor();
    await sentShare.getByText(fr('applicant:share_sections.feed')).waitFor();

    // The e-mail, read from the development outbox (an administrator's view), carries the link.
    const admin = await app.newPage();
    await signIn(admin.page, 'admin@demo.test');
    await admin.page.waitForURL(`${app.url}/`);
    const outbox = (await (await admin.page.request.get('/api/dev/mail-outbox')).json()) as Mail[];
    const mail = outbox.find((m) => m.to === OUTSIDER);
    assert.ok(mail, 'the transfer e-mail is in the outbox');
    assert.equal(mail.subject, `Profil de ${target.name}`);
    assert.match(mail.text, /Vos remarques sont les bienvenues/);
    const link = /https?:\/\/\S+\/shared\/([\w-]+)\/applicant/.exec(mail.text);
    assert.ok(link, `the e-mail holds a /shared/<token> link: ${mail.text}`);
    assert.match(mail.html ?? '', new RegExp(`href="[^"]*/shared/${link[1]}/applicant"`));
    await admin.context.close();

    // The link opens without a session and exposes the feed.
    const visitor = await app.newPage();
    const info = await visitor.page.request.get(`/api/shared/${link[1]}`);
    assert.equal(info.status(), 200);
    assert.ok(((await info.json()) as { sections: string[] }).sections.includes('feed'));

    // A link made on demand: its address shows once, with a copy button.
    await page.getByRole('button', { name: fr('applicant:share_link.open'), exact: true }).click();
    const linkDialog = page.getByRole('dialog', { name: fr('applicant:share_link.title') });
    await linkDialog.getByRole('checkbox', { name: fr('applicant:share_sections.motivation') }).uncheck();
    const [created] = await Promise.all([
      page.waitForResponse((r) => /\/api\/(applicants|applications)\/\d+\/shares$/.test(r.url()) && r.request().method() === 'POST'),
      linkDialog.getByRole('button', { name: fr('applicant:share_link.submit') }).click(),
    ]);
    assert.equal(created.status(), 201);
    const createdShare = (await created.json()) as { id: number; url: string; token: string };
    const done = page.getByRole('dialog', { name: fr('applicant:share_link.created_title') });
    const address = done.getByRole('textbox', { name: fr('applicant:share_link.url') });
    assert.equal(await address.inputValue(), createdShare.url);
    assert.match(createdShare.url, /\/shared\/[\w-]+\/(applicant|application)$/);
    await done.getByRole('button', { name: fr('applicant:share_link.copy') }).click();
    await done.getByRole('button', { name: label('fr', 'common:copied') }).waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), createdShare.url);
    await settle(page);
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'share-link-created-fr-1366', { fullPage: false });
    await page.setViewportSize({ width: 390, height: 844 });
    await settle(page);
    assert.equal((await horizontalOverflow(page)).overflow, 0, JSON.stringify(await horizontalOverflow(page)));
    await screenshot(page, 'share-link-created-fr-390', { fullPage: false });
    await page.setViewportSize({ width: 1366, height: 900 });
    await done.getByRole('button', { name: fr('applicant:share_link.done') }).click();

    // Revoked after confirmation: the link stops working and leaves the list.
    const onDemand = shares.getByRole('listitem').filter({ hasText: fr('applicant:shares.on_demand') });
    await onDemand.waitFor();
    await screenshot(page, 'applicant-shares-fr');
    await onDemand.getByRole('button', { name: new RegExp(`^${fr('applicant:shares.revoke')}`) }).click();
    const confirm = page.getByRole('alertdialog', { name: fr('applicant:shares.revoke_title') });
    const [revoked] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith(`/shares/${createdShare.id}`) && r.request().method() === 'DELETE'),
      confirm.getByRole('button', { name: fr('applicant:shares.revoke') }).click(),
    ]);
    assert.equal(revoked.status(), 204);
    await page.getByText(fr('applicant:shares.revoked')).waitFor();
    await onDemand.waitFor({ state: 'detached' });
    await sentShare.waitFor();
    assert.equal((await visitor.page.request.get(`/api/shared/${createdShare.token}`)).status(), 404);
    assert.equal((await visitor.page.request.get(`/api/shared/${link[1]}`)).status(), 200);
    await visitor.context.close();
    await context.close();
  });

  it("transfers applications from the offer's board card and from the list's batch bar", async () => {
    const { context, page } = await app.newPage();
    await signIn(page, 'recruiter@demo.test');
    await page.waitForURL(`${app.url}/`);
    const target = await findTarget(page);
    const fr = (key: string) => label('fr', key);

    // The board has no selection: each card has its own transfer button.
    await page.goto(`/projects/${target.projectId}/offer/${target.offerId}?view=board`);
    const card = page.getByRole('button', { name: `Transférer ${target.name} par e-mail` });
    await card.waitFor();
    await settle(page);
    await screenshot(page, 'transfer-board-fr', { fullPage: false });
    await card.click();
    const dialog = page.getByRole('dialog', { name: fr('applicant:transfer.title') });
    const subject = dialog.getByRole('textbox', { name: new RegExp(`^${fr('applicant:transfer.subject')}`) });
    assert.equal(await subject.inputValue(), `Candidature de ${target.name} – ${target.jobPosition}`);
    assert.equal(await dialog.getByRole('radio').count(), 0);
    await dialog.getByRole('textbox', { name: new RegExp(`^${fr('applicant:transfer.to')}`) }).fill(OUTSIDER);
    const [sent] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/applications/transfer') && r.request().method() === 'POST'),
      dialog.getByRole('button', { name: fr('applicant:transfer.submit'), exact: true }).click(),
    ]);
    assert.equal(sent.status(), 200);
    assert.equal(((await sent.json()) as { mails: number }).mails, 1);
    await dialog.waitFor({ state: 'detached' });

    // The list: two applications selected, one e-mail each.
    await page.getByRole('button', { name: label('fr', 'application:views.list'), exact: true }).click();
    const boxes = page.getByRole('checkbox', { name: /^Sélectionner la candidature de / });
    await boxes.first().waitFor();
    assert.ok((await boxes.count()) >= 2, 'the offer has two applications');
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    const toolbar = page.getByRole('toolbar', { name: fr('application:batch.toolbar') });
    await toolbar.getByRole('button', { name: fr('application:batch.transfer') }).click();
    await dialog.waitFor();
    await dialog.getByRole('radio', { name: 'Un e-mail par candidature (2 e-mails)' }).check();
    await dialog.getByRole('textbox', { name: new RegExp(`^${fr('applicant:transfer.to')}`) }).fill(OUTSIDER);
    await dialogShots(page, dialog, 'transfer-applications-fr');
    const [batch] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/applications/transfer') && r.request().method() === 'POST'),
      dialog.getByRole('button', { name: fr('applicant:transfer.submit'), exact: true }).click(),
    ]);
    assert.equal(batch.status(), 200);
    assert.equal(((await batch.json()) as { mails: number }).mails, 2);
    await page.getByText("2 e-mails mis en file d'envoi.").waitFor();
    await toolbar.waitFor({ state: 'detached' });
    await context.close();
  });

  it('shows the transfer dialog in English at 1366 and 390 px', async () => {
    const { context, page } = await app.newPage('en-US');
    await signIn(page, 'admin@demo.test');
    await page.waitForURL(`${app.url}/`);
    await page.evaluate(async () => {
      const saved = await fetch('/api/user_profile/language', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ language: 'en' }) });
      if (!saved.ok) throw new Error(`language not saved: ${saved.status}`);
      localStorage.setItem('i18nextLng', 'en');
    });
    const target = await findTarget(page);
    await page.goto(`/applicants/${target.applicantId}`);
    await page.getByRole('heading', { level: 1, name: target.name }).waitFor();
    const dialog = await openTransfer(page, 'en');
    assert.equal(await dialog.getByRole('textbox', { name: /^Subject/ }).inputValue(), `Profile of ${target.name}`);
    // Nothing filled in: the required messages show, in English.
    await dialog.getByRole('button', { name: label('en', 'applicant:transfer.submit'), exact: true }).click();
    await dialog.getByText(label('en', 'errors:field_required')).first().waitFor();
    await dialogShots(page, dialog, 'transfer-dialog-en');
    await context.close();
  });
});
