import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { signIn, useApp } from '../support/app.ts';
import { screenshot, seriousViolations } from '../support/browser.ts';
import { label } from '../support/labels.ts';

const app = useApp();

type Found = { manager: number; outside: number; inside: number };

/** As admin@demo.test: the scoped manager's id, an applicant out of their projects and one in them. */
async function findApplicants(page: Page): Promise<Found> {
  // No helper functions inside: the page runs this code as it is.
  const found = await page.evaluate(async () => {
    const list = (await (await fetch('/api/applicants?per_page=50')).json()) as { data: { id: number }[] };
    let manager = 0;
    let outside = 0;
    let inside = 0;
    for (const { id } of list.data) {
      const reach = (await (await fetch(`/api/users/mentions/manager?applicant_id=${id}`)).json()) as {
        users: { id: number; email: string; mentionable: boolean }[];
      };
      const m = reach.users.find((u) => u.email === 'manager@demo.test');
      if (!m) continue;
      manager = m.id;
      if (m.mentionable && !inside) inside = id;
      if (!m.mentionable && !outside) outside = id;
      if (inside && outside) break;
    }
    return { manager, outside, inside };
  });
  assert.ok(found.manager && found.outside && found.inside, `the demo data has applicants in and out of the manager's scope: ${JSON.stringify(found)}`);
  return found;
}

/** Saves the interface language in the profile (the demo accounts start in French). */
async function useLanguage(page: Page, language: string) {
  await page.evaluate(async (lng) => {
    const saved = await fetch('/api/user_profile/language', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ language: lng }) });
    if (!saved.ok) throw new Error(`language not saved: ${saved.status}`);
    localStorage.setItem('i18nextLng', lng);
  }, language);
}

async function openComposer(page: Page, applicantId: number, language: string) {
  await page.goto(`/applicants/${applicantId}`);
  const composer = page.getByRole('form', { name: label(language, 'activityFeed:composer.label') });
  await composer.waitFor({ timeout: 20_000 });
  const text = composer.getByRole('textbox', { name: label(language, 'activityFeed:composer.label') });
  await text.scrollIntoViewIfNeeded();
  return { composer, text };
}

