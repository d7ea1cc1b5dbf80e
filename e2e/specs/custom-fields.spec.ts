import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { signIn, useApp } from '../support/app.ts';
import { horizontalOverflow, screenshot, seriousViolations } from '../support/browser.ts';
import { label } from '../support/labels.ts';

const app = useApp();

/** A string of a namespace with its `{{…}}` values filled in. */
const t = (language: string, key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce((text, [name, value]) => text.replaceAll(`{{${name}}}`, String(value)), label(language, key));

async function settle(page: Page) {
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
  await page.waitForTimeout(300);
}

async function noSidewaysScroll(page: Page) {
  const overflow = await horizontalOverflow(page);
  assert.ok(overflow.overflow <= 0, `sideways scroll: ${JSON.stringify(overflow)}`);
}

/** Creates a required single-choice offer field from the config page. */
async function createRequiredField(page: Page, lng: string, name: string) {
  await page.goto('/config/custom-fields');
  await page.getByRole('heading', { level: 1, name: label(lng, 'config:menu.custom_fields') }).waitFor();
  await page.getByRole('button', { name: t(lng, 'customFields:add') }).click();
  const dialog = page.getByRole('dialog', { name: t(lng, 'customFields:dialog.create_title') });
  await dialog.getByLabel(new RegExp(`^${t(lng, 'customFields:dialog.label')}`)).fill(name);
  await dialog.getByLabel(new RegExp(`^${t(lng, 'customFields:dialog.type')}`)).selectOption('single_choice');
  const option = dialog.getByRole('textbox', { name: t(lng, 'customFields:dialog.new_option') });
  for (const value of ['Audit', 'Conseil']) {
    await option.fill(value);
    await option.press('Enter');
  }
  await dialog.getByRole('checkbox', { name: t(lng, 'customFields:dialog.required') }).check();
  await dialog.getByRole('checkbox', { name: t(lng, 'customFields:dialog.show_in_list') }).check();
  await dialog.getByRole('button', { name: t(lng, 'customFields:dialog.submit_create') }).click();
  await page.getByText(t(lng, 'customFields:dialog.created', { label: name })).waitFor();
  const list = page.getByRole('list', { name: t(lng, 'customFields:list.label', { entity: t(lng, 'customFields:entities.offer') }) });
  await list.getByText(name).waitFor();
  return list;
}

/** Opens the new-offer dialog, submits without the required field (error), then fills it and saves. */
async function createOffer(page: Page, lng: string, field: string, title: string, shot: string) {
  await page.goto('/projects/all/offers');
  await page.getByRole('button', { name: t(lng, 'projects:new_offer.button') }).click();
  const dialog = page.getByRole('dialog', { name: t(lng, 'projects:new_offer.title') });
  await dialog.getByLabel(new RegExp(`^${t(lng, 'projects:fields.job_position')}`)).fill(title);
  await dialog.getByRole('combobox', { name: new RegExp(`^${t(lng, 'projects:new_offer.project')}`) }).selectOption({ index: 1 });
  const choice = dialog.getByRole('combobox', { name: new RegExp(`^${field}`) });
  await choice.waitFor();
  await dialog.getByRole('button', { name: t(lng, 'projects:new_offer.submit') }).click();
  await dialog.getByText(label(lng, 'errors:field_required')).first().waitFor();
  assert.equal(await choice.getAttribute('aria-invalid'), 'true');
  await choice.scrollIntoViewIfNeeded();
  await noSidewaysScroll(page);
  await screenshot(page, `${shot}-error`, { fullPage: false });
  // Every required choice of the company (earlier walks made some) takes an option.
  const invalid = dialog.locator('select[aria-invalid="true"]');
  for (let n = await invalid.count(); n > 0; n--) await invalid.first().selectOption('Conseil');
  await dialog.getByRole('button', { name: t(lng, 'projects:new_offer.submit') }).click();
  await page.waitForURL(/\/projects\/\d+\/offer\/\d+$/);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
}

describe('custom fields', () => {
  it('creates a required offer field; a new offer needs it (French, 1366 and 390 px)', async () => {
    const { context, page } = await app.newPage('fr-FR', { viewport: { width: 1366, height: 900 } });
    await signIn(page, 'admin@demo.test');
    await page.waitForURL(`${app.url}/`);
    const list = await createRequiredField(page, 'fr', 'Filière');
    await list.getByText(t('fr', 'customFields:types.single_choice')).first().waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    await settle(page);
    await screenshot(page, 'custom-fields-fr');
    await createOffer(page, 'fr', 'Filière', 'Auditeur junior', 'custom-fields-offer-fr');
    await context.close();

    const phone = await app.newPage('fr-FR', { viewport: { width: 390, height: 844 } });
    await signIn(phone.page, 'admin@demo.test');
    await phone.page.waitForURL(`${app.url}/`);
    await phone.page.goto('/config/custom-fields');
    await phone.page.getByText('Filière').first().waitFor();
    await noSidewaysScroll(phone.page);
    await screenshot(phone.page, 'custom-fields-mobile-fr');
    await createOffer(phone.page, 'fr', 'Filière', 'Auditeur mobile', 'custom-fields-offer-mobile-fr');
    await phone.context.close();
  });

  it('walks the same in English at 1366 and 390 px', async () => {
    for (const viewport of [{ width: 1366, height: 900 }, { width: 390, height: 844 }]) {
      const { context, page } = await app.newPage('en-US', { viewport });
      await signIn(page, 'admin@demo.test');
      await page.waitForURL(`${app.url}/`);
      await page.evaluate(async () => {
        const saved = await fetch('/api/user_profile/language', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ language: 'en' }) });
        if (!saved.ok) throw new Error(`language not saved: ${saved.status}`);
        localStorage.setItem('i18nextLng', 'en');
      });
      const suffix = viewport.width === 390 ? 'mobile-en' : 'en';
      const name = viewport.width === 390 ? 'Track (phone)' : 'Track';
      await createRequiredField(page, 'en', name);
      await settle(page);
      await noSidewaysScroll(page);
      await screenshot(page, `custom-fields-${suffix}`);
      await createOffer(page, 'en', name.replace(/[()]/g, '\\$&'), `Auditor ${suffix}`, `custom-fields-offer-${suffix}`);
      await context.close();
    }
  });
});
