import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { signIn, useApp } from '../support/app.ts';
import { horizontalOverflow, screenshot, seriousViolations } from '../support/browser.ts';
import { label } from '../support/labels.ts';

const app = useApp();

/** A string of a namespace with its `{{…}}` values filled in. */
const t = (language: string, key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce(
    (text, [name, value]) => text.replaceAll(`{{${name}}}`, String(value)),
    label(language, key),
  );

const TITLE = { fr: 'Le tableau de bord fait peau neuve', en: 'A new dashboard' };
const BODY = {
  fr: 'Retrouvez vos offres en alerte dès la connexion.',
  en: 'Find your offers in alert as soon as you sign in.',
};
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

async function settle(page: Page) {
  await page
    .locator('[data-sonner-toast]')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  await page.waitForTimeout(300);
}

async function noSidewaysScroll(page: Page) {
  const overflow = await horizontalOverflow(page);
  assert.ok(overflow.overflow <= 0, `sideways scroll: ${JSON.stringify(overflow)}`);
}

/** Saves the signed-in user's language and the interface's, then reloads the dashboard. */
async function useLanguage(page: Page, language: string) {
  await page.evaluate(async (lng) => {
    const saved = await fetch('/api/user_profile/language', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ language: lng }),
    });
    if (!saved.ok) throw new Error(`language not saved: ${saved.status}`);
    localStorage.setItem('i18nextLng', lng);
  }, language);
  await page.goto('/');
}

/** Signs in and waits for the dashboard's own call for the current item. */
async function signInSeeingNews(page: Page, email: string) {
  const asked = page.waitForResponse((r) => r.url().endsWith('/api/news/current'));
  await signIn(page, email);
  return (await asked).json() as Promise<{ id: number; language: string } | null>;
}

/** The popup as a user sees it, in `lng` (the item's title in that language). */
function popup(page: Page, lng: 'fr' | 'en') {
  return page.getByRole('dialog', { name: TITLE[lng] });
}

async function openConfig(page: Page, lng: string) {
  await page.goto('/config/superadmin-section/news-popup');
  await page
    .getByRole('heading', { level: 1, name: label(lng, 'config:menu.news_popup') })
    .waitFor();
}

