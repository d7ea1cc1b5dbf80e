import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { signIn, useApp } from '../support/app.ts';
import { horizontalOverflow, screenshot, seriousViolations } from '../support/browser.ts';
import { label } from '../support/labels.ts';

const app = useApp();

/** A string of the career_site namespace with its `{{…}}` values filled in. */
const t = (language: string, key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce(
    (text, [name, value]) => text.replaceAll(`{{${name}}}`, String(value)),
    label(language, `career_site:${key}`),
  );

/** A real PNG (a gradient made here, as offer-settings.spec.ts does) that the bank decodes. */
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
    for (let x = 0; x < width; x++)
      rows.set(
        [20, Math.round((x / width) * 120), Math.round((y / height) * 160)],
        row + 1 + x * 3,
      );
  }
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const LOCALES: Record<string, string> = { fr: 'fr-FR', en: 'en-US', es: 'es-ES', de: 'de-DE' };

async function settle(page: Page) {
  await page
    .locator('[data-sonner-toast]')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  await page.waitForTimeout(300);
}

/** Opens the career-site settings and waits for the form. */
async function openCareerSite(page: Page, lng: string) {
  await page.goto('/config/career-site');
  await page
    .getByRole('heading', { level: 1, name: label(lng, 'config:menu.career_site') })
    .waitFor();
  await page.getByRole('textbox', { name: t(lng, 'address.slug') }).waitFor();
  await page.getByRole('radiogroup', { name: t(lng, 'cover.title') }).waitFor();
}

/** Signs admin@demo.test in with `lng` as the account's language, in a window of `width`. */
async function adminPage(lng: string, width: number) {
  const opened = await app.newPage(LOCALES[lng]!, {
    viewport: { width, height: width < 500 ? 844 : 900 },
  });
  await signIn(opened.page, 'admin@demo.test');
  await opened.page.waitForURL(`${app.url}/`);
  await opened.page.evaluate(async (language) => {
    const saved = await fetch('/api/user_profile/language', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ language }),
    });
    if (!saved.ok) throw new Error(`language not saved: ${saved.status}`);
    localStorage.setItem('i18nextLng', language);
  }, lng);
  return opened;
}

