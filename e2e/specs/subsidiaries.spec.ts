import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { signIn, useApp } from '../support/app.ts';
import { horizontalOverflow, screenshot, seriousViolations } from '../support/browser.ts';
import { label } from '../support/labels.ts';

const app = useApp();

/** A string of a namespace with its `{{…}}` values filled in. */
const fill = (ns: string) => (language: string, key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce((text, [name, value]) => text.replaceAll(`{{${name}}}`, String(value)), label(language, `${ns}:${key}`));
const s = fill('subsidiaries');
const j = fill('job_boards');

type Language = 'fr' | 'en';
const PHONE = { viewport: { width: 390, height: 844 } };

/** Signs in admin@demo.test in `language` (saved on the account for the pages that follow). */
async function adminIn(language: Language, phone: boolean) {
  const opened = await app.newPage(language === 'fr' ? 'fr-FR' : 'en-US', phone ? PHONE : {});
  await signIn(opened.page, 'admin@demo.test');
  await opened.page.waitForURL(`${app.url}/`);
  await opened.page.evaluate(async (lng) => {
    const saved = await fetch('/api/user_profile/language', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ language: lng }) });
    if (!saved.ok) throw new Error(`language not saved: ${saved.status}`);
    localStorage.setItem('i18nextLng', lng);
  }, language);
  return opened;
}

async function openSubsidiaries(page: Page, language: Language) {
  await page.goto('/config/subsidiaries');
  await page.getByRole('heading', { level: 1, name: label(language, 'config:menu.subsidiaries') }).waitFor();
  const tree = page.getByRole('list', { name: s(language, 'tree.label') });
  await tree.waitFor();
  return tree;
}

async function openJobBoards(page: Page, language: Language) {
  await page.goto('/config/jobboards/list');
  await page.getByRole('heading', { level: 1, name: label(language, 'config:menu.jobboards') }).waitFor();
  const list = page.getByRole('list', { name: new RegExp(j(language, 'list.title')) });
  await list.waitFor();
  return list;
}

/** Opens a subsidiary's action menu with the keyboard and picks an item. */
async function act(page: Page, language: Language, name: string, item: string) {
  const menu = page.getByRole('button', { name: s(language, 'actions.menu', { name }) });
  await menu.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: s(language, `actions.${item}`) }).click();
}

async function settle(page: Page) {
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
  await page.waitForTimeout(300);
}

async function noSidewaysScroll(page: Page) {
  const overflow = await horizontalOverflow(page);
  assert.ok(overflow.overflow <= 0, `sideways scroll at 390 px: ${JSON.stringify(overflow)}`);
}

