import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { signIn, useApp } from '../support/app.ts';
import { horizontalOverflow, screenshot, seriousViolations } from '../support/browser.ts';
import { label } from '../support/labels.ts';

const app = useApp();

type Mail = { to: string; subject: string; text: string; html: string | null };
type Target = { applicantId: number; name: string };

/** The outside address the applicant is sent to, and the name its reader signs with. */
const OUTSIDER = 'evaluation@cabinet-conseil.example';
const OUTSIDER_NAME = 'Jordan Partner';
const PUBLIC_TEXT = 'Bon échange téléphonique, profil à présenter au client.';
const PRIVATE_TEXT = 'Prétentions salariales trop hautes, à garder pour nous.';
const OUTSIDER_TEXT = 'Strong profile: we would like to meet her next week.';

/** Waits for relative times and the PDF to settle so screenshots and axe see a quiet page. */
const settle = (page: Page) => page.waitForTimeout(400);

/** A demo applicant of the signed-in company with a CV and an application on an offer, found through the API. */
async function findTarget(page: Page): Promise<Target> {
  // No helper functions inside: the page runs this code as it is.
  const found = await page.evaluate(async () => {
    const list = (await (await fetch('/api/applicants?per_page=20')).json()) as { data: { id: number; firstname: string; lastname: string }[] };
    for (const item of list.data) {
      const detail = (await (await fetch(`/api/applicants/${item.id}/detail`)).json()) as { cv: unknown };
      const overview = (await (await fetch(`/api/applicants/${item.id}/applications-overview`)).json()) as { offer_id: number | null }[];
      const application = overview.find((a) => a.offer_id !== null);
      if (detail.cv && application) return { applicantId: item.id, name: `${item.firstname} ${item.lastname}` };
    }
    return null;
  });
  assert.ok(found, 'the demo data has an applicant with a CV and an application on an offer');
  return found;
}

/** The shared page at 1366 then 390 px (no sideways scroll), checked by axe, screenshots of both. */
async function shots(page: Page, name: string) {
  await page.locator('.textLayer span').first().waitFor();
  await settle(page);
  assert.deepEqual(await seriousViolations(page), []);
  await screenshot(page, `${name}-1366`);
  await page.setViewportSize({ width: 390, height: 844 });
  await settle(page);
  const overflow = await horizontalOverflow(page);
  assert.equal(overflow.overflow, 0, JSON.stringify(overflow));
  // Opened on a phone: the PDF page fits the narrow viewer from the start.
  await page.reload();
  await page.locator('.textLayer span').first().waitFor();
  await settle(page);
  await screenshot(page, `${name}-390`);
  await page.setViewportSize({ width: 1366, height: 900 });
}