describe('career-site settings', () => {
  it('saves the slug, colours, cover, languages and notices; the header link follows; four languages at 1366 and 390 px', async () => {
    const { context, page } = await adminPage('fr', 1366);
    // A picture in the bank, to be the cover.
    const png = gradientPng(640, 320);
    const uploaded = await page.evaluate(
      async (bytes) => {
        const form = new FormData();
        form.append(
          'file',
          new Blob([new Uint8Array(bytes)], { type: 'image/png' }),
          'atelier.png',
        );
        const res = await fetch('/api/offer-images', { method: 'POST', body: form });
        return res.status;
      },
      [...png],
    );
    assert.equal(uploaded, 201);

    await openCareerSite(page, 'fr');
    assert.deepEqual(await seriousViolations(page), []);
    const slug = page.getByRole('textbox', { name: t('fr', 'address.slug') });
    assert.equal(await slug.inputValue(), 'groupe-valmont');

    // A colour too light is explained before anything is sent.
    const accent = page.getByRole('textbox', { name: t('fr', 'colors.accent'), exact: true });
    await accent.fill('#fde047');
    await page.getByRole('button', { name: t('fr', 'save') }).click();
    await page.getByText(label('fr', 'errors:low_contrast')).waitFor();
    await accent.fill('#9a3412');

    await slug.fill('valmont-carrieres');
    await page
      .getByRole('textbox', { name: t('fr', 'colors.primary'), exact: true })
      .fill('#14532d');
    await page.getByRole('radio', { name: 'atelier.png' }).check({ force: true });
    await page.getByRole('checkbox', { name: t('fr', 'languages.names.en') }).check();
    const fr = t('fr', 'languages.names.fr');
    const en = t('fr', 'languages.names.en');
    await page
      .getByRole('textbox', { name: t('fr', 'texts.introduction', { language: fr }) })
      .fill('Groupe industriel familial, 1 200 personnes en Auvergne-Rhône-Alpes.');
    await page
      .getByRole('textbox', { name: t('fr', 'texts.privacy', { language: fr }) })
      .fill('Vos données servent uniquement à votre candidature et sont conservées deux ans.');
    await page
      .getByRole('textbox', { name: t('fr', 'texts.introduction', { language: en }) })
      .fill('A family-owned industrial group of 1,200 people.');
    // English offered: its privacy notice is required.
    await page.getByRole('button', { name: t('fr', 'save') }).click();
    await page.getByText(label('fr', 'errors:field_required')).first().waitFor();
    await page
      .getByRole('textbox', { name: t('fr', 'texts.privacy', { language: en }) })
      .fill('Your data is used for your application only and kept two years.');
    await page.getByRole('checkbox', { name: t('fr', 'offer_fields.fields.salary') }).check();
    await page.getByRole('checkbox', { name: t('fr', 'community.open') }).check();
    await page.getByRole('button', { name: t('fr', 'save') }).click();
    await page.getByText(t('fr', 'saved')).waitFor();
    await page.getByText(t('fr', 'address.previous', { slugs: 'groupe-valmont' })).waitFor();
    await page
      .getByText(/Version 1 du/)
      .first()
      .waitFor();

    // The header's link follows the slug (`/api/me` refetched after the save).
    const header = page
      .getByRole('banner')
      .getByRole('link', { name: label('fr', 'common:header.career_site'), exact: true });
    await page.waitForFunction(
      () =>
        document
          .querySelector('header a[target="_blank"][href*="/careers/"]')
          ?.getAttribute('href')
          ?.endsWith('/careers/valmont-carrieres'),
      undefined,
      { timeout: 10_000 },
    );
    assert.match((await header.getAttribute('href')) ?? '', /\/careers\/valmont-carrieres$/);

    // A second save with a changed notice makes version 2; the first is kept.
    await page
      .getByRole('textbox', { name: t('fr', 'texts.privacy', { language: fr }) })
      .fill(
        'Vos données servent uniquement à votre candidature et sont conservées deux ans au plus.',
      );
    await page.getByRole('button', { name: t('fr', 'save') }).click();
    await page.getByText(/Version 2 du/).waitFor();
    await settle(page);
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'career-site-settings-fr');
    await context.close();

    for (const lng of ['fr', 'en', 'es', 'de']) {
      for (const width of [1366, 390]) {
        if (lng === 'fr' && width === 1366) continue;
        const opened = await adminPage(lng, width);
        await openCareerSite(opened.page, lng);
        assert.equal(
          await opened.page.getByRole('textbox', { name: t(lng, 'address.slug') }).inputValue(),
          'valmont-carrieres',
        );
        const overflow = await horizontalOverflow(opened.page);
        assert.ok(
          overflow.overflow <= 0,
          `${lng} ${width}px sideways scroll: ${JSON.stringify(overflow)}`,
        );
        if (width === 390 || lng === 'en')
          await screenshot(opened.page, `career-site-settings-${lng}-${width}`);
        await opened.context.close();
      }
    }
  });

  it('the public site reads without JavaScript, on a phone in French and a desktop in English', async () => {
    // Runs after the settings test (same file, same database): the slug is valmont-carrieres.
    const phone = await app.newPage('fr-FR', {
      viewport: { width: 390, height: 844 },
      javaScriptEnabled: false,
    });
    const list = await phone.page.goto('/careers/valmont-carrieres');
    assert.equal(list?.status(), 200);
    // Search engines may read the career sites, not the application (the built robots.txt).
    const robots = await phone.page.request.get('/robots.txt');
    assert.match(robots.headers()['content-type'] ?? '', /^text\/plain/);
    assert.match(await robots.text(), /^Allow: \/careers\/$/m);
    assert.match(await robots.text(), /^Disallow: \/$/m);
    await phone.page
      .getByRole('heading', { level: 1, name: /Offres d'emploi – Groupe Valmont/ })
      .waitFor();
    await phone.page
      .getByRole('search')
      .getByRole('searchbox', { name: 'Rechercher une offre' })
      .waitFor();
    const overflow = await horizontalOverflow(phone.page);
    assert.ok(overflow.overflow <= 0, `sideways scroll: ${JSON.stringify(overflow)}`);
    await screenshot(phone.page, 'career-site-public-list-fr-390');
    // The first offer: its page carries a JobPosting.
    await phone.page.locator('ul.offers a').first().click();
    await phone.page.waitForURL(/\/careers\/valmont-carrieres\/offers\/\d+-/);
    const ld = JSON.parse(
      (await phone.page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    ) as Record<string, unknown>;
    assert.equal(ld['@type'], 'JobPosting');
    assert.ok(
      ld.title && ld.description && ld.datePosted && ld.hiringOrganization,
      JSON.stringify(ld),
    );
    const offerOverflow = await horizontalOverflow(phone.page);
    assert.ok(offerOverflow.overflow <= 0, `sideways scroll: ${JSON.stringify(offerOverflow)}`);
    await screenshot(phone.page, 'career-site-public-offer-fr-390');
    await phone.context.close();

    // A desktop browser with scripting on, as most are (axe needs it to run): the page has none of its own.
    const desktop = await app.newPage('en-US', { viewport: { width: 1366, height: 900 } });
    await desktop.page.goto('/careers/valmont-carrieres');
    await desktop.page.getByRole('heading', { level: 1, name: /Jobs – Groupe Valmont/ }).waitFor();
    assert.equal(await desktop.page.locator('script:not([type="application/ld+json"])').count(), 0);
    assert.deepEqual(await seriousViolations(desktop.page), []);
    await screenshot(desktop.page, 'career-site-public-list-en-1366');
    await desktop.page.locator('ul.offers a').first().click();
    await desktop.page.getByRole('link', { name: /All jobs/ }).waitFor();
    assert.deepEqual(await seriousViolations(desktop.page), []);
    await screenshot(desktop.page, 'career-site-public-offer-en-1366');
    await desktop.context.close();
  });
});
