import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { signIn, useApp } from '../support/app.ts';
import { horizontalOverflow, screenshot, seriousViolations } from '../support/browser.ts';
import { label } from '../support/labels.ts';

const app = useApp();
const fr = (key: string) => label('fr', key);
const en = (key: string) => label('en', key);

/** Waits for toasts and transitions to settle so screenshots see a quiet page. */
const settle = (page: Page) => page.waitForTimeout(400);

/** A word of the demo CVs' skills line (apps/server/src/seed/demo-applicants.ts). */
const WORD = 'excel';

type Person = { id: number; name: string };

/**
 * Opens /sourcing and searches `WORD` in its search box; answers the people of the first result page
 * whose name no other result of the page has (their checkbox and buttons are then unambiguous).
 */
async function searchBase(page: Page, language: string): Promise<Person[]> {
  await page.goto('/sourcing');
  await page.getByRole('heading', { level: 1, name: label(language, 'sourcing:title') }).waitFor();
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/sourcing/search') && r.url().includes(`q=${WORD}`) && r.request().method() === 'GET'),
    page.getByRole('searchbox', { name: label(language, 'sourcing:search.label') }).fill(WORD),
  ]);
  assert.equal(answer.status(), 200);
  await page.waitForURL(new RegExp(`[?&]q=${WORD}`));
  const body = (await answer.json()) as { data: { id: number; firstname: string; lastname: string }[] };
  const people = body.data.map((a) => ({ id: a.id, name: `${a.firstname} ${a.lastname}` }));
  const unique = people.filter((p) => people.filter((other) => other.name === p.name).length === 1);
  await page.getByRole('list', { name: label(language, 'sourcing:search.results') }).locator('mark').first().waitFor();
  return unique;
}

