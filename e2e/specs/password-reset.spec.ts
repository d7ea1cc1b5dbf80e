import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { signIn, signInWithForm, useApp } from '../support/app.ts';
import { horizontalOverflow, screenshot, seriousViolations } from '../support/browser.ts';
import { label } from '../support/labels.ts';

const app = useApp();

type Mail = { id: number; to: string; subject: string; text: string; html: string | null };

/** No other spec of this file signs in with it; its password is set back to demo1234 at the end anyway. */
const USER = 'manager@demo.test';
const NEW_PASSWORD = 'Nouveau-passe-2026';

const heading = (page: Page, language: string, key: string) => page.getByRole('heading', { level: 1, name: label(language, key) });

/**
 * The reset link of the newest e-mail to `to` newer than `after`, read from the development outbox
 * (an administrator's view): the background job sends it within a second or two.
 */
async function resetLink(admin: Page, to: string, after: number): Promise<{ id: number; url: URL; mail: Mail }> {
  for (let i = 0; i < 60; i++) {
    const outbox = (await (await admin.request.get('/api/dev/mail-outbox')).json()) as Mail[];
    const mail = outbox.find((m) => m.to === to && m.id > after);
    if (mail) {
      const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail.text);
      assert.ok(link, `the e-mail holds a reset link: ${mail.text}`);
      assert.match(mail.html ?? '', new RegExp(`href="${link[0].replace(/[.?]/g, '\\$&')}"`));
      return { id: mail.id, url: new URL(link[0]), mail };
    }
    await admin.waitForTimeout(250);
  }
  throw new Error(`no reset e-mail to ${to}`);
}

/** The newest outbox id, to tell the next e-mail from earlier ones. */
async function lastMailId(admin: Page): Promise<number> {
  const outbox = (await (await admin.request.get('/api/dev/mail-outbox')).json()) as Mail[];
  return outbox[0]?.id ?? 0;
}

/** A screenshot at 390 px (the page must not scroll sideways), then back to 1366. */
async function phoneShot(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(200);
  const overflow = await horizontalOverflow(page);
  assert.equal(overflow.overflow, 0, JSON.stringify(overflow));
  await screenshot(page, name, { fullPage: false });
  await page.setViewportSize({ width: 1366, height: 900 });
}

/** Asks for a link on /forgot-password in `language` and waits for the confirmation. */
async function askForLink(page: Page, language: string, email: string) {
  await heading(page, language, 'login:forgot.heading').waitFor();
  await page.getByLabel(label(language, 'login:email')).fill(email);
  await page.getByRole('button', { name: label(language, 'login:forgot.submit') }).click();
  await heading(page, language, 'login:forgot.sent_heading').waitFor();
  await page.getByRole('status').getByText(email).waitFor();
}

