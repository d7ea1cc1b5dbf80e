import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { signIn, useApp } from '../support/app.ts';
import { horizontalOverflow, screenshot, seriousViolations } from '../support/browser.ts';
import { label } from '../support/labels.ts';

const app = useApp();

/** A string of a namespace with its `{{…}}` values filled in. */
const t = (language: string, key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce((text, [name, value]) => text.replaceAll(`{{${name}}}`, String(value)), label(language, key));

/** A real PNG (RGB gradient) made here, so that the server's decoder and thumbnailer have work to do. */
function gradientPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body) >>> 0, body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) rows.set([Math.round((x / width) * 255), Math.round((y / height) * 200), 180], row + 1 + x * 3);
  }
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

async function settle(page: Page) {
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
  await page.waitForTimeout(300);
}

async function noSidewaysScroll(page: Page) {
  const overflow = await horizontalOverflow(page);
  assert.ok(overflow.overflow <= 0, `sideways scroll: ${JSON.stringify(overflow)}`);
}

/** Opens the new-offer dialog from every offer, picks the template and checks what it filled. */
async function pickTemplate(page: Page, lng: string, name: string) {
  await page.goto('/projects/all/offers');
  await page.getByRole('button', { name: t(lng, 'projects:new_offer.button') }).click();
  const dialog = page.getByRole('dialog', { name: t(lng, 'projects:new_offer.title') });
  await dialog.getByRole('combobox', { name: t(lng, 'projects:new_offer.template') }).selectOption({ label: name });
  assert.equal(await dialog.getByLabel(new RegExp(`^${t(lng, 'projects:fields.job_position')}`)).inputValue(), 'Soudeur TIG H/F');
  assert.equal(await dialog.getByLabel(t(lng, 'projects:fields.contract_type')).inputValue(), 'cdi');
  assert.equal(await dialog.getByLabel(t(lng, 'projects:fields.location')).inputValue(), 'Vénissieux');
  assert.equal(await dialog.getByLabel(t(lng, 'projects:fields.salary_min')).inputValue(), '31000');
  return dialog;
}

/** The offer made from the template with the bank image (first test), for the later walks. */
let offerPath = '';

/** The offer's header thumbnail, loaded at its thumbnail size. */
async function headerImage(page: Page, lng: string) {
  const image = page.getByRole('img', { name: t(lng, 'projects:details.image_alt', { name: 'Soudeur TIG H/F' }) });
  await image.waitFor();
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
  assert.deepEqual(await image.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight, img.loading]), [320, 180, 'lazy']);
  return image;
}

