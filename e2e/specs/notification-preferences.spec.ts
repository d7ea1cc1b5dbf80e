import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { signIn, useApp } from '../support/app.ts';
import { horizontalOverflow, screenshot, seriousViolations } from '../support/browser.ts';
import { label } from '../support/labels.ts';

const app = useApp();

/** A string of the notification_preferences namespace with its `{{…}}` values filled in. */
const t = (language: string, key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce(
    (text, [name, value]) => text.replaceAll(`{{${name}}}`, String(value)),
    label(language, `notification_preferences:${key}`),
  );

/** The checkbox of one kind and channel, named as the page names it. */
const box = (page: Page, lng: string, kind: string, channel: 'in_app' | 'email' | 'follow') =>
  page.getByRole('checkbox', {
    name: t(lng, `control.${channel}`, { kind: t(lng, `kinds.${kind}`) }),
    exact: true,
  });

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

/**
 * The company's defaults: mentions by e-mail (by keyboard: Tab from the in-app box, then Space),
 * SMS replies out of the app, a daily digest at 18:00; saved, and still there after a reload.
 * Screenshots `notification-preferences-<lng>-<width>-company`.
 */
async function companyDefaults(page: Page, lng: string, width: number) {
  await page.goto('/config/notifications');
  await page
    .getByRole('heading', { level: 1, name: label(lng, 'config:menu.notifications') })
    .waitFor();
  const inApp = box(page, lng, 'comment_mention', 'in_app');
  const email = box(page, lng, 'comment_mention', 'email');
  await email.waitFor();
  assert.equal(await email.isChecked(), false);
  await inApp.focus();
  await page.keyboard.press('Tab');
  assert.ok(
    await email.evaluate((el) => el === document.activeElement),
    'Tab moves from the in-app box to the e-mail box',
  );
  await page.keyboard.press('Space');
  assert.ok(await email.isChecked(), 'Space checks the focused box');
  await box(page, lng, 'sms_received', 'in_app').uncheck();
  await page.getByRole('radio', { name: t(lng, 'digest.daily'), exact: true }).check();
  await page.getByRole('combobox', { name: t(lng, 'digest.hour') }).selectOption('18');
  await page.getByRole('button', { name: t(lng, 'save') }).click();
  await page.getByText(t(lng, 'company.saved')).waitFor();
  await settle(page);
  await noSidewaysScroll(page);
  assert.deepEqual(await seriousViolations(page), []);
  await screenshot(page, `notification-preferences-${lng}-${width}-company`);

  await page.reload();
  await email.waitFor();
  assert.ok(await email.isChecked(), 'saved: mentions by e-mail');
  assert.equal(await box(page, lng, 'sms_received', 'in_app').isChecked(), false);
  assert.equal(
    await page.getByRole('combobox', { name: t(lng, 'digest.hour') }).inputValue(),
    '18',
  );
}

/**
 * The administrator's own: SMS replies by e-mail for themself (no longer following the company),
 * and their own digest at 07:00; saved, and still there after a reload. Screenshots
 * `notification-preferences-<lng>-<width>-user`.
 */
async function ownPreferences(page: Page, lng: string, width: number) {
  await page.goto('/user-settings');
  // Exact: the toasts' region is named "Notifications alt+T".
  const section = page.getByRole('region', { name: t(lng, 'user.title'), exact: true });
  const follow = box(page, lng, 'sms_received', 'follow');
  const email = box(page, lng, 'sms_received', 'email');
  await follow.waitFor();
  // The company's choice shows first: mentions by e-mail, the digest at 18:00.
  assert.ok(await follow.isChecked());
  assert.ok(await email.isDisabled());
  assert.ok(await box(page, lng, 'comment_mention', 'email').isChecked());
  const companyDigest = t(lng, 'digest.company', {
    choice: t(lng, 'digest.company_daily', { hour: '18:00' }),
  });
  assert.ok(
    await section.getByRole('radio', { name: companyDigest, exact: true }).isChecked(),
    companyDigest,
  );
  await follow.uncheck();
  await email.check();
  await section.getByRole('radio', { name: t(lng, 'digest.daily'), exact: true }).check();
  await section.getByRole('combobox', { name: t(lng, 'digest.hour') }).selectOption('7');
  await section.getByRole('button', { name: t(lng, 'save') }).click();
  await page.getByText(t(lng, 'user.saved')).waitFor();
  await settle(page);
  await noSidewaysScroll(page);
  assert.deepEqual(await seriousViolations(page), []);
  // On a phone the whole settings page is four screens long: the window, at the section's top.
  // (the header stays on top: the window moves up by its height).
  await section.evaluate((el) => {
    el.scrollIntoView({ block: 'start' });
    window.scrollBy(
      0,
      -(document.querySelector('header')?.getBoundingClientRect().height ?? 0) - 8,
    );
  });
  await screenshot(page, `notification-preferences-${lng}-${width}-user`, {
    fullPage: width > 600,
  });

  await page.reload();
  await email.waitFor();
  assert.equal(await follow.isChecked(), false);
  assert.ok(await email.isChecked());
  assert.equal(
    await section.getByRole('combobox', { name: t(lng, 'digest.hour') }).inputValue(),
    '7',
  );
}

describe('notification preferences', () => {
  it('the company’s defaults and the administrator’s own, in French at 1366 px', async () => {
    const { context, page } = await app.newPage('fr-FR', {
      viewport: { width: 1366, height: 900 },
    });
    await signIn(page, 'admin@demo.test');
    await page.waitForURL(`${app.url}/`);
    await companyDefaults(page, 'fr', 1366);
    // A real table with its headers on a wide screen.
    await page.getByRole('table', { name: t('fr', 'company_table_caption') }).waitFor();
    await ownPreferences(page, 'fr', 1366);
    await context.close();
  });

  it('the same in English at 390 px, the table laid out as a list', async () => {
    const { context, page } = await app.newPage('en-US', { viewport: { width: 390, height: 844 } });
    await signIn(page, 'admin@demo.test');
    await page.waitForURL(`${app.url}/`);
    await page.evaluate(async () => {
      const saved = await fetch('/api/user_profile/language', {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ language: 'en' }),
      });
      if (!saved.ok) throw new Error(`language not saved: ${saved.status}`);
      localStorage.setItem('i18nextLng', 'en');
    });
    // Back to the built-in defaults and no own choice (the French test saved both). No named
    // function inside: the page does not have the bundler's helpers.
    const kinds = [
      'comment_mention',
      'comment_reply',
      'documents_received',
      'application_received',
      'favorite_offer_status_changed',
      'applicants_shared',
      'sms_received',
      'onboarding_task_overdue',
      'cv_bundle',
    ];
    await page.evaluate(async (names) => {
      const headers = { 'Content-Type': 'application/json' };
      const company = await fetch('/api/config/notifications', {
        method: 'PUT',
        headers,
        body: JSON.stringify({
          // A prepared ZIP of CVs is e-mailed by default (the user's own request, told once).
          kinds: Object.fromEntries(names.map((k) => [k, { in_app: true, email: k === 'cv_bundle' }])),
          digest: 'immediate',
          digest_hour: 8,
        }),
      });
      const mine = await fetch('/api/me/notification-preferences', {
        method: 'PUT',
        headers,
        body: JSON.stringify({
          kinds: Object.fromEntries(names.map((k) => [k, null])),
          digest: null,
        }),
      });
      if (!company.ok || !mine.ok) throw new Error(`not reset: ${company.status} ${mine.status}`);
    }, kinds);
    await companyDefaults(page, 'en', 390);
    await page.getByRole('list', { name: t('en', 'company_table_caption') }).waitFor();
    assert.equal(await page.getByRole('table').count(), 0, 'no table at 390 px');
    await ownPreferences(page, 'en', 390);
    await context.close();
  });
});
