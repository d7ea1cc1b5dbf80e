import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { signIn, useApp } from '../support/app.ts';
import { horizontalOverflow, screenshot } from '../support/browser.ts';
import { label } from '../support/labels.ts';

const app = useApp();
const fr = (key: string) => label('fr', key);

/** Waits for toasts and transitions to settle so screenshots see a quiet page. */
const settle = (page: Page) => page.waitForTimeout(400);

/** A word of the demo CVs' skills line (apps/server/src/seed/demo-applicants.ts). */
const WORD = 'excel';

/** The search answer whose query string holds `part` (the search box waits 300 ms before asking). */
const searchAnswer = (page: Page, part: string) =>
  page.waitForResponse((r) => r.url().includes('/api/sourcing/search') && decodeURIComponent(r.url()).includes(part) && r.request().method() === 'GET');

/** Signs in, saves `language` as the account's and opens /sourcing with `query`. */
async function openSourcing(page: Page, email: string, language: string, query = '') {
  await signIn(page, email);
  await page.waitForURL(`${app.url}/`);
  if (language !== 'fr') {
    await page.evaluate(async (lng) => {
      const saved = await fetch('/api/user_profile/language', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ language: lng }) });
      if (!saved.ok) throw new Error(`language not saved: ${saved.status}`);
      localStorage.setItem('i18nextLng', lng);
    }, language);
  }
  await page.goto(`/sourcing${query}`);
  await page.getByRole('heading', { level: 1, name: label(language, 'sourcing:title') }).waitFor();
}

describe('sourcing search', () => {
  it('searches the demo base with a word, narrows by a facet, shows the CV words and adds a person to a list', async () => {
    const { context, page } = await app.newPage('fr-FR');
    await openSourcing(page, 'recruiter@demo.test', 'fr');
    const results = page.getByRole('list', { name: fr('sourcing:search.results') });
    await results.getByRole('article').first().waitFor();
    // A private list of the recruiter to add to.
    const listName = `Vivier Excel ${Date.now()}`;
    const listId = await page.evaluate(async (name) => {
      const res = await fetch('/api/recruitment-lists', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name, description: null, type: 'private', collaborative: false, shared_user_ids: [] }),
      });
      if (res.status !== 201) throw new Error(`list not created: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { id: number }).id;
    }, listName);

    const [answer] = await Promise.all([searchAnswer(page, `q=${WORD}`), page.getByRole('searchbox', { name: fr('sourcing:search.label') }).fill(WORD)]);
    const found = (await answer.json()) as { total: number; facets: { has_cv: { yes: number } } };
    assert.ok(found.total > 0, `the demo CVs hold "${WORD}"`);
    await page.waitForURL(/[?&]q=excel/);
    // The matched CV words are marked.
    const firstMark = results.locator('mark').first();
    await firstMark.waitFor();
    assert.match((await firstMark.textContent()) ?? '', /excel/i);

    // Narrowed by a facet: the request, the URL and the count follow.
    const withCv = page.getByRole('group', { name: fr('sourcing:search.facets.has_cv') }).getByRole('checkbox', { name: new RegExp(`^${fr('sourcing:search.facets.with_cv')}`) });
    const [narrowed] = await Promise.all([searchAnswer(page, 'filter[has_cv]=1'), withCv.check()]);
    const narrowedPage = (await narrowed.json()) as { total: number; data: { firstname: string; lastname: string; id: number }[] };
    assert.equal(narrowedPage.total, found.facets.has_cv.yes, 'the facet count announced the narrowed total');
    await page.waitForURL(/has_cv=1/);
    await page.getByText(`${narrowedPage.total} candidat`).first().waitFor();
    await settle(page);
    await screenshot(page, 'sourcing-fr-1366');

    // Add the first person to the list.
    const person = narrowedPage.data[0]!;
    const name = `${person.firstname} ${person.lastname}`;
    await page.getByRole('button', { name: fr('sourcing:search.add_to_list_named').replace('{{name}}', name) }).click();
    const dialog = page.getByRole('dialog', { name: fr('sourcing:search.add_dialog.title') });
    await dialog.getByRole('searchbox', { name: fr('sourcing:search.add_dialog.search') }).fill(listName);
    await dialog.getByRole('radio', { name: new RegExp(`^${listName}`) }).check();
    await settle(page);
    await screenshot(page, 'sourcing-add-to-list-fr-1366', { fullPage: false });
    const [added] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith(`/api/recruitment-lists/${listId}/applicants`) && r.request().method() === 'POST'),
      dialog.getByRole('button', { name: fr('sourcing:search.add_dialog.add') }).click(),
    ]);
    assert.equal(added.status(), 200);
    await page.getByText(`${name} ajouté(e) à la liste « ${listName} »`).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const inList = await page.evaluate(async (id) => ((await (await fetch(`/api/recruitment-lists/${id}`)).json()) as { applicants: number[] }).applicants, listId);
    assert.deepEqual(inList, [person.id]);
    await context.close();
  });

  it('shows the results in German at 1366 px', async () => {
    const { context, page } = await app.newPage('de-DE');
    await openSourcing(page, 'admin@demo.test', 'de', `?q=${WORD}`);
    const results = page.getByRole('list', { name: label('de', 'sourcing:search.results') });
    await results.locator('mark').first().waitFor();
    await page.getByRole('group', { name: label('de', 'sourcing:search.facets.last_status') }).getByRole('checkbox').first().waitFor();
    await settle(page);
    await screenshot(page, 'sourcing-de-1366');
    await context.close();
  });

  it('fits 390 px, with the facets behind a disclosure', async () => {
    const { context, page } = await app.newPage('fr-FR', { viewport: { width: 390, height: 844 } });
    await openSourcing(page, 'recruiter@demo.test', 'fr', `?q=${WORD}`);
    await page.getByRole('list', { name: fr('sourcing:search.results') }).locator('mark').first().waitFor();
    const toggle = page.getByRole('button', { name: fr('sourcing:search.filters') });
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    assert.equal(await page.getByRole('group', { name: fr('sourcing:search.facets.tags') }).isVisible(), false, 'the facets are folded on a phone');
    await settle(page);
    await screenshot(page, 'sourcing-fr-390');
    await toggle.click();
    await page.getByRole('group', { name: fr('sourcing:search.facets.tags') }).waitFor();
    await screenshot(page, 'sourcing-facets-fr-390');
    const overflow = await horizontalOverflow(page);
    assert.equal(overflow.overflow, 0, `sideways scroll at 390px: ${JSON.stringify(overflow)}`);
    await toggle.click();
    // A selection: its bar's actions fit.
    await page.getByRole('checkbox', { name: fr('sourcing:search.select_page') }).check();
    await page.getByRole('toolbar', { name: fr('sourcing:search.selection') }).waitFor();
    await settle(page);
    const withBar = await horizontalOverflow(page);
    assert.equal(withBar.overflow, 0, `sideways scroll at 390px with a selection: ${JSON.stringify(withBar)}`);
    await screenshot(page, 'sourcing-selection-fr-390', { fullPage: false });
    await context.close();
  });
});