describe('news popup', () => {
  it('the staff write an item for every company; a user sees it once in French, closes it, and it never comes back', async () => {
    const staff = await app.newPage('fr-FR', { viewport: DESKTOP });
    await signIn(staff.page, 'superadmin@demo.test');
    await openConfig(staff.page, 'fr');
    await staff.page.getByText(t('fr', 'news:list.empty')).waitFor();
    await staff.page.getByRole('button', { name: t('fr', 'news:add') }).click();
    const dialog = staff.page.getByRole('dialog', { name: t('fr', 'news:dialog.create_title') });
    for (const lng of ['fr', 'en'] as const) {
      const language = t('fr', `news:languages.${lng}`);
      await dialog.getByRole('tab', { name: new RegExp(`^${language}`) }).click();
      await dialog
        .getByRole('textbox', { name: t('fr', 'news:dialog.title', { language }) })
        .fill(TITLE[lng]);
      const editor = dialog.getByRole('textbox', {
        name: t('fr', 'news:dialog.body', { language }),
      });
      await editor.click();
      await staff.page.keyboard.type(BODY[lng]);
    }
    assert.deepEqual(await seriousViolations(staff.page), []);
    await screenshot(staff.page, 'news-dialog-fr', { fullPage: false });
    await dialog.getByRole('button', { name: t('fr', 'news:dialog.submit_create') }).click();
    await staff.page.getByText(t('fr', 'news:dialog.created')).waitFor();
    const list = staff.page.getByRole('list', { name: t('fr', 'news:list.label') });
    await list.getByText(TITLE.fr).waitFor();
    await list.getByText(t('fr', 'news:status.current')).waitFor();
    await list.getByText(t('fr', 'news:list.audience_all')).waitFor();
    assert.deepEqual(await seriousViolations(staff.page), []);
    await settle(staff.page);
    await screenshot(staff.page, 'news-config-fr');
    await staff.context.close();

    // A user of Groupe Valmont, in French: the popup after sign-in, on the dashboard.
    const user = await app.newPage('fr-FR', { viewport: DESKTOP });
    const current = await signInSeeingNews(user.page, 'admin@demo.test');
    assert.equal(current?.language, 'fr');
    const shown = popup(user.page, 'fr');
    await shown.waitFor();
    await shown.getByText(BODY.fr).waitFor();
    assert.deepEqual(await seriousViolations(user.page), []);
    await screenshot(user.page, 'news-popup-fr', { fullPage: false });
    // Keyboard: the button that closes it is reachable and named.
    const close = shown.getByRole('button', { name: t('fr', 'news:popup.close') });
    await close.focus();
    await user.page.keyboard.press('Enter');
    await shown.waitFor({ state: 'detached' });

    // Reloaded: the server no longer has an item for this user, and nothing shows.
    const again = user.page.waitForResponse((r) => r.url().endsWith('/api/news/current'));
    await user.page.reload();
    assert.equal(await (await again).json(), null);
    await user.page.waitForTimeout(500);
    assert.equal(await user.page.getByRole('dialog').count(), 0);
    await user.context.close();
  });

  it('shows in English and on a phone, and the config screen too (390 and 1366 px)', async () => {
    // The French popup on a phone: another user of Valmont who has not closed it yet.
    const phone = await app.newPage('fr-FR', { viewport: PHONE });
    await signInSeeingNews(phone.page, 'recruiter@demo.test');
    await popup(phone.page, 'fr').waitFor();
    await noSidewaysScroll(phone.page);
    await screenshot(phone.page, 'news-popup-mobile-fr', { fullPage: false });
    await phone.context.close();

    // In English: the other company's administrator reads the English version.
    for (const viewport of [DESKTOP, PHONE]) {
      const { context, page } = await app.newPage('en-US', { viewport });
      await signIn(page, 'admin@other.test');
      await useLanguage(page, 'en');
      const shown = popup(page, 'en');
      await shown.getByText(BODY.en).waitFor();
      await shown.getByText(t('en', 'news:popup.hint')).waitFor();
      if (viewport === PHONE) await noSidewaysScroll(page);
      else assert.deepEqual(await seriousViolations(page), []);
      await screenshot(page, viewport === PHONE ? 'news-popup-mobile-en' : 'news-popup-en', {
        fullPage: false,
      });
      await context.close();
    }

    // The staff close their own popup, then read the config screen in both languages.
    for (const [lng, locale] of [
      ['fr', 'fr-FR'],
      ['en', 'en-US'],
    ] as const) {
      for (const viewport of lng === 'fr' ? [PHONE] : [DESKTOP, PHONE]) {
        const { context, page } = await app.newPage(locale, { viewport });
        // The staff's own company is one of every company: they close the popup with Escape once.
        if (await signInSeeingNews(page, 'superadmin@demo.test')) {
          await popup(page, 'fr').waitFor();
          await page.keyboard.press('Escape');
          await popup(page, 'fr').waitFor({ state: 'detached' });
        }
        if (lng === 'en') await useLanguage(page, 'en');
        await openConfig(page, lng);
        const list = page.getByRole('list', { name: t(lng, 'news:list.label') });
        await list.getByText(lng === 'en' ? TITLE.en : TITLE.fr).waitFor();
        await list.getByText(t(lng, 'news:status.current')).waitFor();
        await noSidewaysScroll(page);
        if (viewport === DESKTOP) assert.deepEqual(await seriousViolations(page), []);
        await settle(page);
        await screenshot(page, `news-config-${viewport === PHONE ? 'mobile-' : ''}${lng}`);
        if (viewport === PHONE) {
          // The item's dialog on a phone: the chosen companies' search, the dates side by side no more.
          await list
            .getByRole('button', { name: t(lng, 'news:list.edit', { title: TITLE[lng] }) })
            .click();
          const dialog = page.getByRole('dialog', { name: t(lng, 'news:dialog.edit_title') });
          await dialog
            .getByRole('radio', { name: t(lng, 'news:dialog.audience_companies') })
            .check();
          const results = dialog.getByRole('list', {
            name: t(lng, 'news:dialog.company_results'),
          });
          await results.getByText('Groupe Valmont').waitFor();
          await results.scrollIntoViewIfNeeded();
          await noSidewaysScroll(page);
          await screenshot(page, `news-dialog-mobile-${lng}`, { fullPage: false });
          await page.keyboard.press('Escape');
          await dialog.waitFor({ state: 'detached' });
        }
        await context.close();
      }
    }
  });
});