describe('password reset', () => {
  it('sends a link from the sign-in page, sets a new password once, and the link then stops working', async () => {
    const admin = await app.newPage();
    await signIn(admin.page, 'admin@demo.test');
    await admin.page.waitForURL(`${app.url}/`);
    const before = await lastMailId(admin.page);

    // The sign-in page leads to the form, by keyboard.
    const { page } = await app.newPage();
    await page.goto('/login');
    await page.getByLabel(label('fr', 'login:password')).focus();
    await page.keyboard.press('Tab');
    const forgot = page.getByRole('link', { name: label('fr', 'login:forgot_link') });
    assert.ok(await forgot.evaluate((node) => node === document.activeElement), 'the link follows the password field');
    await screenshot(page, 'password-reset-login-fr-1366', { fullPage: false });
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/forgot-password$/);
    await heading(page, 'fr', 'login:forgot.heading').waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'password-reset-forgot-fr-1366', { fullPage: false });
    await phoneShot(page, 'password-reset-forgot-fr-390');
    await askForLink(page, 'fr', USER);
    await screenshot(page, 'password-reset-sent-fr-1366', { fullPage: false });
    await phoneShot(page, 'password-reset-sent-fr-390');

    // The e-mail, in the user's language, with its link.
    const { url } = await resetLink(admin.page, USER, before);
    const path = `${url.pathname}${url.search}`;

    await page.goto(path);
    await heading(page, 'fr', 'login:reset.heading').waitFor();
    await page.getByText(`Pour le compte ${USER}.`).waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'password-reset-form-fr-1366', { fullPage: false });
    await phoneShot(page, 'password-reset-form-fr-390');
    // The change-password rules and messages.
    const password = page.getByRole('textbox', { name: label('fr', 'login:reset.password'), exact: true });
    const confirmation = page.getByRole('textbox', { name: label('fr', 'login:reset.confirmation'), exact: true });
    await password.fill('court');
    await confirmation.fill('autre');
    await page.getByRole('button', { name: label('fr', 'login:reset.submit') }).click();
    await page.getByText('8 caractères minimum.').waitFor();
    await page.getByText(label('fr', 'errors:password_mismatch')).waitFor();
    await screenshot(page, 'password-reset-form-errors-fr-1366', { fullPage: false });
    await password.fill(NEW_PASSWORD);
    await confirmation.fill(NEW_PASSWORD);
    await page.getByRole('button', { name: label('fr', 'login:reset.submit') }).click();
    await heading(page, 'fr', 'login:reset.done_heading').waitFor();
    await screenshot(page, 'password-reset-done-fr-1366', { fullPage: false });
    await phoneShot(page, 'password-reset-done-fr-390');

    // The new password signs in.
    await page.getByRole('link', { name: label('fr', 'login:reset.sign_in') }).click();
    await page.waitForURL(/\/login$/);
    await signInWithForm(page, USER, NEW_PASSWORD);
    await page.waitForURL(`${app.url}/`);

    // The link served once: opened again, it says so and offers a new one.
    const again = await app.newPage();
    await again.page.goto(path);
    await heading(again.page, 'fr', 'login:reset.invalid_heading').waitFor();
    await again.page.getByRole('link', { name: label('fr', 'login:reset.ask_again') }).waitFor();
    assert.deepEqual(await seriousViolations(again.page), []);
    await screenshot(again.page, 'password-reset-invalid-fr-1366', { fullPage: false });
    await phoneShot(again.page, 'password-reset-invalid-fr-390');
    await again.context.close();

    // The old password no longer does.
    const old = await app.newPage();
    await signInWithForm(old.page, USER);
    await old.page.getByText(label('fr', 'errors:invalid_credentials')).waitFor();
    await old.context.close();
    await admin.context.close();
  });

  it('works in English, and sets the demo password back', async () => {
    const admin = await app.newPage();
    await signIn(admin.page, 'admin@demo.test');
    await admin.page.waitForURL(`${app.url}/`);
    const before = await lastMailId(admin.page);

    const { page } = await app.newPage('en-US');
    await page.goto('/forgot-password');
    await heading(page, 'en', 'login:forgot.heading').waitFor();
    await screenshot(page, 'password-reset-forgot-en-1366', { fullPage: false });
    await askForLink(page, 'en', USER);
    await screenshot(page, 'password-reset-sent-en-1366', { fullPage: false });

    const { url } = await resetLink(admin.page, USER, before);
    await page.goto(`${url.pathname}${url.search}`);
    await heading(page, 'en', 'login:reset.heading').waitFor();
    await screenshot(page, 'password-reset-form-en-1366', { fullPage: false });
    await page.getByRole('textbox', { name: label('en', 'login:reset.password'), exact: true }).fill('demo1234');
    await page.getByRole('textbox', { name: label('en', 'login:reset.confirmation'), exact: true }).fill('demo1234');
    await page.getByRole('button', { name: label('en', 'login:reset.submit') }).click();
    await heading(page, 'en', 'login:reset.done_heading').waitFor();
    await screenshot(page, 'password-reset-done-en-1366', { fullPage: false });

    // A link that never existed reads as one that expired.
    await page.goto('/reset-password?token=not-a-real-token');
    await heading(page, 'en', 'login:reset.invalid_heading').waitFor();
    await screenshot(page, 'password-reset-invalid-en-1366', { fullPage: false });

    await signIn(page, USER);
    await page.waitForURL(`${app.url}/`);
    await admin.context.close();
  });
});
