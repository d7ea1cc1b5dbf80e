import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { signIn, useApp } from '../support/app.ts';
import { horizontalOverflow, screenshot, seriousViolations } from '../support/browser.ts';
import { label } from '../support/labels.ts';

const app = useApp();

type Offer = { id: number; project_id: number; job_position: string };

/** A string of the workflows namespace with its `{{…}}` values filled in. */
const t = (language: string, key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce((text, [name, value]) => text.replaceAll(`{{${name}}}`, String(value)), label(language, `workflows:${key}`));
const status = (language: string, name: string) => label(language, `config:status.statuses.${name}`);

async function publishedOffer(page: Page): Promise<Offer> {
  const offer = await page.evaluate(async () => {
    const list = (await (await fetch('/api/projects/all/offers?filter[status]=published&per_page=1')).json()) as { data: Offer[] };
    return list.data[0] ?? null;
  });
  assert.ok(offer, 'the demo data has a published offer');
  return offer;
}

/** The board's column titles, left to right. */
async function columnTitles(page: Page): Promise<string[]> {
  return page.locator('section[aria-labelledby] > header > h2').allTextContents();
}

async function settle(page: Page) {
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
  await page.waitForTimeout(300);
}

async function noSidewaysScroll(page: Page) {
  const overflow = await horizontalOverflow(page);
  assert.ok(overflow.overflow <= 0, `sideways scroll at 390 px: ${JSON.stringify(overflow)}`);
}

/** Signs in admin@demo.test with the account's saved language. */
async function adminIn(language: 'fr' | 'en', phone: boolean) {
  const opened = await app.newPage(language === 'fr' ? 'fr-FR' : 'en-US', phone ? { viewport: { width: 390, height: 844 } } : {});
  await signIn(opened.page, 'admin@demo.test');
  await opened.page.waitForURL(`${app.url}/`);
  if (language !== 'fr')
    await opened.page.evaluate(async (lng) => {
      const saved = await fetch('/api/user_profile/language', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ language: lng }) });
      if (!saved.ok) throw new Error(`language not saved: ${saved.status}`);
      localStorage.setItem('i18nextLng', lng);
    }, language);
  return opened;
}