describe('subsidiaries and job boards configuration', () => {
  it('builds a subsidiary tree, attaches a user, archives; turns a board off and stores credentials; in French and English, at 1366 and 390 px', async () => {
    const { context, page } = await adminIn('fr', false);
    const tree = await openSubsidiaries(page, 'fr');
    await tree.getByText('Valmont Lyon').waitFor();
    assert.deepEqual(await seriousViolations(page), []);

    // Create at the top, then a child from the keyboard-opened menu.
    await page.getByRole('button', { name: s('fr', 'add') }).click();
    const create = page.getByRole('dialog', { name: s('fr', 'dialog.create_title') });
    await create.getByRole('textbox', { name: s('fr', 'dialog.name') }).fill('valmont lyon');
    await create.getByRole('button', { name: s('fr', 'dialog.submit_create') }).click();
    await create.getByText(label('fr', 'errors:not_unique')).waitFor();
    await create.getByRole('textbox', { name: s('fr', 'dialog.name') }).fill('Valmont Grand Est');
    await create.getByRole('button', { name: s('fr', 'dialog.submit_create') }).click();
    await page.getByText(s('fr', 'dialog.created', { name: 'Valmont Grand Est' })).waitFor();
    await act(page, 'fr', 'Valmont Grand Est', 'add_child');
    const child = page.getByRole('dialog', { name: s('fr', 'dialog.create_child_title', { name: 'Valmont Grand Est' }) });
    await child.getByRole('textbox', { name: s('fr', 'dialog.name') }).fill('Agence Strasbourg');
    await child.getByRole('button', { name: s('fr', 'dialog.submit_create') }).click();
    await page.getByRole('list', { name: s('fr', 'tree.children_of', { name: 'Valmont Grand Est' }) }).getByText('Agence Strasbourg').waitFor();

    // Moving the parent: its child is not offered (no cycle); it goes under Valmont Lyon.
    await act(page, 'fr', 'Valmont Grand Est', 'move');
    const move = page.getByRole('dialog', { name: s('fr', 'move.title', { name: 'Valmont Grand Est' }) });
    const options = await move.getByRole('combobox', { name: s('fr', 'move.parent') }).locator('option').allTextContents();
    assert.ok(!options.some((o) => o.includes('Agence Strasbourg')), `a cycle is offered: ${options.join(', ')}`);
    await move.getByRole('combobox', { name: s('fr', 'move.parent') }).selectOption({ label: 'Valmont Lyon' });
    await move.getByRole('button', { name: s('fr', 'move.submit') }).click();
    await page.getByText(s('fr', 'move.moved', { name: 'Valmont Grand Est' })).waitFor();
    await page.getByRole('list', { name: s('fr', 'tree.children_of', { name: 'Valmont Lyon' }) }).getByText('Valmont Grand Est').waitFor();

    // Attach Julien Morel.
    await act(page, 'fr', 'Valmont Grand Est', 'users');
    const users = page.getByRole('dialog', { name: s('fr', 'users.title', { name: 'Valmont Grand Est' }) });
    await users.getByRole('searchbox', { name: s('fr', 'users.search') }).fill('julien');
    await users.getByRole('checkbox', { name: /Julien Morel/ }).check();
    await users.getByText(s('fr', 'users.selected_one', { count: 1 })).waitFor();
    await screenshot(page, 'subsidiaries-users-fr');
    await users.getByRole('button', { name: s('fr', 'users.save') }).click();
    await page.getByText(s('fr', 'users.saved', { name: 'Valmont Grand Est' })).waitFor();

    // The mode, then archive the child: it leaves the pickers.
    const mode = page.getByRole('switch', { name: s('fr', 'mode.label') });
    await mode.click();
    await page.getByText(s('fr', 'mode.turned_on')).waitFor();
    assert.equal(await mode.getAttribute('aria-checked'), 'true');
    await act(page, 'fr', 'Agence Strasbourg', 'archive');
    // Archiving asks first (it would take the subsidiaries under it along).
    const confirm = page.getByRole('alertdialog', { name: s('fr', 'archive.confirm_title', { name: 'Agence Strasbourg' }) });
    await confirm.waitFor();
    await screenshot(page, 'subsidiaries-archive-confirm-fr');
    await confirm.getByRole('button', { name: s('fr', 'archive.confirm') }).click();
    await tree.getByText(s('fr', 'tree.archived')).first().waitFor();
    const picker = await page.evaluate(async () => (await (await fetch('/api/subsidiaries')).json()) as { name: string }[]);
    assert.ok(!picker.some((p) => p.name === 'Agence Strasbourg'));
    assert.ok(picker.some((p) => p.name === 'Valmont Grand Est'));
    await settle(page);
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'subsidiaries-fr');

    // Job boards: LinkedIn off, Indeed credentials stored (never shown back).
    const boards = await openJobBoards(page, 'fr');
    await page.getByRole('switch', { name: j('fr', 'card.toggle', { name: 'LinkedIn' }) }).click();
    await page.getByText(j('fr', 'card.turned_off', { name: 'LinkedIn' })).waitFor();
    await page.getByRole('button', { name: j('fr', 'card.add_named', { name: 'Indeed' }) }).click();
    const creds = page.getByRole('dialog', { name: j('fr', 'credentials.title', { name: 'Indeed' }) });
    await creds.getByRole('textbox', { name: j('fr', 'fields.account_id') }).fill('VALMONT-42');
    await creds.getByLabel(j('fr', 'fields.api_key')).fill('sk-e2e-secret-value');
    await screenshot(page, 'job-boards-credentials-fr');
    await creds.getByRole('button', { name: j('fr', 'credentials.save') }).click();
    await page.getByText(j('fr', 'credentials.saved', { name: 'Indeed' })).waitFor();
    await page.getByRole('button', { name: j('fr', 'card.replace_named', { name: 'Indeed' }) }).waitFor();
    const answers = await page.evaluate(async () => {
      const list = await (await fetch('/api/config/jobboards')).text();
      const offers = (await (await fetch('/api/projects/all/offers?per_page=1')).json()) as { data: { id: number; project_id: number }[] };
      const offer = offers.data[0]!;
      const tab = (await (await fetch(`/api/projects/${offer.project_id}/offers/${offer.id}/jobboards`)).json()) as { name: string }[];
      return { list, tab: tab.map((b) => b.name) };
    });
    assert.ok(!answers.list.includes('sk-e2e-secret-value') && !answers.list.includes('VALMONT-42'));
    assert.ok(!answers.tab.includes('LinkedIn') && answers.tab.includes('Indeed'), answers.tab.join(', '));
    await boards.getByText(j('fr', 'card.has_credentials')).first().waitFor();
    await settle(page);
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'job-boards-fr');
    await context.close();

    // French on a phone: both pages fit, the menu and the dialogs too.
    const phone = await adminIn('fr', true);
    await openSubsidiaries(phone.page, 'fr');
    await noSidewaysScroll(phone.page);
    await screenshot(phone.page, 'subsidiaries-mobile-fr');
    await phone.page.getByRole('button', { name: s('fr', 'actions.menu', { name: 'Agence Strasbourg' }) }).click();
    await phone.page.getByRole('menuitem', { name: s('fr', 'actions.unarchive') }).waitFor();
    await screenshot(phone.page, 'subsidiaries-menu-mobile-fr', { fullPage: false });
    await phone.page.keyboard.press('Escape');
    await openJobBoards(phone.page, 'fr');
    await noSidewaysScroll(phone.page);
    await screenshot(phone.page, 'job-boards-mobile-fr');
    await phone.context.close();

    // English, 1366 then 390.
    for (const narrow of [false, true]) {
      const english = await adminIn('en', narrow);
      const en = await openSubsidiaries(english.page, 'en');
      await en.getByText('Valmont Grand Est').waitFor();
      await english.page.getByRole('switch', { name: s('en', 'mode.label') }).waitFor();
      if (narrow) await noSidewaysScroll(english.page);
      else assert.deepEqual(await seriousViolations(english.page), []);
      await screenshot(english.page, narrow ? 'subsidiaries-mobile-en' : 'subsidiaries-en');
      await openJobBoards(english.page, 'en');
      await english.page.getByText(j('en', 'card.disabled')).first().waitFor();
      if (narrow) await noSidewaysScroll(english.page);
      else assert.deepEqual(await seriousViolations(english.page), []);
      await screenshot(english.page, narrow ? 'job-boards-mobile-en' : 'job-boards-en');
      await english.context.close();
    }
  });
});
