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

/** The weekday's name as the page writes it (1 Monday … 7 Sunday). */
const weekday = (language: string, day: number) =>
  new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, day)));

async function settle(page: Page) {
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
  await page.waitForTimeout(300);
}

async function noSidewaysScroll(page: Page) {
  const overflow = await horizontalOverflow(page);
  assert.ok(overflow.overflow <= 0, `sideways scroll: ${JSON.stringify(overflow)}`);
}

/**
 * On the export page: a weekly schedule added with a recipient, listed with its next run, edited
 * (another day and hour), then deleted. Screenshots named `offer-export-schedules-<lng>-<width>-…`.
 */
async function schedulesRoundTrip(page: Page, lng: string, width: number) {
  // The window only, scrolled to the schedules (a full page would show the menu first at 390 px).
  const shot = (step: string) => screenshot(page, `offer-export-schedules-${lng}-${width}-${step}`, { fullPage: false });
  const toSchedules = () => page.getByRole('button', { name: t(lng, 'schedules.add') }).scrollIntoViewIfNeeded();
  const name = lng === 'fr' ? 'Hebdo RH' : 'Weekly HR';
  await page.goto('/config/joboffers/export');
  await page.getByRole('heading', { level: 1, name: label(lng, 'config:menu.offer_export') }).waitFor();
  await page.getByText(t(lng, 'schedules.empty')).waitFor();

  // Add: weekly on Wednesday at 09:00, sent to the administrator.
  await page.getByRole('button', { name: t(lng, 'schedules.add') }).click();
  const dialog = page.getByRole('dialog', { name: t(lng, 'schedules.create_title') });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: t(lng, 'schedules.save') }).click();
  await dialog.getByText(label(lng, 'errors:field_required')).first().waitFor();
  await dialog.getByRole('textbox', { name: t(lng, 'schedules.name') }).fill(name);
  await dialog.getByRole('combobox', { name: t(lng, 'schedules.frequency') }).selectOption('weekly');
  await dialog.getByRole('combobox', { name: t(lng, 'schedules.weekday') }).selectOption('3');
  await dialog.getByRole('combobox', { name: t(lng, 'schedules.hour') }).selectOption('9');
  await dialog.getByRole('checkbox', { name: /admin@demo\.test/ }).check();
  assert.deepEqual(await seriousViolations(page), []);
  await shot('dialog');
  await dialog.getByRole('button', { name: t(lng, 'schedules.save') }).click();
  await page.getByText(t(lng, 'schedules.created', { name })).waitFor();
  await dialog.waitFor({ state: 'detached' });

  const list = page.getByRole('list', { name: t(lng, 'schedules.title') });
  const row = list.getByRole('listitem').filter({ hasText: name });
  await row.waitFor();
  const text = (await row.textContent()) ?? '';
  assert.ok(text.includes(weekday(lng, 3)), `the day shows: ${text}`);
  assert.ok(text.includes(t(lng, 'schedules.next_run', { date: '' }).trim()), `the next run shows: ${text}`);
  assert.ok(text.includes('Europe/Paris'), `the time zone shows: ${text}`);
  await settle(page);
  await noSidewaysScroll(page);
  assert.deepEqual(await seriousViolations(page), []);
  await toSchedules();
  await shot('listed');

  // Edit: Friday at 18:00; the row says so.
  await row.getByRole('button', { name: t(lng, 'schedules.edit', { name }) }).click();
  const edit = page.getByRole('dialog', { name: t(lng, 'schedules.edit_title') });
  await edit.waitFor();
  assert.equal(await edit.getByRole('textbox', { name: t(lng, 'schedules.name') }).inputValue(), name);
  assert.ok(await edit.getByRole('checkbox', { name: /admin@demo\.test/ }).isChecked());
  await edit.getByRole('combobox', { name: t(lng, 'schedules.weekday') }).selectOption('5');
  await edit.getByRole('combobox', { name: t(lng, 'schedules.hour') }).selectOption('18');
  await edit.getByRole('button', { name: t(lng, 'schedules.save') }).click();
  await page.getByText(t(lng, 'schedules.updated', { name })).waitFor();
  await edit.waitFor({ state: 'detached' });
  await row.filter({ hasText: weekday(lng, 5) }).waitFor();
  // The next run reads on the company's clock (Europe/Paris), at the rule's hour, whatever the browser's zone.
  const spaces = (text: string) => text.replace(/\s+/g, ' ');
  // Every interface language writes times on the 24-hour clock (the app's one date format, issue 35 item 7).
  const hour = '18:00';
  const nextLine = spaces((await row.getByText(t(lng, 'schedules.next_run', { date: '' }).trim()).textContent()) ?? '');
  assert.ok(nextLine.includes(hour), `next run at ${hour}: ${nextLine}`);
  await settle(page);
  await toSchedules();
  await shot('edited');

  // Delete, confirmed: the list is empty again.
  await row.getByRole('button', { name: t(lng, 'schedules.delete', { name }) }).click();
  const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog')).filter({ hasText: t(lng, 'schedules.delete_title', { name }) });
  await confirm.waitFor();
  await confirm.getByRole('button', { name: t(lng, 'schedules.delete_confirm'), exact: true }).click();
  await page.getByText(t(lng, 'schedules.deleted', { name })).waitFor();
  await page.getByText(t(lng, 'schedules.empty')).waitFor();
  await settle(page);
  await toSchedules();
  await shot('deleted');
}

describe('scheduled offer exports', () => {
  it('adds, lists, edits and deletes a weekly schedule: French at 1366 px', async () => {
    const { context, page } = await app.newPage('fr-FR', { viewport: { width: 1366, height: 900 } });
    await signIn(page, 'admin@demo.test');
    await page.waitForURL(`${app.url}/`);
    await schedulesRoundTrip(page, 'fr', 1366);
    await context.close();
  });

  it('the same in English at 390 px', async () => {
    const { context, page } = await app.newPage('en-US', { viewport: { width: 390, height: 844 } });
    await signIn(page, 'admin@demo.test');
    await page.waitForURL(`${app.url}/`);
    // The account's saved language switched to English (this file's own database).
    await page.evaluate(async () => {
      const saved = await fetch('/api/user_profile/language', {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ language: 'en' }),
      });
      if (!saved.ok) throw new Error(`language not saved: ${saved.status}`);
      localStorage.setItem('i18nextLng', 'en');
    });
    await schedulesRoundTrip(page, 'en', 390);
    await context.close();
  });
});