describe('mentions reach only those who can open the applicant (issue 35)', () => {
  it('greys the scoped manager on an applicant out of their projects, and never notifies them', async () => {
    const { page } = await app.newPage();
    await signIn(page, 'admin@demo.test');
    await page.waitForURL(`${app.url}/`);
    const found = await findApplicants(page);
    await page.evaluate(() => fetch('/api/notifications/delete-all', { method: 'DELETE' }));

    const { composer, text } = await openComposer(page, found.outside, 'fr');
    await text.click();
    await text.pressSequentially('Voir ce profil @Thom');
    const list = composer.getByRole('listbox', { name: label('fr', 'activityFeed:mentions.label') });
    const thomas = list.getByRole('option', { name: /Thomas Petit/ });
    await thomas.waitFor();
    assert.equal(await thomas.getAttribute('aria-disabled'), 'true');
    const why = label('fr', 'activityFeed:mentions.blocked.no_access_applicant');
    assert.ok((await thomas.textContent())?.includes(why), 'the reason is written under the name');
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'mention-picker-greyed-fr-1366', { fullPage: false });
    // Enter does not pick them.
    await text.press('Enter');
    assert.equal(await text.inputValue(), 'Voir ce profil @Thom');

    // Whatever a client sends, the server tells the manager nothing and says so.
    const answer = await page.evaluate(async ({ outside, manager }) => {
      const body = new FormData();
      body.append('text', '@Thomas Petit regarde');
      body.append('mentions[users][0]', String(manager));
      const res = await fetch(`/api/activity-feed?applicant_id=${outside}`, { method: 'POST', body });
      return { status: res.status, dropped: ((await res.json()) as { dropped_mentions: { users: { id: number }[] } }).dropped_mentions.users.map((u) => u.id) };
    }, found);
    assert.deepEqual(answer, { status: 201, dropped: [found.manager] });

    const manager = await app.newPage();
    await signIn(manager.page, 'manager@demo.test');
    await manager.page.waitForURL(`${app.url}/`);
    const count = await manager.page.evaluate(async () => (await (await fetch('/api/notifications/count')).json()) as number);
    assert.equal(count, 0, 'the manager was not notified about an applicant they cannot open');
  });

  it('a mention in scope notifies the manager; once out of scope it opens "you no longer have access", not "not found"', async () => {
    const admin = await app.newPage();
    await signIn(admin.page, 'admin@demo.test');
    await admin.page.waitForURL(`${app.url}/`);
    const found = await findApplicants(admin.page);

    // The admin lists the manager on the projects of an applicant they did not see.
    const setAccess = (grant: boolean) =>
      admin.page.evaluate(
        async ({ applicant, manager, grant }) => {
          const overview = (await (await fetch(`/api/applicants/${applicant}/applications-overview`)).json()) as { project_id: number | null }[];
          const projects = [...new Set(overview.map((a) => a.project_id).filter((id): id is number => id !== null))];
          for (const id of projects) {
            const users = (await (await fetch(`/api/projects/${id}/users`)).json()) as { id: number; has_access: boolean }[];
            const keep = users.filter((u) => u.has_access && u.id !== manager).map((u) => u.id);
            const put = await fetch(`/api/projects/${id}/users`, {
              method: 'PUT',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ users_ids: grant ? [...keep, manager] : keep }),
            });
            if (!put.ok) throw new Error(`project ${id}: ${put.status}`);
          }
          return projects.length;
        },
        { applicant: found.outside, manager: found.manager, grant },
      );
    assert.ok((await setAccess(true)) > 0);

    // Picked in the picker, sent from the composer.
    const { composer, text } = await openComposer(admin.page, found.outside, 'fr');
    await text.click();
    await text.pressSequentially('@Thom');
    const option = composer.getByRole('option', { name: /Thomas Petit/ });
    await option.waitFor();
    assert.equal(await option.getAttribute('aria-disabled'), null, 'listed on the project, the manager can be mentioned');
    await option.click();
    await text.pressSequentially('à voir ensemble');
    const posted = admin.page.waitForResponse((r) => r.url().includes('/api/activity-feed?') && r.request().method() === 'POST');
    await composer.getByRole('button', { name: label('fr', 'activityFeed:composer.send') }).click();
    const response = await posted;
    assert.equal(response.status(), 201);
    const saved = (await response.json()) as { mentions: { users: { id: number }[] }; dropped_mentions: { users: unknown[] } };
    assert.deepEqual(saved.mentions.users.map((u) => u.id), [found.manager], 'the comment mentions the manager');
    assert.deepEqual(saved.dropped_mentions.users, [], 'the manager, who sees the applicant, is notified');

    const manager = await app.newPage();
    await signIn(manager.page, 'manager@demo.test');
    await manager.page.waitForURL(`${app.url}/`);
    const unread = await manager.page.evaluate(async () => (await (await fetch('/api/notifications/count')).json()) as number);
    assert.ok(unread >= 1, `the manager has the mention unread (${unread})`);

    // The admin takes the manager off those projects again: the applicant is out of reach.
    await setAccess(false);
    await manager.page.reload();
    const bell = manager.page.getByRole('button', { name: /^Notifications, \d+ non lues?$/ });
    await bell.waitFor({ timeout: 15_000 });
    await bell.click();
    const panel = manager.page.getByRole('dialog', { name: label('fr', 'notifications:title') });
    const item = panel.getByRole('link', { name: /vous a mentionné dans un commentaire sur/ }).first();
    await item.waitFor();
    await panel.getByText(label('fr', 'notifications:unavailable.no_access_badge')).first().waitFor();
    await item.click();
    const heading = manager.page.getByRole('heading', { level: 1, name: label('fr', 'notifications:unavailable.no_access_title_applicant') });
    await heading.waitFor({ timeout: 15_000 });
    await manager.page.getByRole('link', { name: 'admin@demo.test' }).waitFor();
    assert.equal(await manager.page.getByText(label('fr', 'applicant:not_found.title')).count(), 0);
    assert.deepEqual(await seriousViolations(manager.page), []);
    await screenshot(manager.page, 'notification-no-access-fr-1366', { fullPage: false });

    // The same page in German.
    const german = await app.newPage('de-DE');
    await signIn(german.page, 'manager@demo.test');
    await german.page.waitForURL(`${app.url}/`);
    await useLanguage(german.page, 'de');
    await german.page.goto(new URL(manager.page.url()).pathname);
    await german.page.getByRole('heading', { level: 1, name: label('de', 'notifications:unavailable.no_access_title_applicant') }).waitFor({ timeout: 15_000 });
    await screenshot(german.page, 'notification-no-access-de-1366', { fullPage: false });
  });

  it('shows the greyed picker in German', async () => {
    const { page } = await app.newPage('de-DE');
    await signIn(page, 'admin@demo.test');
    await page.waitForURL(`${app.url}/`);
    await useLanguage(page, 'de');
    const found = await findApplicants(page);
    const { composer, text } = await openComposer(page, found.outside, 'de');
    await text.click();
    await text.pressSequentially('@Thom');
    const thomas = composer.getByRole('option', { name: /Thomas Petit/ });
    await thomas.waitFor();
    assert.ok((await thomas.textContent())?.includes(label('de', 'activityFeed:mentions.blocked.no_access_applicant')));
    await screenshot(page, 'mention-picker-greyed-de-1366', { fullPage: false });
  });
});
