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

const SIGNATURE = 'L’équipe recrutement (e2e)';
const MJML = `<mjml><mj-body><mj-section><mj-column><mj-text font-family="Arial, Helvetica, sans-serif" color="#1e293b"><strong>${SIGNATURE}</strong><br />{{company.name}}</mj-text></mj-column></mj-section></mj-body></mjml>`;

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

/** grapesjs's canvas, once the visual editor has loaded its content. */
async function canvas(page: Page, lng: string) {
  const frame = page.frameLocator(`iframe[title="${t(lng, 'grapesjs:canvas')}"]`);
  await frame.locator('body').waitFor({ timeout: 30_000 });
  return frame;
}

const codeBox = (page: Page, lng: string) =>
  page.getByRole('textbox', { name: new RegExp(`^${t(lng, 'mail:editor.code_label')}`) });

async function useEnglish(page: Page) {
  await page.evaluate(async () => {
    const saved = await fetch('/api/user_profile/language', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ language: 'en' }),
    });
    if (!saved.ok) throw new Error(`language not saved: ${saved.status}`);
    localStorage.setItem('i18nextLng', 'en');
  });
}

describe('e-mail signatures', () => {
  it('writes the company’s French signature, previews it, saves it and finds it after a reload (1366 px)', async () => {
    const { context, page } = await app.newPage('fr-FR', {
      viewport: { width: 1366, height: 900 },
    });
    await signIn(page, 'admin@demo.test');
    await page.goto('/config/emails/signature');
    await page
      .getByRole('heading', { level: 1, name: label('fr', 'config:menu.email_signature') })
      .waitFor();
    await page.getByText(t('fr', 'mail:signature.not_written', { language: 'Français' })).waitFor();
    await page.getByRole('button', { name: t('fr', 'mail:signature.start') }).click();
    // The skeleton in the visual editor: the sender's name, the company, the address.
    const frame = await canvas(page, 'fr');
    await frame.getByText('{{company.name}}', { exact: false }).first().waitFor();
    // Written in the code view, then back to the canvas.
    await page.getByRole('button', { name: t('fr', 'mail:editor.code_mode') }).click();
    await codeBox(page, 'fr').fill(MJML);
    await page.getByRole('button', { name: t('fr', 'mail:editor.code_mode') }).click();
    await (await canvas(page, 'fr')).getByText(SIGNATURE).waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    await noSidewaysScroll(page);
    await screenshot(page, 'mail-signature-fr');

    // The preview fills the company's name.
    await page.getByRole('button', { name: t('fr', 'mail:editor.preview'), exact: true }).click();
    const dialog = page.getByRole('dialog', {
      name: t('fr', 'mail:signature.preview_title', { language: 'Français' }),
    });
    await dialog.waitFor();
    await dialog
      .frameLocator(`iframe[title="${t('fr', 'mail:editor.preview_frame')}"]`)
      .getByText('Groupe Valmont')
      .waitFor();
    assert.match(await dialog.locator('pre').innerText(), /recrutement \(e2e\)\s+Groupe Valmont/);
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'mail-signature-preview-fr', { fullPage: false });
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: t('fr', 'mail:signature.save') }).click();
    await page.getByText(t('fr', 'mail:signature.saved')).waitFor();
    await settle(page);
    await page.reload();
    await (await canvas(page, 'fr')).getByText(SIGNATURE).waitFor();
    await page.getByRole('button', { name: t('fr', 'mail:editor.code_mode') }).click();
    assert.match(await codeBox(page, 'fr').inputValue(), /L’équipe recrutement \(e2e\)/);
    await context.close();
  });

  it('shows the saved signature as code on a phone (390 px)', async () => {
    const { context, page } = await app.newPage('fr-FR', { viewport: { width: 390, height: 844 } });
    await signIn(page, 'admin@demo.test');
    await page.goto('/config/emails/signature');
    assert.match(await codeBox(page, 'fr').inputValue(), /L’équipe recrutement \(e2e\)/);
    await noSidewaysScroll(page);
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'mail-signature-mobile-fr');
    await context.close();
  });

  it('shows the company’s and the user’s own signature in English at 1366 and 390 px; a user saves their own', async () => {
    for (const viewport of [
      { width: 1366, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const { context, page } = await app.newPage('en-US', { viewport });
      await signIn(page, 'admin@demo.test');
      await useEnglish(page);
      const suffix = viewport.width === 390 ? 'mobile-en' : 'en';
      await page.goto('/config/emails/signature');
      await page
        .getByRole('tab', { name: t('en', 'mail:models.language_names.fr'), exact: true })
        .waitFor();
      if (viewport.width === 1366) await (await canvas(page, 'en')).getByText(SIGNATURE).waitFor();
      else assert.match(await codeBox(page, 'en').inputValue(), /recrutement \(e2e\)/);
      await noSidewaysScroll(page);
      await settle(page);
      await screenshot(page, `mail-signature-${suffix}`);

      await page.goto('/user-settings');
      const section = page.getByRole('region', { name: t('en', 'mail:signature.my_title') });
      await section.waitFor();
      if (viewport.width === 390) {
        // On a phone: the user's own, in English, written as code.
        await section
          .getByRole('tab', {
            name: `${t('en', 'mail:models.language_names.en')} (${t('en', 'mail:editor.not_written_short')})`,
          })
          .click();
        await section.getByRole('button', { name: t('en', 'mail:signature.start') }).click();
        await codeBox(page, 'en').fill(MJML.replace(SIGNATURE, 'Camille, recruiting (e2e)'));
        await section.getByRole('button', { name: t('en', 'mail:signature.save') }).click();
        await page.getByText(t('en', 'mail:signature.saved')).waitFor();
        await settle(page);
      } else {
        await section
          .getByText(t('en', 'mail:signature.not_written', { language: 'French' }))
          .waitFor();
      }
      assert.deepEqual(await seriousViolations(page), []);
      await noSidewaysScroll(page);
      await section.scrollIntoViewIfNeeded();
      await screenshot(page, `user-signature-${suffix}`);
      await context.close();
    }
  });
});
