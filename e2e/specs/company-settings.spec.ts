import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { signIn, useApp } from '../support/app.ts';
import { horizontalOverflow, screenshot, seriousViolations } from '../support/browser.ts';
import { label } from '../support/labels.ts';

const app = useApp();

/** A string of the company_settings namespace with its `{{…}}` values filled in. */
const t = (language: string, key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce(
    (text, [name, value]) => text.replaceAll(`{{${name}}}`, String(value)),
    label(language, `company_settings:${key}`),
  );

async function settle(page: Page) {
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
  await page.waitForTimeout(300);
}

async function noSidewaysScroll(page: Page) {
  const overflow = await horizontalOverflow(page);
  assert.ok(overflow.overflow <= 0, `sideways scroll: ${JSON.stringify(overflow)}`);
}

/** Opens admin infos and waits for the form. */
async function openAdminInfos(page: Page, lng: string) {
  await page.goto('/config/account-infos/admin-infos');
  await page.getByRole('heading', { level: 1, name: label(lng, 'config:menu.admin_infos') }).waitFor();
  await page.getByRole('textbox', { name: t(lng, 'admin_infos.social_reason') }).waitFor();
}

/** Starts a JSON export of three columns and waits for its download link. */
async function exportOffers(page: Page, lng: string) {
  await page.goto('/config/joboffers/export');
  await page.getByRole('heading', { level: 1, name: label(lng, 'config:menu.offer_export') }).waitFor();
  await page.getByRole('button', { name: t(lng, 'export.select_none') }).click();
  await page.getByRole('button', { name: t(lng, 'export.start') }).click();
  await page.getByText(label(lng, 'errors:field_required')).first().waitFor();
  await page.getByRole('button', { name: t(lng, 'export.select_all') }).click();
  await page.getByRole('radio', { name: t(lng, 'export.formats.json') }).check();
  await page.getByRole('button', { name: t(lng, 'export.start') }).click();
  const history = page.getByRole('list', { name: t(lng, 'export.history') });
  const link = history.getByRole('link').first();
  await link.waitFor({ timeout: 30_000 });
  const href = await link.getAttribute('href');
  assert.ok(href && /\/api\/config\/joboffers\/export\/\d+\/download$/.test(href), `link: ${href}`);
  const file = await page.evaluate(async (url) => {
    const res = await fetch(url);
    return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
  }, href);
  assert.equal(file.status, 200);
  assert.match(file.type ?? '', /application\/json/);
  const rows = JSON.parse(file.body) as Record<string, unknown>[];
  assert.ok(rows.length > 0, 'the export holds the offers');
  assert.ok('job_position' in rows[0]!, 'columns are keyed by their code');
}

describe('company settings', () => {
  it('admin infos and the offer export, in French and English, at 1366 and 390 px', async () => {
    const { context, page } = await app.newPage('fr-FR', { viewport: { width: 1366, height: 900 } });
    await signIn(page, 'admin@demo.test');
    await page.waitForURL(`${app.url}/`);

    // Admin infos: a wrong support address is refused with its message, then the identity saved.
    await openAdminInfos(page, 'fr');
    assert.deepEqual(await seriousViolations(page), []);
    const support = page.getByRole('textbox', { name: t('fr', 'admin_infos.support_url') });
    await support.fill('ftp://support');
    await page.getByRole('button', { name: t('fr', 'save') }).click();
    await page.getByText(label('fr', 'errors:invalid_url')).waitFor();
    await support.fill('https://aide.valmont.example');
    await page.getByRole('combobox', { name: t('fr', 'admin_infos.organisation_type') }).selectOption({ label: t('fr', 'organisation_types.SANTE') });
    await page.getByRole('button', { name: t('fr', 'save') }).click();
    await page.getByText(t('fr', 'saved')).waitFor();
    // A PNG logo, uploaded through the file field and shown.
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
        '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
      'hex',
    );
    await page.getByLabel(t('fr', 'admin_infos.logo_choose')).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('img', { name: t('fr', 'admin_infos.logo_alt', { name: 'Groupe Valmont' }) }).waitFor();
    await settle(page);
    await screenshot(page, 'company-admin-infos-fr');

    await exportOffers(page, 'fr');
    await settle(page);
    await screenshot(page, 'company-export-fr');
    assert.deepEqual(await seriousViolations(page), []);
    await context.close();

    // A phone, in French: no sideways scrolling on either page.
    const phone = await app.newPage('fr-FR', { viewport: { width: 390, height: 844 } });
    await signIn(phone.page, 'admin@demo.test');
    await phone.page.waitForURL(`${app.url}/`);
    await openAdminInfos(phone.page, 'fr');
    await noSidewaysScroll(phone.page);
    await screenshot(phone.page, 'company-admin-infos-mobile-fr');
    await phone.page.goto('/config/joboffers/export');
    await phone.page.getByRole('list', { name: t('fr', 'export.history') }).getByRole('link').first().waitFor();
    await noSidewaysScroll(phone.page);
    await screenshot(phone.page, 'company-export-mobile-fr');
    await phone.context.close();

    // English: the account's saved language switched to English (this file's own database).
    const english = await app.newPage('en-US', { viewport: { width: 1366, height: 900 } });
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
    await openAdminInfos(english.page, 'en');
    assert.equal(await english.page.getByRole('textbox', { name: t('en', 'admin_infos.support_url') }).inputValue(), 'https://aide.valmont.example');
    await screenshot(english.page, 'company-admin-infos-en');
    await exportOffers(english.page, 'en');
    await settle(english.page);
    await screenshot(english.page, 'company-export-en');
    await english.context.close();

    const englishPhone = await app.newPage('en-US', { viewport: { width: 390, height: 844 } });
    await signIn(englishPhone.page, 'admin@demo.test');
    await englishPhone.page.waitForURL(`${app.url}/`);
    await openAdminInfos(englishPhone.page, 'en');
    await noSidewaysScroll(englishPhone.page);
    await screenshot(englishPhone.page, 'company-admin-infos-mobile-en');
    await englishPhone.page.goto('/config/joboffers/export');
    await englishPhone.page.getByRole('list', { name: t('en', 'export.history') }).getByRole('link').first().waitFor();
    await noSidewaysScroll(englishPhone.page);
    await screenshot(englishPhone.page, 'company-export-mobile-en');
    await englishPhone.context.close();
  });
});