describe('shared link', () => {
  it('opens an applicant sent to an outside address without an account, in its language, and takes an outsider’s comment', async () => {
    const { context, page } = await app.newPage();
    await signIn(page, 'recruiter@demo.test');
    await page.waitForURL(`${app.url}/`);
    const target = await findTarget(page);
    const fr = (key: string) => label('fr', key);
    const en = (key: string) => label('en', key);

    // A public comment written on the applicant's screen, and a private one beside it. (No
    // application in focus: the feed is the applicant's whole, as the link without an offer opens it.)
    await page.goto(`/applicants/${target.applicantId}`);
    const panel = page.locator('section', { has: page.getByRole('heading', { level: 2, name: fr('activityFeed:title') }) });
    const composer = panel.getByRole('form', { name: fr('activityFeed:composer.label') });
    await composer.getByRole('textbox', { name: fr('activityFeed:composer.label') }).fill(PUBLIC_TEXT);
    const [posted] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/activity-feed?') && r.request().method() === 'POST'),
      composer.getByRole('button', { name: fr('activityFeed:composer.send') }).click(),
    ]);
    assert.equal(posted.status(), 201);
    const secret = await page.evaluate(
      async ({ applicantId, text }) => {
        const body = new FormData();
        body.append('text', text);
        body.append('is_private[self]', '1');
        return (await fetch(`/api/activity-feed?applicant_id=${applicantId}`, { method: 'POST', body })).status;
      },
      { applicantId: target.applicantId, text: PRIVATE_TEXT },
    );
    assert.equal(secret, 201);

    // The transfer, through the API: a link opening the profile, the CV and the feed.
    const transfer = await page.evaluate(
      async ({ applicantId, to }) => {
        const response = await fetch('/api/applicants/transfer', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            applicant_ids: [applicantId],
            to,
            subject: 'Profil pour votre avis',
            message: 'Bonjour, votre avis sur ce profil ?',
            access: { share: true, sections: ['profile', 'cv', 'feed'], expires_in_days: 30 },
          }),
        });
        return { status: response.status, body: (await response.json()) as { mails: number; shares: { sections: string[] }[] } };
      },
      { applicantId: target.applicantId, to: OUTSIDER },
    );
    assert.equal(transfer.status, 200, JSON.stringify(transfer.body));
    assert.deepEqual(transfer.body.shares[0]?.sections, ['profile', 'cv', 'feed']);

    // The link, from the development outbox (an administrator's view).
    const admin = await app.newPage();
    await signIn(admin.page, 'admin@demo.test');
    await admin.page.waitForURL(`${app.url}/`);
    const outbox = (await (await admin.page.request.get('/api/dev/mail-outbox')).json()) as Mail[];
    const mail = outbox.find((m) => m.to === OUTSIDER);
    assert.ok(mail, 'the transfer e-mail is in the outbox');
    const link = /https?:\/\/\S+?(\/shared\/[\w-]+\/applicant)\b/.exec(mail.text);
    assert.ok(link?.[1], `the e-mail holds a /shared/<token>/applicant link: ${mail.text}`);
    const path = link[1];
    await admin.context.close();

    // A fresh browser (no cookies) in English: the page speaks the browser's language.
    const outsider = await app.newPage('en-US');
    const view = outsider.page;
    await view.goto(path);
    await view.getByRole('heading', { level: 1, name: target.name }).waitFor();
    await view.getByText(label('en', 'shared:view.kind.applicant'), { exact: true }).waitFor();
    await view.getByText(/^Shared by .+ \(Groupe Valmont\)$/).waitFor();
    await view.getByText(/^Link valid until /).waitFor();
    for (const heading of [en('shared:view.profile.title'), en('applicant:cv.title'), en('shared:view.feed.title')]) {
      await view.getByRole('heading', { level: 2, name: heading }).waitFor();
    }
    for (const hidden of [en('shared:view.documents.title'), en('shared:view.motivation.title'), en('shared:view.application.title')]) {
      assert.equal(await view.getByRole('heading', { level: 2, name: hidden }).count(), 0, `${hidden} is not exposed`);
    }
    await view.getByRole('region', { name: `CV of ${target.name}` }).waitFor();
    const feed = view.getByRole('feed', { name: en('shared:view.feed.title') });
    await feed.getByText(PUBLIC_TEXT).waitFor();
    assert.equal(await view.getByText(PRIVATE_TEXT).count(), 0, 'a private comment never reaches the link');
    // Nobody's comment but one's own can be deleted.
    assert.equal(await feed.getByRole('button', { name: en('shared:view.feed.delete') }).count(), 0);

    // Posting without a name is refused in the page, then posted under the name given.
    const form = view.getByRole('form', { name: en('shared:view.feed.form') });
    await form.getByRole('textbox', { name: new RegExp(`^${en('shared:view.feed.text')}`) }).fill(OUTSIDER_TEXT);
    await form.getByRole('button', { name: en('shared:view.feed.send') }).click();
    await form.getByText(label('en', 'errors:field_required')).waitFor();
    await form.getByRole('textbox', { name: new RegExp(`^${en('shared:view.feed.name')}`) }).fill(OUTSIDER_NAME);
    const [sent] = await Promise.all([
      view.waitForResponse((r) => /\/api\/shared\/[\w-]+\/applicant\/activity-feed$/.test(r.url()) && r.request().method() === 'POST'),
      form.getByRole('button', { name: en('shared:view.feed.send') }).click(),
    ]);
    assert.equal(sent.status(), 201);
    await view.getByText(en('shared:view.feed.sent')).waitFor();
    const mine = feed.getByRole('article').filter({ hasText: OUTSIDER_TEXT });
    await mine.getByRole('heading', { level: 3, name: `${OUTSIDER_NAME} (external)` }).waitFor();
    await shots(view, 'shared-link-en');

    // The name is remembered on this device.
    await view.reload();
    assert.equal(await view.getByRole('textbox', { name: new RegExp(`^${en('shared:view.feed.name')}`) }).inputValue(), OUTSIDER_NAME);

    // The same link in French, in another fresh browser.
    const french = await app.newPage('fr-FR');
    await french.page.goto(path);
    await french.page.getByRole('heading', { level: 1, name: target.name }).waitFor();
    await french.page.getByText(/^Partagé par .+ \(Groupe Valmont\)$/).waitFor();
    await french.page.getByRole('feed', { name: fr('shared:view.feed.title') }).getByText(OUTSIDER_TEXT).waitFor();
    await shots(french.page, 'shared-link-fr');
    await french.context.close();

    // Back in the company: the comment is in the applicant's feed, marked as the outsider's.
    await page.reload();
    const thread = panel.getByRole('feed', { name: fr('activityFeed:title') }).getByRole('article').filter({ hasText: OUTSIDER_TEXT });
    await thread.getByRole('heading', { level: 3, name: `${OUTSIDER_NAME} (externe)` }).waitFor();

    // The outsider deletes it, after confirmation.
    await mine.getByRole('button', { name: en('shared:view.feed.delete') }).click();
    const confirm = view.getByRole('alertdialog', { name: en('shared:view.feed.delete_title') });
    const [deleted] = await Promise.all([
      view.waitForResponse((r) => r.url().includes('/delete-comment') && r.request().method() === 'DELETE'),
      confirm.getByRole('button', { name: en('shared:view.feed.delete_confirm') }).click(),
    ]);
    assert.equal(deleted.status(), 204);
    await view.getByText(en('shared:view.feed.deleted')).waitFor();
    await mine.waitFor({ state: 'detached' });

    // A token that opens nothing: the same "no longer valid" page as an expired or revoked one.
    await view.goto('/shared/this-link-does-not-exist-0123456789abcdef/applicant');
    await view.getByRole('heading', { level: 1, name: en('shared:view.invalid.title') }).waitFor();
    await view.getByText(en('shared:view.invalid.subtitle')).waitFor();
    assert.deepEqual(await seriousViolations(view), []);
    await screenshot(view, 'shared-link-invalid-en');
    await outsider.context.close();
    await context.close();
  });
});
