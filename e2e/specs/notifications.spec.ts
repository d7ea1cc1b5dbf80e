import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { signIn, useApp } from '../support/app.ts';
import { horizontalOverflow, screenshot, seriousViolations } from '../support/browser.ts';
import { label } from '../support/labels.ts';

const app = useApp();

/** An applicant the recruiter sees, and admin@demo.test's id (the colleague to mention). */
async function findTarget(page: Page): Promise<{ applicantId: number; colleague: number }> {
  // No helper functions inside: the page runs this code as it is.
  const found = await page.evaluate(async () => {
    const people = (await (await fetch('/api/users/mentions/nofilter')).json()) as { users: { id: number; email?: string; firstname: string }[] };
    const admin = people.users.find((u) => u.firstname === 'Camille');
    const list = (await (await fetch('/api/applicants?per_page=5')).json()) as { data: { id: number }[] };
    return admin && list.data[0] ? { applicantId: list.data[0].id, colleague: admin.id } : null;
  });
  assert.ok(found, 'the recruiter sees an applicant and can mention Camille Durand (admin@demo.test)');
  return found;
}

/** Signs in and waits for the home page with its live stream open. */
async function signInLive(page: Page, email: string) {
  const stream = page.waitForResponse((r) => r.url().includes('/.well-known/mercure'), { timeout: 20_000 });
  await signIn(page, email);
  await page.waitForURL(`${app.url}/`);
  const response = await stream;
  assert.equal(response.status(), 200, 'the hub accepts the subscription token');
}

const settle = (page: Page) => page.waitForTimeout(500);

describe('notifications', () => {
  it('a mention reaches the mentioned colleague live, whose notification opens the comment', async () => {
    const b = await app.newPage();
    await signInLive(b.page, 'admin@demo.test');
    // Start from nothing unread.
    await b.page.evaluate(() => fetch('/api/notifications/delete-all', { method: 'DELETE' }));
    await b.page.reload();
    const bell = b.page.getByRole('button', { name: label('fr', 'notifications:bell'), exact: true });
    await bell.waitFor();
    await b.page.waitForResponse((r) => r.url().includes('/.well-known/mercure'), { timeout: 20_000 }).catch(() => undefined);
    await b.page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });

    const a = await app.newPage();
    await signIn(a.page, 'recruiter@demo.test');
    await a.page.waitForURL(`${app.url}/`);
    const target = await findTarget(a.page);
    const text = `Peux-tu regarder ce profil ? ${Date.now()}`;
    const status = await a.page.evaluate(
      async ({ applicantId, colleague, text }) => {
        const body = new FormData();
        body.append('text', `@Camille Durand ${text}`);
        body.append('mentions[users][0]', String(colleague));
        body.append('source', 'applicant');
        const res = await fetch(`/api/activity-feed?applicant_id=${applicantId}`, { method: 'POST', body });
        return res.status;
      },
      { ...target, text },
    );
    assert.equal(status, 201);

    // B's bell rises without a reload, and a toast links to the comment's screen.
    const risen = b.page.getByRole('button', { name: /^Notifications, 1 non lue$/ });
    await risen.waitFor({ timeout: 15_000 });
    assert.equal(await b.page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded), true);
    const toastLink = b.page.getByRole('link', { name: /vous a mentionné dans un commentaire/ }).first();
    await toastLink.waitFor();

    await risen.click();
    const panel = b.page.getByRole('dialog', { name: label('fr', 'notifications:title') });
    await panel.waitFor();
    const item = panel.getByRole('link', { name: /Julien .* vous a mentionné dans un commentaire sur / });
    await item.waitFor();
    await settle(b.page);
    assert.deepEqual(await seriousViolations(b.page), []);
    await screenshot(b.page, 'notifications-live-mention-fr-1366', { fullPage: false });
    await item.click();
    await b.page.waitForURL(`${app.url}/applicants/${target.applicantId}`);
    await b.page.getByText(text).waitFor();
    // Opening it read it.
    await b.page.getByRole('button', { name: label('fr', 'notifications:bell'), exact: true }).waitFor();
    await b.context.close();
    await a.context.close();
  });

  it('shows the open panel in French and English at 1366 and 390 px without sideways scroll', async () => {
    for (const [language, locale] of [['fr', 'fr-FR'], ['en', 'en-US']] as const) {
      for (const width of [1366, 390]) {
        const { context, page } = await app.newPage(locale, { viewport: { width, height: width === 390 ? 844 : 900 } });
        await signIn(page, 'admin@demo.test');
        await page.waitForURL(`${app.url}/`);
        // The interface follows the account's saved language: save this one, then reload.
        await page.evaluate(async (lng) => {
          const saved = await fetch('/api/user_profile/language', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ language: lng }) });
          if (!saved.ok) throw new Error(`language not saved: ${saved.status}`);
          localStorage.setItem('i18nextLng', lng);
        }, language);
        await page.reload();
        const bell = page.getByRole('button', { name: new RegExp(`^${label(language, 'notifications:bell')}`) });
        await bell.click();
        const panel = page.getByRole('dialog', { name: label(language, 'notifications:title') });
        await panel.waitFor();
        await panel.getByRole('tab', { name: label(language, 'notifications:all') }).click();
        await panel.getByRole('listitem').first().waitFor();
        await settle(page);
        const overflow = await horizontalOverflow(page);
        assert.equal(overflow.overflow, 0, `sideways scroll at ${width}px: ${JSON.stringify(overflow)}`);
        await screenshot(page, `notifications-panel-${language}-${width}`, { fullPage: false });
        await context.close();
      }
    }
  });
});
