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

const NAME = 'Refus après entretien (e2e)';

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

/** Previews the open language and checks that the server filled the first name with its sample. */
async function previewShows(page: Page, lng: string, language: string, text: RegExp) {
  await page.getByRole('button', { name: t(lng, 'mail:editor.preview'), exact: true }).click();
  const dialog = page.getByRole('dialog', {
    name: t(lng, 'mail:editor.preview_title', { language }),
  });
  await dialog.waitFor();
  const mail = dialog.frameLocator(`iframe[title="${t(lng, 'mail:editor.preview_frame')}"]`);
  await mail.getByText(text).first().waitFor();
  assert.equal(
    await dialog.locator('iframe').getAttribute('sandbox'),
    '',
    'the preview frame may run nothing',
  );
  return dialog;
}

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

describe('e-mail models', () => {
  it('creates a French refusal model in the visual editor, inserts a merge field, saves and previews it (1366 px)', async () => {
    const { context, page } = await app.newPage('fr-FR', {
      viewport: { width: 1366, height: 900 },
    });
    // The editor fetches nothing from elsewhere (no CDN, no telemetry, no font).
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (/^https?:/.test(url) && !url.startsWith(app.url)) elsewhere.push(url);
    });
    await signIn(page, 'admin@demo.test');
    await page.goto('/config/emails/model');
    await page
      .getByRole('heading', { level: 1, name: label('fr', 'config:menu.email_models') })
      .waitFor();
    await page.getByRole('button', { name: t('fr', 'mail:models.new') }).click();
    await page.getByRole('menuitem', { name: t('fr', 'mail:models.kinds.refusal') }).click();
    await page.waitForURL(/\/config\/emails\/model\/new\?kind=refusal$/);
    // The models' entry stays the selected one of the configuration menu.
    await page
      .getByRole('link', { name: label('fr', 'config:menu.email_models') })
      .and(page.locator('[aria-current="page"]'))
      .waitFor();

    const frame = await canvas(page, 'fr');
    await page.getByLabel(new RegExp(`^${t('fr', 'mail:editor.name')}`)).fill(NAME);
    await page
      .getByRole('textbox', { name: new RegExp(`^${t('fr', 'mail:editor.subject')}`) })
      .fill('Votre candidature');
    // A click on a paragraph of the canvas selects it; the picker adds the field to its end.
    await frame.getByText(t('fr', 'mail:models.skeleton.body')).click();
    await page.getByRole('button', { name: t('fr', 'grapesjs:select_parent') }).waitFor();
    await page.getByRole('button', { name: t('fr', 'mail:editor.insert_in_body') }).click();
    await page
      .getByRole('menuitem', {
        name: new RegExp(`^${t('fr', 'mail:models.merge_fields.candidate.firstname')}`),
      })
      .click();
    await frame
      .getByText(`${t('fr', 'mail:models.skeleton.body')} {{candidate.firstname}}`)
      .waitFor();
    // A block goes after the selected paragraph; its settings are the app's fields.
    await page.getByRole('button', { name: t('fr', 'grapesjs:block.button'), exact: true }).click();
    await frame.getByText(t('fr', 'grapesjs:default_button'), { exact: true }).waitFor();
    await page
      .getByRole('textbox', { name: t('fr', 'grapesjs:props.href') })
      .fill('{{offer.link}}');
    assert.deepEqual(await seriousViolations(page), []);
    await noSidewaysScroll(page);
    await screenshot(page, 'mail-model-editor-fr');

    await page.getByRole('button', { name: t('fr', 'mail:editor.create') }).click();
    await page.getByText(t('fr', 'mail:editor.created', { name: NAME })).waitFor();
    await page.waitForURL(/\/config\/emails\/model\/\d+$/);
    await page.getByRole('heading', { level: 2, name: NAME }).waitFor();
    await canvas(page, 'fr');

    // The server fills the first name with its French sample, Léa, where the field was inserted.
    const dialog = await previewShows(
      page,
      'fr',
      t('fr', 'mail:models.language_names.fr'),
      /Écrivez ici votre message\. Léa/,
    );
    await dialog.getByText('Votre candidature', { exact: true }).waitFor();
    const button = dialog
      .frameLocator(`iframe[title="${t('fr', 'mail:editor.preview_frame')}"]`)
      .getByRole('link', { name: t('fr', 'grapesjs:default_button') });
    assert.match((await button.getAttribute('href')) ?? '', /^https?:\/\//);
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'mail-model-preview-fr', { fullPage: false });
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: t('fr', 'mail:editor.back') }).click();
    const list = page.getByRole('list', { name: t('fr', 'mail:models.list_label') });
    const row = list
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: NAME, exact: true }) });
    await row.getByText(t('fr', 'mail:models.kinds.refusal'), { exact: true }).waitFor();
    await page
      .getByRole('combobox', { name: t('fr', 'mail:models.kind_filter') })
      .selectOption('refusal');
    await page.waitForURL(/kind=refusal/);
    await row.waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    await noSidewaysScroll(page);
    await settle(page);
    await screenshot(page, 'mail-models-fr');
    assert.deepEqual(elsewhere, []);
    await context.close();
  });

  it('edits the subject and previews on a phone (390 px), where the body is MJML code', async () => {
    const { context, page } = await app.newPage('fr-FR', { viewport: { width: 390, height: 844 } });
    await signIn(page, 'admin@demo.test');
    await page.goto('/config/emails/model?q=e2e');
    await page.getByRole('link', { name: NAME, exact: true }).click();
    await page.getByRole('heading', { level: 2, name: NAME }).waitFor();
    const code = page.getByRole('textbox', {
      name: new RegExp(`^${t('fr', 'mail:editor.code_label')}`),
    });
    assert.match(await code.inputValue(), /\{\{candidate\.firstname\}\}/);
    const subject = page.getByRole('textbox', {
      name: new RegExp(`^${t('fr', 'mail:editor.subject')}`),
    });
    await subject.fill('Votre candidature, ');
    await page.getByRole('button', { name: t('fr', 'mail:editor.insert_in_subject') }).click();
    await page
      .getByRole('menuitem', {
        name: new RegExp(`^${t('fr', 'mail:models.merge_fields.candidate.firstname')}`),
      })
      .click();
    assert.equal(await subject.inputValue(), 'Votre candidature, {{candidate.firstname}}');
    await noSidewaysScroll(page);
    await screenshot(page, 'mail-model-editor-mobile-fr');

    const dialog = await previewShows(page, 'fr', t('fr', 'mail:models.language_names.fr'), /Léa/);
    await dialog.getByText('Votre candidature, Léa', { exact: true }).waitFor();
    await noSidewaysScroll(page);
    await screenshot(page, 'mail-model-preview-mobile-fr', { fullPage: false });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: t('fr', 'mail:editor.save'), exact: true }).click();
    await page.getByText(t('fr', 'mail:editor.saved', { name: NAME })).waitFor();
    await page.getByRole('button', { name: t('fr', 'mail:editor.send_test') }).click();
    await page.getByText(t('fr', 'mail:editor.test_sent', { email: 'admin@demo.test' })).waitFor();

    await page.getByRole('link', { name: t('fr', 'mail:editor.back') }).click();
    await page.getByRole('list', { name: t('fr', 'mail:models.list_label') }).waitFor();
    await noSidewaysScroll(page);
    await settle(page);
    await screenshot(page, 'mail-models-mobile-fr');
    await context.close();
  });

  it('shows the list and the editor in English at 1366 and 390 px', async () => {
    for (const viewport of [
      { width: 1366, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const { context, page } = await app.newPage('en-US', { viewport });
      await signIn(page, 'admin@demo.test');
      await useEnglish(page);
      const suffix = viewport.width === 390 ? 'mobile-en' : 'en';
      await page.goto('/config/emails/model');
      await page.getByRole('link', { name: NAME, exact: true }).waitFor();
      await page.getByText(t('en', 'mail:models.kinds.refusal')).first().waitFor();
      await noSidewaysScroll(page);
      await screenshot(page, `mail-models-${suffix}`);
      await page.getByRole('link', { name: NAME, exact: true }).click();
      await page.getByRole('heading', { level: 2, name: NAME }).waitFor();
      if (viewport.width === 1366) {
        const frame = await canvas(page, 'en');
        await frame.getByText('Écrivez ici votre message.', { exact: false }).waitFor();
        assert.deepEqual(await seriousViolations(page), []);
      } else {
        await page
          .getByRole('textbox', { name: new RegExp(`^${t('en', 'mail:editor.code_label')}`) })
          .waitFor();
      }
      await page
        .getByRole('tab', {
          name: `${t('en', 'mail:models.language_names.en')} (${t('en', 'mail:editor.not_written_short')})`,
        })
        .click();
      await page
        .getByRole('button', {
          name: t('en', 'mail:editor.copy_from', {
            language: t('en', 'mail:models.language_names.fr'),
          }),
        })
        .waitFor();
      await noSidewaysScroll(page);
      await screenshot(page, `mail-model-editor-${suffix}`);
      await context.close();
    }
  });
});
