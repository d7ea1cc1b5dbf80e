import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { signIn, useApp } from '../support/app.ts';
import { horizontalOverflow, screenshot, seriousViolations } from '../support/browser.ts';
import { label } from '../support/labels.ts';

const app = useApp();

/** The audit namespace of a language (its action codes hold dots, which `label` reads as a path). */
const audit = (language: string) =>
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../../apps/web/public/i18n/audit/${language}.json`), 'utf8')) as {
    actions: Record<string, string>;
    table_caption: string;
    filters: { action: string };
  };

/** Opens the page and waits for its table (desktop) or its list of cards (phone). */
async function openLogs(page: Page, language: string, phone = false) {
  await page.goto('/config/activity-logs');
  await page.getByRole('heading', { level: 1, name: label(language, 'config:menu.activity_logs') }).waitFor();
  const list = page.getByRole(phone ? 'list' : 'table', { name: audit(language).table_caption });
  await list.waitFor();
  return list;
}

describe('activity logs', () => {
  it('shows the sign-in of the administrator, filters by action, at 1366 and 390 px, in French and English', async () => {
    const fr = audit('fr');
    const { context, page } = await app.newPage();
    // A failed attempt first, so that the filter has something to leave out.
    const failed = await page.request.post('/api/login', { data: { email: 'admin@demo.test', password: 'wrong-password-1' } });
    assert.equal(failed.status(), 422);
    await signIn(page, 'admin@demo.test');
    await page.waitForURL(`${app.url}/`);

    const table = await openLogs(page, 'fr');
    const signInRow = table.getByRole('row').filter({ hasText: fr.actions['auth.sign_in']! }).first();
    await signInRow.waitFor();
    assert.match((await signInRow.textContent()) ?? '', /admin@demo\.test/);
    await table.getByRole('row').filter({ hasText: fr.actions['auth.sign_in_failed']! }).first().waitFor();
    await screenshot(page, 'activity-logs-fr');

    // Filter by action: only sign-ins remain, and the URL says so.
    await page.getByRole('combobox', { name: fr.filters.action }).selectOption({ label: fr.actions['auth.sign_in']! });
    await page.waitForURL(/action=auth\.sign_in(&|$)/);
    await table.getByRole('row').filter({ hasText: fr.actions['auth.sign_in_failed']! }).waitFor({ state: 'detached' });
    const actions = await table.locator('tbody tr td:nth-child(3)').allTextContents();
    assert.ok(actions.length > 0);
    assert.ok(actions.every((text) => text === fr.actions['auth.sign_in']), actions.join(', '));
    await screenshot(page, 'activity-logs-filtered-fr');
    assert.deepEqual(await seriousViolations(page), []);
    await context.close();

    // A phone: cards, no sideways scrolling.
    const phone = await app.newPage('fr-FR', { viewport: { width: 390, height: 844 } });
    await signIn(phone.page, 'admin@demo.test');
    await phone.page.waitForURL(`${app.url}/`);
    const cards = await openLogs(phone.page, 'fr', true);
    await cards.getByRole('listitem').filter({ hasText: fr.actions['auth.sign_in']! }).first().waitFor();
    const overflow = await horizontalOverflow(phone.page);
    assert.ok(overflow.overflow <= 0, `sideways scroll at 390 px: ${JSON.stringify(overflow)}`);
    await screenshot(phone.page, 'activity-logs-mobile-fr');
    await phone.context.close();

    // English: the account's saved language switched to English.
    const en = audit('en');
    const english = await app.newPage('en-US');
    await signIn(english.page, 'admin@demo.test');
    await english.page.waitForURL(`${app.url}/`);
    await english.page.evaluate(async () => {
      const saved = await fetch('/api/user_profile/language', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ language: 'en' }) });
      if (!saved.ok) throw new Error(`language not saved: ${saved.status}`);
      localStorage.setItem('i18nextLng', 'en');
    });
    const englishTable = await openLogs(english.page, 'en');
    await englishTable.getByRole('row').filter({ hasText: en.actions['auth.sign_in']! }).first().waitFor();
    await englishTable.getByRole('row').filter({ hasText: en.actions['auth.sign_in_failed']! }).first().waitFor();
    await screenshot(english.page, 'activity-logs-en');
    assert.deepEqual(await seriousViolations(english.page), []);
    await english.context.close();
  });
});