describe('recruitment lists', () => {
  it('a shared collaborative list: made by one recruiter, seen, opened and filled by another', async () => {
    // The administrator (Camille Durand) makes the list, shared with Julien Morel and Thomas Petit.
    const { context, page } = await app.newPage();
    await signIn(page, 'admin@demo.test');
    await page.waitForURL(`${app.url}/`);
    const listName = `Vivier e2e ${Date.now() % 100000}`;

    await page.getByRole('button', { name: fr('sourcing:lists.button') }).click();
    const sheet = page.getByRole('dialog', { name: fr('sourcing:lists.sheet_title') });
    await sheet.waitFor();
    await sheet.getByRole('button', { name: fr('sourcing:lists.add') }).click();
    const dialog = page.getByRole('dialog', { name: fr('sourcing:lists.dialog.add_title') });
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: new RegExp(`^${fr('sourcing:lists.dialog.name')}`) }).fill(listName);
    await dialog.getByRole('textbox', { name: fr('sourcing:lists.dialog.description') }).fill('Profils à rappeler pour le prochain recrutement.');
    await dialog.getByRole('radio', { name: new RegExp(fr('sourcing:lists.dialog.type_shared')) }).check();
    await dialog.getByRole('radio', { name: new RegExp(`^${fr('sourcing:lists.dialog.collaborative_yes').split(' :')[0]}`) }).check();
    const users = dialog.getByRole('group', { name: new RegExp(fr('sourcing:lists.dialog.users')) });
    const search = users.getByRole('searchbox', { name: fr('sourcing:lists.dialog.users_search') });
    await search.fill('Morel');
    await users.getByRole('checkbox', { name: 'Julien Morel' }).check();
    await search.fill('Petit');
    await users.getByRole('checkbox', { name: 'Thomas Petit' }).check();
    await search.fill('');
    await users.getByRole('checkbox', { name: 'Julien Morel' }).waitFor();
    await users.getByText(fr('sourcing:lists.dialog.users_selected_other').replace('{{count}}', '2')).waitFor();
    await settle(page);
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'recruitment-list-dialog-fr-1366', { fullPage: false });

    const [created] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/recruitment-lists') && r.request().method() === 'POST'),
      dialog.getByRole('button', { name: fr('sourcing:lists.dialog.submit_add') }).click(),
    ]);
    assert.equal(created.status(), 201);
    const list = (await created.json()) as { id: number; shared_users: { id: number }[]; collaborative: boolean };
    assert.equal(list.shared_users.length, 2);
    assert.equal(list.collaborative, true);
    await page.getByText(fr('sourcing:lists.dialog.added')).waitFor();
    await dialog.waitFor({ state: 'detached' });

    // The sheet shows it, with its shared count, filtered on my shared lists (the whole option shows).
    await sheet.getByRole('combobox', { name: fr('sourcing:lists.filter_label') }).selectOption('own_shared');
    const card = sheet.getByRole('article').filter({ hasText: listName });
    await card.getByText(fr('sourcing:lists.badge.shared_other').replace('{{count}}', '2')).waitFor();
    const clipped = await sheet.getByRole('combobox').evaluateAll((selects) =>
      (selects as HTMLSelectElement[]).filter((s) => s.scrollWidth > s.clientWidth || s.clientWidth < 120).map((s) => s.value),
    );
    assert.deepEqual(clipped, [], 'the sheet selects show their whole text');
    await settle(page);
    await screenshot(page, 'recruitment-lists-sheet-fr-1366', { fullPage: false });
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });

    // From /sourcing, two people of a search go to the list through the selection bar.
    const found = await searchBase(page, 'fr');
    assert.ok(found.length >= 3, `the demo CVs hold "${WORD}" for three people`);
    const [first, second] = [found[0]!, found[1]!];
    await page.getByRole('checkbox', { name: fr('sourcing:search.select').replace('{{name}}', first.name), exact: true }).check();
    await page.getByRole('checkbox', { name: fr('sourcing:search.select').replace('{{name}}', second.name), exact: true }).check();
    const bar = page.getByRole('toolbar', { name: fr('sourcing:search.selection') });
    await bar.getByText(fr('sourcing:search.selected_other').replace('{{count}}', '2')).waitFor();
    await settle(page);
    await screenshot(page, 'sourcing-selection-fr-1366', { fullPage: false });
    await bar.getByRole('button', { name: fr('sourcing:search.add_to_list') }).click();
    const addDialog = page.getByRole('dialog', { name: fr('sourcing:search.add_dialog.title') });
    await addDialog.getByRole('searchbox', { name: fr('sourcing:search.add_dialog.search') }).fill(listName);
    await addDialog.getByRole('radio', { name: new RegExp(`^${listName}`) }).check();
    await settle(page);
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'sourcing-add-to-list-fr-1366', { fullPage: false });
    const [added] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith(`/api/recruitment-lists/${list.id}/applicants`) && r.request().method() === 'POST'),
      addDialog.getByRole('button', { name: fr('sourcing:search.add_dialog.add') }).click(),
    ]);
    assert.equal(added.status(), 200);
    assert.deepEqual(added.request().postDataJSON(), { applicant_ids: [first.id, second.id] });
    await page.getByText(fr('sourcing:search.add_dialog.added_many_other').replace('{{count}}', '2').replace('{{list}}', listName)).waitFor();
    await addDialog.waitFor({ state: 'detached' });
    assert.equal(await bar.count(), 0, 'the selection is cleared once added');
    await context.close();

    // Julien Morel, in English, sees it shared with him, then adds a third person from /sourcing.
    const other = await app.newPage('en-US');
    await signIn(other.page, 'recruiter@demo.test');
    await other.page.waitForURL(`${app.url}/`);
    await other.page.evaluate(async () => {
      const saved = await fetch('/api/user_profile/language', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ language: 'en' }) });
      if (!saved.ok) throw new Error(`language not saved: ${saved.status}`);
      localStorage.setItem('i18nextLng', 'en');
    });
    await other.page.reload();
    await other.page.getByRole('button', { name: en('sourcing:lists.button') }).click();
    let theirSheet = other.page.getByRole('dialog', { name: en('sourcing:lists.sheet_title') });
    await theirSheet.getByRole('combobox', { name: en('sourcing:lists.filter_label') }).selectOption('shared');
    let theirCard = theirSheet.getByRole('article').filter({ hasText: listName });
    await theirCard.getByText(en('sourcing:lists.badge.can_add')).waitFor();
    await theirCard.getByText(en('sourcing:lists.badge.applicants_other').replace('{{count}}', '2')).waitFor();
    await theirCard.getByText(en('sourcing:lists.by').replace('{{name}}', 'Camille Durand')).waitFor();
    assert.equal(await theirCard.getByRole('button').count(), 0, 'only the creator edits or deletes');
    await settle(other.page);
    assert.deepEqual(await seriousViolations(other.page), []);
    await screenshot(other.page, 'recruitment-lists-sheet-en-1366', { fullPage: false });

    // The dialog in English (not saved).
    await theirSheet.getByRole('button', { name: en('sourcing:lists.add') }).click();
    const englishDialog = other.page.getByRole('dialog', { name: en('sourcing:lists.dialog.add_title') });
    await englishDialog.getByRole('radio', { name: new RegExp(en('sourcing:lists.dialog.type_shared')) }).check();
    await englishDialog.getByRole('group', { name: new RegExp(en('sourcing:lists.dialog.users')) }).getByRole('checkbox').first().waitFor();
    await settle(other.page);
    await screenshot(other.page, 'recruitment-list-dialog-en-1366', { fullPage: false });
    await englishDialog.getByRole('button', { name: label('en', 'common:cancel') }).click();
    await englishDialog.waitFor({ state: 'detached' });
    await other.page.keyboard.press('Escape');
    await theirSheet.waitFor({ state: 'detached' });

    // A card's "add to a list", choosing the shared list.
    const theirs = await searchBase(other.page, 'en');
    const third = theirs.find((p) => p.id !== first.id && p.id !== second.id);
    assert.ok(third, 'a third person matches the search');
    await settle(other.page);
    await screenshot(other.page, 'sourcing-en-1366', { fullPage: false });
    await other.page.getByRole('button', { name: en('sourcing:search.add_to_list_named').replace('{{name}}', third.name), exact: true }).click();
    const theirDialog = other.page.getByRole('dialog', { name: en('sourcing:search.add_dialog.title') });
    await theirDialog.getByRole('searchbox', { name: en('sourcing:search.add_dialog.search') }).fill(listName);
    await theirDialog.getByRole('radio', { name: new RegExp(`^${listName}`) }).check();
    await settle(other.page);
    await screenshot(other.page, 'sourcing-add-to-list-en-1366', { fullPage: false });
    const [theirAdd] = await Promise.all([
      other.page.waitForResponse((r) => r.url().endsWith(`/api/recruitment-lists/${list.id}/applicants`) && r.request().method() === 'POST'),
      theirDialog.getByRole('button', { name: en('sourcing:search.add_dialog.add') }).click(),
    ]);
    assert.equal(theirAdd.status(), 200, 'a collaborative list takes additions from its shared users');
    await other.page.getByText(en('sourcing:search.add_dialog.added').replace('{{name}}', third.name).replace('{{list}}', listName)).waitFor();
    await theirDialog.waitFor({ state: 'detached' });

    // The list holds the three people; it opens from the sheet's card.
    await other.page.getByRole('button', { name: en('sourcing:lists.button') }).click();
    theirSheet = other.page.getByRole('dialog', { name: en('sourcing:lists.sheet_title') });
    await theirSheet.getByRole('combobox', { name: en('sourcing:lists.filter_label') }).selectOption('shared');
    theirCard = theirSheet.getByRole('article').filter({ hasText: listName });
    await theirCard.getByText(en('sourcing:lists.badge.applicants_other').replace('{{count}}', '3')).waitFor();
    await theirCard.getByRole('link', { name: listName }).click();
    await other.page.waitForURL(`${app.url}/sourcing/lists/${list.id}`);
    await other.page.getByRole('heading', { level: 1, name: listName }).waitFor();
    for (const person of [first, second, third]) await other.page.getByRole('link', { name: person.name, exact: true }).first().waitFor();
    await other.page.getByRole('button', { name: en('sourcing:lists.detail.remove').replace('{{name}}', third.name) }).waitFor();

    await other.page.setViewportSize({ width: 390, height: 844 });
    await settle(other.page);
    assert.equal((await horizontalOverflow(other.page)).overflow, 0, JSON.stringify(await horizontalOverflow(other.page)));
    assert.equal(await other.page.getByRole('button', { name: en('sourcing:lists.button') }).count(), 0, 'no lists button below 1024 px');
    await screenshot(other.page, 'recruitment-list-detail-en-390');

    // /sourcing with a selection, at 390 px.
    const narrow = await searchBase(other.page, 'en');
    await other.page.getByRole('checkbox', { name: en('sourcing:search.select').replace('{{name}}', narrow[0]!.name), exact: true }).check();
    await other.page.getByRole('toolbar', { name: en('sourcing:search.selection') }).waitFor();
    await settle(other.page);
    assert.equal((await horizontalOverflow(other.page)).overflow, 0, JSON.stringify(await horizontalOverflow(other.page)));
    await screenshot(other.page, 'sourcing-selection-en-390', { fullPage: false });
    const narrowBar = other.page.getByRole('toolbar', { name: en('sourcing:search.selection') });
    await narrowBar.getByRole('button', { name: en('sourcing:search.add_to_list') }).click();
    const narrowList = other.page.getByRole('dialog', { name: en('sourcing:search.add_dialog.title') });
    await narrowList.getByRole('radio').first().waitFor();
    await settle(other.page);
    await screenshot(other.page, 'sourcing-add-to-list-en-390', { fullPage: false });
    await narrowList.getByRole('button', { name: en('common:cancel') }).click();
    await narrowList.waitFor({ state: 'detached' });
    // The applications area's "add to an offer" dialog, on the same selection (not saved).
    await narrowBar.getByRole('button', { name: en('sourcing:search.add_to_offer') }).click();
    const narrowOffer = other.page.getByRole('dialog', { name: en('application:add_to_offer.title') });
    await narrowOffer.getByRole('radio').first().waitFor();
    await settle(other.page);
    assert.equal((await horizontalOverflow(other.page)).overflow, 0, JSON.stringify(await horizontalOverflow(other.page)));
    await screenshot(other.page, 'sourcing-add-to-offer-en-390', { fullPage: false });
    await narrowOffer.getByRole('button', { name: en('common:cancel') }).click();
    await narrowOffer.waitFor({ state: 'detached' });
    assert.equal(await narrowBar.getByText(en('sourcing:search.selected_one').replace('{{count}}', '1')).count(), 1, 'a cancelled dialog keeps the selection');
    await other.context.close();
  });
});