describe('workflows and statuses', () => {
  it('renames a status and the kanban shows it; reorders the workflow by keyboard and the kanban follows', async () => {
    const { context, page } = await adminIn('fr', false);
    const offer = await publishedOffer(page);

    // The status page: rename "Présélectionné".
    await page.goto('/config/status');
    await page.getByRole('heading', { level: 1, name: label('fr', 'config:menu.status') }).waitFor();
    const list = page.getByRole('list', { name: t('fr', 'status.list') });
    await list.getByRole('heading', { name: status('fr', 'preselected') }).waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    await page.getByRole('button', { name: t('fr', 'status.edit', { name: status('fr', 'preselected') }) }).click();
    const dialog = page.getByRole('dialog', { name: t('fr', 'status.edit_title') });
    await dialog.getByRole('textbox', { name: t('fr', 'status.name') }).fill('Présélection RH');
    await dialog.getByRole('checkbox', { name: t('fr', 'status.use_color') }).check();
    await dialog.getByRole('button', { name: label('fr', 'common:save') }).click();
    await page.getByText(t('fr', 'status.saved', { name: 'Présélection RH' })).waitFor();
    await list.getByRole('heading', { name: 'Présélection RH' }).waitFor();
    await settle(page);
    await screenshot(page, 'workflows-status-fr');

    // The kanban shows the company's name.
    await page.goto(`/projects/${offer.project_id}/offer/${offer.id}?view=board`);
    await page.getByRole('heading', { level: 1, name: offer.job_position }).waitFor();
    await page.getByRole('region', { name: 'Présélection RH', exact: true }).waitFor();
    const before = await columnTitles(page);
    assert.ok(before.indexOf(status('fr', 'phone_interview')) < before.indexOf(status('fr', 'interview')), before.join(', '));

    // The workflow page: move "Entretien" above "Entretien téléphonique" with the keyboard.
    await page.goto('/config/workflow');
    await page.getByRole('heading', { level: 1, name: label('fr', 'config:menu.workflow') }).waitFor();
    await page.getByRole('button', { name: t('fr', 'list.edit', { name: 'Workflow' }) }).click();
    const editor = page.getByRole('region', { name: t('fr', 'editor.edit_title', { name: 'Workflow' }) });
    const steps = editor.getByRole('list', { name: t('fr', 'editor.statuses') });
    const handle = steps.getByRole('button', { name: t('fr', 'editor.drag', { name: status('fr', 'interview'), position: 4 }) });
    await handle.focus();
    await page.keyboard.press('Space');
    await page.waitForTimeout(200);
    await page.keyboard.press('ArrowUp');
    await page.waitForTimeout(200);
    await page.keyboard.press('Space');
    await steps.getByRole('button', { name: t('fr', 'editor.drag', { name: status('fr', 'interview'), position: 3 }) }).waitFor();
    await settle(page);
    await screenshot(page, 'workflows-editor-fr');
    await editor.getByRole('button', { name: label('fr', 'common:save') }).click();
    await page.getByText(t('fr', 'editor.saved', { name: 'Workflow' })).waitFor();
    await settle(page);
    await screenshot(page, 'workflows-list-fr');

    // The offers to assign: searched and paged on the server, never the whole list.
    const toAssign = page.getByRole('group', { name: t('fr', 'assign.offers') });
    await toAssign.getByRole('combobox').first().waitFor();
    const searched = page.waitForResponse(
      (r) => r.url().includes('/api/config/workflow-assignments') && new URL(r.url()).searchParams.get('filter[search]') === offer.job_position,
    );
    await toAssign.getByRole('searchbox', { name: t('fr', 'assign.search_offer') }).fill(offer.job_position);
    const found = (await (await searched).json()) as { data: { id: number; name: string }[]; per_page: number; total: number };
    assert.equal(new URL((await searched).url()).searchParams.get('kind'), 'offer');
    assert.ok(found.data.some((o) => o.id === offer.id), JSON.stringify(found));
    assert.ok(found.data.length <= found.per_page && found.total >= found.data.length);
    await toAssign.getByRole('combobox', { name: offer.job_position, exact: true }).first().waitFor();
    await settle(page);
    await screenshot(page, 'workflows-assign-search-fr');

    await page.goto(`/projects/${offer.project_id}/offer/${offer.id}?view=board`);
    await page.getByRole('region', { name: 'Présélection RH', exact: true }).waitFor();
    const after = await columnTitles(page);
    assert.ok(after.indexOf(status('fr', 'interview')) < after.indexOf(status('fr', 'phone_interview')), after.join(', '));
    await screenshot(page, 'workflows-kanban-fr', { fullPage: false });
    await context.close();

    // A phone, in French: no sideways scroll on either page.
    const phone = await adminIn('fr', true);
    await phone.page.goto('/config/status');
    await phone.page.getByRole('list', { name: t('fr', 'status.list') }).getByRole('heading', { name: 'Présélection RH' }).waitFor();
    await noSidewaysScroll(phone.page);
    await screenshot(phone.page, 'workflows-status-mobile-fr');
    await phone.page.goto('/config/workflow');
    await phone.page.getByRole('list', { name: t('fr', 'list.label') }).waitFor();
    await phone.page.getByRole('group', { name: t('fr', 'assign.offers') }).getByRole('combobox').first().waitFor();
    await noSidewaysScroll(phone.page);
    await screenshot(phone.page, 'workflows-list-mobile-fr');
    await phone.page.goto('/config/workflow/new');
    await phone.page.getByRole('textbox', { name: t('fr', 'editor.name') }).waitFor();
    await noSidewaysScroll(phone.page);
    await screenshot(phone.page, 'workflows-new-mobile-fr');
    await phone.context.close();

    // English, wide then narrow: defaults translated, the company's own name as typed.
    for (const narrow of [false, true]) {
      const english = await adminIn('en', narrow);
      await english.page.goto('/config/status');
      const en = english.page.getByRole('list', { name: t('en', 'status.list') });
      await en.getByRole('heading', { name: 'Présélection RH' }).waitFor();
      await en.getByRole('heading', { name: status('en', 'new') }).waitFor();
      if (narrow) await noSidewaysScroll(english.page);
      else assert.deepEqual(await seriousViolations(english.page), []);
      await screenshot(english.page, `workflows-status-${narrow ? 'mobile-' : ''}en`);
      await english.page.goto('/config/workflow');
      await english.page.getByRole('list', { name: t('en', 'list.label') }).waitFor();
      if (narrow) await noSidewaysScroll(english.page);
      await screenshot(english.page, `workflows-list-${narrow ? 'mobile-' : ''}en`);
      await english.context.close();
    }
  });
});