describe('job-offer settings', () => {
  it('creates a template that fills the new-offer dialog, uploads an image the offer shows (fr, 1366 and 390 px)', async () => {
    const { context, page } = await app.newPage();
    await signIn(page, 'admin@demo.test');
    await page.waitForURL(`${app.url}/`);

    // Templates: the name is required, then a template with the offer fields.
    await page.goto('/config/joboffers/templates');
    await page.getByRole('heading', { level: 1, name: label('fr', 'config:menu.templates') }).waitFor();
    await page.getByRole('button', { name: t('fr', 'offer_settings:templates.add') }).click();
    const dialog = page.getByRole('dialog', { name: t('fr', 'offer_settings:templates.create_title') });
    await dialog.getByRole('button', { name: t('fr', 'offer_settings:templates.submit_create') }).click();
    await dialog.getByText(label('fr', 'errors:field_required')).waitFor();
    await dialog.getByLabel(new RegExp(`^${t('fr', 'offer_settings:templates.name')}`)).fill('Soudeur atelier');
    await dialog.getByLabel(t('fr', 'projects:fields.job_position')).fill('Soudeur TIG H/F');
    await dialog.getByLabel(t('fr', 'projects:fields.contract_type')).selectOption('cdi');
    await dialog.getByLabel(t('fr', 'projects:fields.location')).fill('Vénissieux');
    await dialog.getByLabel(t('fr', 'projects:fields.salary_min')).fill('31000');
    await dialog.getByLabel(t('fr', 'projects:fields.salary_max')).fill('36000');
    await dialog.getByLabel(t('fr', 'projects:fields.description')).fill('Atelier de 40 personnes.\n\nÉquipe de jour.');
    await screenshot(page, 'offer-templates-dialog-fr');
    await dialog.getByRole('button', { name: t('fr', 'offer_settings:templates.submit_create') }).click();
    await page.getByText(t('fr', 'offer_settings:templates.created', { name: 'Soudeur atelier' })).waitFor();
    const templates = page.getByRole('list', { name: t('fr', 'offer_settings:templates.list_label') });
    await templates.getByText('Soudeur TIG H/F · CDI · Vénissieux').waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    await settle(page);
    await screenshot(page, 'offer-templates-fr');

    // Image bank: a text file named .png is refused, a real PNG gets its thumbnail.
    await page.goto('/config/joboffers/image-bank');
    await page.getByRole('heading', { level: 1, name: label('fr', 'config:menu.image_bank') }).waitFor();
    const file = page.getByLabel(t('fr', 'offer_settings:images.upload'));
    await file.setInputFiles({ name: 'faux.png', mimeType: 'image/png', buffer: Buffer.from('ceci est du texte') });
    await page.getByRole('alert').filter({ hasText: label('fr', 'errors:file_type') }).waitFor();
    await file.setInputFiles({ name: 'atelier.png', mimeType: 'image/png', buffer: gradientPng(960, 540) });
    await page.getByText(t('fr', 'offer_settings:images.uploaded', { name: 'atelier.png' })).waitFor();
    const images = page.getByRole('list', { name: t('fr', 'offer_settings:images.list_label') });
    const thumb = images.getByRole('img', { name: 'atelier.png' });
    await thumb.waitFor();
    await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
    assert.deepEqual(await thumb.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]), [320, 180]);
    assert.deepEqual(await seriousViolations(page), []);
    await settle(page);
    await screenshot(page, 'offer-image-bank-fr');

    // The new-offer dialog: the template fills the form, the bank image is picked.
    const offer = await pickTemplate(page, 'fr', 'Soudeur atelier');
    await offer.getByRole('radio', { name: 'atelier.png' }).check({ force: true });
    // The project select's label carries a required mark: found by its id.
    await offer.locator('#new-offer-project').selectOption({ index: 1 });
    await screenshot(page, 'offer-new-from-template-fr');
    await offer.getByRole('button', { name: t('fr', 'projects:new_offer.submit') }).click();
    await page.waitForURL(/\/projects\/\d+\/offer\/\d+$/);
    await page.getByRole('heading', { level: 1, name: 'Soudeur TIG H/F' }).waitFor();
    offerPath = new URL(page.url()).pathname;
    // The offer's page shows the picked image in its header.
    await headerImage(page, 'fr');
    await screenshot(page, 'offer-page-image-fr', { fullPage: false });
    await page.goto('/config/joboffers/image-bank');
    await page.getByText(t('fr', 'offer_settings:images.used_by_one', { count: 1 })).waitFor();
    await context.close();

    // A phone: the three pages fit without sideways scrolling, the dialog too.
    const phone = await app.newPage('fr-FR', { viewport: { width: 390, height: 844 } });
    await signIn(phone.page, 'admin@demo.test');
    await phone.page.waitForURL(`${app.url}/`);
    await phone.page.goto('/config/joboffers/templates');
    await phone.page.getByRole('list', { name: t('fr', 'offer_settings:templates.list_label') }).getByText('Soudeur atelier').waitFor();
    await noSidewaysScroll(phone.page);
    await screenshot(phone.page, 'offer-templates-mobile-fr');
    await phone.page.goto('/config/joboffers/image-bank');
    await phone.page.getByRole('img', { name: 'atelier.png' }).waitFor();
    await noSidewaysScroll(phone.page);
    await screenshot(phone.page, 'offer-image-bank-mobile-fr');
    await phone.page.goto(offerPath);
    const box = await (await headerImage(phone.page, 'fr')).boundingBox();
    assert.ok(box && box.width <= 56.5 && box.x >= 0, `the header image keeps to its phone size: ${JSON.stringify(box)}`);
    await noSidewaysScroll(phone.page);
    await screenshot(phone.page, 'offer-page-image-mobile-fr', { fullPage: false });
    await phone.page.goto('/config/joboffers/application-path');
    await phone.page.getByRole('combobox', { name: t('fr', 'offer_settings:path.fields.phone') }).waitFor();
    await noSidewaysScroll(phone.page);
    await screenshot(phone.page, 'offer-application-path-mobile-fr');
    await pickTemplate(phone.page, 'fr', 'Soudeur atelier');
    await noSidewaysScroll(phone.page);
    await screenshot(phone.page, 'offer-new-from-template-mobile-fr', { fullPage: false });
    await phone.context.close();
  });

  it('walks the same pages in English at 1366 and 390 px', async () => {
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
      await page.goto('/config/joboffers/templates');
      await page.getByRole('heading', { level: 1, name: label('en', 'config:menu.templates') }).waitFor();
      await page.getByRole('list', { name: t('en', 'offer_settings:templates.list_label') }).getByText('Soudeur atelier').waitFor();
      await noSidewaysScroll(page);
      await screenshot(page, `offer-templates-${suffix}`);
      await page.goto('/config/joboffers/image-bank');
      await page.getByText(t('en', 'offer_settings:images.used_by_one', { count: 1 })).waitFor();
      await noSidewaysScroll(page);
      await screenshot(page, `offer-image-bank-${suffix}`);
      await page.goto('/config/joboffers/application-path');
      await page.getByRole('combobox', { name: t('en', 'offer_settings:path.fields.phone') }).selectOption('required');
      await page.getByRole('button', { name: label('en', 'common:save') }).click();
      await page.getByText(label('en', 'common:saved')).first().waitFor();
      await noSidewaysScroll(page);
      await screenshot(page, `offer-application-path-${suffix}`);
      if (viewport.width === 1366) {
        // The manual applicant form follows the saved path: the phone is now required.
        await page.goto(`${offerPath}?tab=applications`);
        await page.getByRole('button', { name: t('en', 'applicant:manual.open') }).click();
        const manual = page.getByRole('dialog', { name: t('en', 'applicant:manual.title') });
        const phoneField = manual.getByRole('textbox', { name: t('en', 'applicant:fields.phone') });
        assert.equal(await phoneField.getAttribute('aria-required'), 'true');
        await manual.getByRole('textbox', { name: new RegExp(`^${t('en', 'applicant:fields.firstname')}`) }).fill('Jade');
        await manual.getByRole('textbox', { name: new RegExp(`^${t('en', 'applicant:fields.lastname')}`) }).fill('Perrin');
        await manual.getByRole('button', { name: t('en', 'applicant:manual.submit'), exact: true }).click();
        await manual.getByText(label('en', 'errors:field_required')).waitFor();
        assert.equal(await phoneField.getAttribute('aria-invalid'), 'true');
        await screenshot(page, 'manual-applicant-path-required-en', { fullPage: false });
        await phoneField.fill('06 12 34 56 78');
        await manual.getByRole('button', { name: t('en', 'applicant:manual.submit'), exact: true }).click();
        await manual.waitFor({ state: 'detached' });
        await headerImage(page, 'en');
      }
      await pickTemplate(page, 'en', 'Soudeur atelier');
      await noSidewaysScroll(page);
      await screenshot(page, `offer-new-from-template-${suffix}`, { fullPage: false });
      await context.close();
    }
  });
});
