import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { signIn, useApp } from '../support/app.ts';
import { horizontalOverflow, screenshot, seriousViolations } from '../support/browser.ts';
import { label } from '../support/labels.ts';

const app = useApp();

/** A string of the users namespace with its `{{…}}` values filled in. */
const t = (language: string, key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce((text, [name, value]) => text.replaceAll(`{{${name}}}`, String(value)), label(language, `users:${key}`));

/** Opens the page and waits for its table (desktop) or its cards (phone). */
async function openUsers(page: Page, language: string, phone = false) {
  await page.goto('/config/users/list');
  await page.getByRole('heading', { level: 1, name: label(language, 'config:menu.users_list') }).waitFor();
  const list = page.getByRole(phone ? 'list' : 'table', { name: t(language, 'list.label') });
  await list.waitFor();
  return list;
}

/** Lets toasts and dialogs settle so that screenshots see a quiet page. */
async function settle(page: Page) {
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
  await page.waitForTimeout(300);
}

describe('users administration', () => {
  it('lists, filters, creates, edits and deactivates a user, at 1366 and 390 px, in French and English', async () => {
    const { context, page } = await app.newPage();
    await signIn(page, 'admin@demo.test');
    await page.waitForURL(`${app.url}/`);

    const table = await openUsers(page, 'fr');
    await table.getByRole('row').filter({ hasText: 'admin@demo.test' }).waitFor();
    await table.getByRole('row').filter({ hasText: 'recruiter@demo.test' }).waitFor();
    await screenshot(page, 'users-list-fr');
    assert.deepEqual(await seriousViolations(page), []);

    // Filter by name: the URL keeps it.
    await page.getByRole('searchbox', { name: t('fr', 'filters.search') }).fill('julien');
    await page.waitForURL(/q=julien/);
    await table.getByRole('row').filter({ hasText: 'admin@demo.test' }).waitFor({ state: 'detached' });
    await table.getByRole('row').filter({ hasText: 'recruiter@demo.test' }).waitFor();
    await page.getByRole('button', { name: t('fr', 'filters.reset') }).click();
    await table.getByRole('row').filter({ hasText: 'admin@demo.test' }).waitFor();

    // Create: validation first, then a user of the Recruteur role in the Direction group.
    await page.getByRole('button', { name: t('fr', 'add') }).click();
    const dialog = page.getByRole('dialog', { name: t('fr', 'dialog.create_title') });
    await dialog.getByRole('button', { name: t('fr', 'dialog.submit_create') }).click();
    await dialog.getByText(label('fr', 'errors:field_required')).first().waitFor();
    await dialog.getByRole('textbox', { name: t('fr', 'dialog.firstname') }).fill('Inès');
    await dialog.getByRole('textbox', { name: t('fr', 'dialog.lastname'), exact: true }).fill('Zeller');
    await dialog.getByRole('textbox', { name: t('fr', 'dialog.email') }).fill('recruiter@demo.test');
    await dialog.getByRole('combobox', { name: t('fr', 'dialog.role') }).selectOption({ label: 'Recruteur' });
    await dialog.getByRole('checkbox', { name: 'Direction' }).check();
    await dialog.getByRole('button', { name: t('fr', 'dialog.submit_create') }).click();
    await dialog.getByText(label('fr', 'errors:email_taken')).waitFor();
    await screenshot(page, 'users-dialog-fr');
    await dialog.getByRole('textbox', { name: t('fr', 'dialog.email') }).fill('ines.zeller@valmont.test');
    await dialog.getByRole('button', { name: t('fr', 'dialog.submit_create') }).click();
    await page.getByText(t('fr', 'dialog.created', { name: 'Inès Zeller' })).waitFor();
    const row = table.getByRole('row').filter({ hasText: 'ines.zeller@valmont.test' });
    await row.waitFor();
    assert.match((await row.textContent()) ?? '', /Recruteur/);
    assert.match((await row.textContent()) ?? '', /Direction/);

    // Edit the last name.
    await page.getByRole('button', { name: t('fr', 'list.edit', { name: 'Inès Zeller' }) }).click();
    const edit = page.getByRole('dialog', { name: t('fr', 'dialog.edit_title') });
    await edit.getByRole('textbox', { name: t('fr', 'dialog.lastname'), exact: true }).fill('Zeller-Roy');
    await edit.getByRole('button', { name: t('fr', 'dialog.submit_update') }).click();
    await page.getByText(t('fr', 'dialog.updated', { name: 'Inès Zeller-Roy' })).waitFor();

    // Deactivate, after a confirmation. The confirmation toast first goes: at 390 px it can lie over
    // the row's buttons, and the pointer resting on it would hold it open.
    await settle(page);
    await page.getByRole('button', { name: t('fr', 'list.deactivate', { name: 'Inès Zeller-Roy' }) }).click();
    const confirm = page.getByRole('alertdialog', { name: t('fr', 'activation.deactivate_title', { name: 'Inès Zeller-Roy' }) });
    await confirm.getByRole('button', { name: t('fr', 'activation.deactivate') }).click();
    await page.getByText(t('fr', 'activation.deactivated', { name: 'Inès Zeller-Roy' })).waitFor();
    await page.getByRole('button', { name: t('fr', 'list.activate', { name: 'Inès Zeller-Roy' }) }).waitFor();
    await page.getByRole('combobox', { name: t('fr', 'filters.status') }).selectOption({ label: t('fr', 'filters.inactive') });
    await page.waitForURL(/active=0/);
    await table.getByRole('row').filter({ hasText: 'admin@demo.test' }).waitFor({ state: 'detached' });
    await table.getByRole('row').filter({ hasText: 'ines.zeller@valmont.test' }).waitFor();
    await settle(page);
    await screenshot(page, 'users-list-inactive-fr');
    await context.close();

    // A phone: cards, no sideways scrolling.
    const phone = await app.newPage('fr-FR', { viewport: { width: 390, height: 844 } });
    await signIn(phone.page, 'admin@demo.test');
    await phone.page.waitForURL(`${app.url}/`);
    const cards = await openUsers(phone.page, 'fr', true);
    await cards.getByRole('listitem').filter({ hasText: 'ines.zeller@valmont.test' }).waitFor();
    const overflow = await horizontalOverflow(phone.page);
    assert.ok(overflow.overflow <= 0, `sideways scroll at 390 px: ${JSON.stringify(overflow)}`);
    await screenshot(phone.page, 'users-list-mobile-fr');
    await phone.page.getByRole('button', { name: t('fr', 'add') }).click();
    await phone.page.getByRole('dialog', { name: t('fr', 'dialog.create_title') }).waitFor();
    await screenshot(phone.page, 'users-dialog-mobile-fr', { fullPage: false });
    await phone.context.close();

    // English: the account's saved language switched to English (this file's own database).
    const english = await app.newPage('en-US');
    await signIn(english.page, 'admin@demo.test');
    await english.page.waitForURL(`${app.url}/`);
    await english.page.evaluate(async () => {
      const saved = await fetch('/api/user_profile/language', {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ language: 'en' }),
      });
      if (!saved.ok) throw new Error(`language not saved: ${saved.status}`);
      localStorage.setItem('i18nextLng', 'en');
    });
    const englishTable = await openUsers(english.page, 'en');
    await englishTable.getByRole('row').filter({ hasText: 'ines.zeller@valmont.test' }).waitFor();
    await englishTable.getByText(t('en', 'list.inactive')).first().waitFor();
    await screenshot(english.page, 'users-list-en');
    assert.deepEqual(await seriousViolations(english.page), []);
    await english.page.getByRole('button', { name: t('en', 'list.edit', { name: 'Inès Zeller-Roy' }) }).click();
    await english.page.getByRole('dialog', { name: t('en', 'dialog.edit_title') }).waitFor();
    await screenshot(english.page, 'users-dialog-en');
    await english.context.close();

    const englishPhone = await app.newPage('en-US', { viewport: { width: 390, height: 844 } });
    await signIn(englishPhone.page, 'admin@demo.test');
    await englishPhone.page.waitForURL(`${app.url}/`);
    const englishCards = await openUsers(englishPhone.page, 'en', true);
    await englishCards.getByRole('listitem').filter({ hasText: 'ines.zeller@valmont.test' }).waitFor();
    const enOverflow = await horizontalOverflow(englishPhone.page);
    assert.ok(enOverflow.overflow <= 0, `sideways scroll at 390 px: ${JSON.stringify(enOverflow)}`);
    await screenshot(englishPhone.page, 'users-list-mobile-en');
    await englishPhone.context.close();
  });
});
