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

/** Names that start with `text` (a field's label, then its required mark). */
const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

const TEMPLATE = 'Entretien e2e planner';
const PARIS = { timezoneId: 'Europe/Paris' };

type Mail = { id: number; to: string; subject: string; text: string; html: string | null };
type Target = {
  applicantId: number;
  applicationId: number;
  firstname: string;
  lastname: string;
  email: string;
};

/** Waits for toasts and transitions to settle so screenshots and axe see a quiet page. */
const settle = (page: Page) => page.waitForTimeout(400);

/** An applicant of the demo data with an e-mail address and an application to an offer, through the API. */
async function findApplicant(page: Page): Promise<Target> {
  const found = await page.evaluate(async () => {
    const list = (await (await fetch('/api/applicants?per_page=30')).json()) as {
      data: { id: number }[];
    };
    for (const item of list.data) {
      const detail = (await (await fetch(`/api/applicants/${item.id}/detail`)).json()) as {
        firstname: string;
        lastname: string;
        email: string | null;
      };
      if (!detail.email) continue;
      const overview = (await (
        await fetch(`/api/applicants/${item.id}/applications-overview`)
      ).json()) as { id: number; offer_id: number | null }[];
      const application = overview.find((a) => a.offer_id !== null);
      if (application)
        return {
          applicantId: item.id,
          applicationId: application.id,
          firstname: detail.firstname,
          lastname: detail.lastname,
          email: detail.email,
        };
    }
    return null;
  });
  assert.ok(found, 'the demo data has an applicant with an e-mail address and an application');
  return found;
}

/** The booking link of the newest e-mail to `to` after `after`, read from the development outbox. */
async function bookingLink(page: Page, to: string, after: number): Promise<string> {
  for (let i = 0; i < 80; i++) {
    const outbox = (await (await page.request.get('/api/dev/mail-outbox')).json()) as Mail[];
    const mail = outbox.find((m) => m.to === to && m.id > after && /\/booking\//.test(m.text));
    if (mail) {
      const link = /https?:\/\/\S+?\/booking\/[\w-]+/.exec(mail.text);
      assert.ok(link, `the e-mail holds a booking link: ${mail.text}`);
      return new URL(link[0]).pathname;
    }
    await page.waitForTimeout(250);
  }
  throw new Error(`no booking e-mail to ${to}`);
}

async function lastMailId(page: Page): Promise<number> {
  const outbox = (await (await page.request.get('/api/dev/mail-outbox')).json()) as Mail[];
  return outbox[0]?.id ?? 0;
}

/** axe, then screenshots at 1366 and 390 px; at 390 nothing scrolls sideways. */
async function shots(page: Page, name: string) {
  await settle(page);
  assert.deepEqual(await seriousViolations(page), []);
  await screenshot(page, `${name}-1366`, { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await settle(page);
  const overflow = await horizontalOverflow(page);
  assert.equal(overflow.overflow, 0, JSON.stringify(overflow));
  await screenshot(page, `${name}-390`, { fullPage: false });
  await page.setViewportSize({ width: 1366, height: 900 });
}

async function setLanguage(page: Page, language: string) {
  await page.evaluate(async (lng) => {
    const saved = await fetch('/api/user_profile/language', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ language: lng }),
    });
    if (!saved.ok) throw new Error(`language not saved: ${saved.status}`);
    localStorage.setItem('i18nextLng', lng);
  }, language);
}

describe('planner', () => {
  it('makes a template, sends a booking link, the applicant books on a phone, the planner and the feed show it', async () => {
    const { context, page } = await app.newPage('fr-FR', PARIS);
    await signIn(page, 'admin@demo.test');
    await page.waitForURL(`${app.url}/`);

    // 1. A template: 30 minutes by video, the administrator interviewing, office hours, one hour's notice.
    await page.goto('/config/appointment-template');
    await page.getByRole('button', { name: t('fr', 'planner:templates.new') }).click();
    const form = page.getByRole('dialog', { name: t('fr', 'planner:templates.create_title') });
    await form.waitFor();
    await form
      .getByRole('textbox', { name: startsWith(t('fr', 'planner:templates.name')) })
      .fill(TEMPLATE);
    await form
      .getByRole('textbox', { name: t('fr', 'planner:location.video_value') })
      .fill('https://visio.example/e2e');
    await form
      .getByRole('spinbutton', { name: startsWith(t('fr', 'planner:templates.notice')) })
      .fill('60');
    await form.getByRole('button', { name: t('fr', 'planner:templates.save') }).click();
    await form.waitFor({ state: 'detached' });
    await page.getByText(TEMPLATE, { exact: true }).waitFor();

    // 2. A booking link from the applicant screen, about the application in focus.
    const target = await findApplicant(page);
    const before = await lastMailId(page);
    await page.goto(`/applicants/${target.applicantId}?application=${target.applicationId}`);
    await page.getByRole('button', { name: t('fr', 'applicant:booking_link') }).click();
    const dialog = page.getByRole('dialog', { name: t('fr', 'planner:booking_link.title') });
    await dialog.waitFor();
    await dialog
      .getByRole('combobox', { name: startsWith(t('fr', 'planner:booking_link.template')) })
      .selectOption({ label: TEMPLATE });
    await dialog.getByRole('button', { name: t('fr', 'planner:booking_link.send') }).click();
    await dialog
      .getByText(t('fr', 'planner:booking_link.sent_one', { count: 1 }))
      .first()
      .waitFor();
    await dialog
      .getByRole('button', { name: label('fr', 'common:close') })
      .first()
      .click();
    const path = await bookingLink(page, target.email, before);

    // 3. The applicant, in a fresh browser on a phone, books the first free slot.
    const phone = await app.newPage('fr-FR', { ...PARIS, viewport: { width: 390, height: 844 } });
    await phone.page.goto(path);
    await phone.page
      .getByRole('heading', {
        level: 1,
        name: t('fr', 'booking:heading', { firstname: target.firstname }),
      })
      .waitFor();
    const first = phone.page.locator('button[aria-pressed]').first();
    await first.waitFor();
    await settle(phone.page);
    const slotsOverflow = await horizontalOverflow(phone.page);
    assert.equal(slotsOverflow.overflow, 0, JSON.stringify(slotsOverflow));
    await screenshot(phone.page, 'planner-booking-slots-fr-390', { fullPage: false });
    await first.click();
    await phone.page.getByRole('button', { name: t('fr', 'booking:confirm') }).click();
    await phone.page.getByRole('heading', { name: t('fr', 'booking:appointment.title') }).waitFor();
    await settle(phone.page);
    assert.deepEqual(await seriousViolations(phone.page), []);
    await screenshot(phone.page, 'planner-booking-booked-fr-390', { fullPage: false });
    const booked = await phone.page.evaluate(async (p) => {
      const view = (await (await fetch(`/api${p}`)).json()) as {
        appointment: { start_at: string } | null;
      };
      return view.appointment?.start_at ?? null;
    }, path);
    assert.ok(booked, 'the link holds the appointment');
    // The same page in English (the switcher), at 1366 px too.
    await phone.page
      .getByRole('button', { name: startsWith(label('fr', 'common:language.change')) })
      .click();
    await phone.page
      .getByRole('menuitemradio', { name: label('fr', 'common:language.en') })
      .click();
    await phone.page.getByRole('heading', { name: t('en', 'booking:appointment.title') }).waitFor();
    await screenshot(phone.page, 'planner-booking-booked-en-390', { fullPage: false });
    await phone.page.setViewportSize({ width: 1366, height: 900 });
    await settle(phone.page);
    await screenshot(phone.page, 'planner-booking-booked-en-1366', { fullPage: false });
    await phone.context.close();

    // 4. The administrator's week holds it (the day on Paris's clock), in French then English.
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(
      new Date(booked),
    );
    const name = `${target.firstname} ${target.lastname}`;
    await page.goto(`/planner?view=week&date=${day}`);
    await page.getByRole('heading', { level: 1, name: t('fr', 'planner:title') }).waitFor();
    await page.locator('.planner-calendar').getByText(name).first().waitFor();
    await shots(page, 'planner-week-fr');
    await setLanguage(page, 'en');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: t('en', 'planner:title') }).waitFor();
    await page.locator('.planner-calendar').getByText(name).first().waitFor();
    await shots(page, 'planner-week-en');
    await setLanguage(page, 'fr');

    // 5. The applicant screen lists it, and its feed says it.
    await page.goto(`/applicants/${target.applicantId}?application=${target.applicationId}`);
    await page
      .getByRole('heading', { level: 2, name: t('fr', 'planner:applicant.title') })
      .waitFor();
    await page.getByText(t('fr', 'planner:applicant.booked')).first().waitFor();
    const scheduled = t('fr', 'activityFeed:events.appointment_scheduled').split('{{')[0]!;
    await page.getByText(scheduled).first().waitFor();
    await context.close();
  });

  it('a user in another zone chooses it in their settings and sees the week on their clock', async () => {
    // The browser is in Paris: what the planner shows comes from the user's setting.
    const { context, page } = await app.newPage('fr-FR', PARIS);
    await signIn(page, 'admin@demo.test');
    await page.waitForURL(`${app.url}/`);
    const NEW_YORK = 'America/New_York';
    try {
      await page.goto('/user-settings');
      const card = page.getByRole('region', { name: t('fr', 'user_config:time_zone.title') });
      await card.waitFor();
      await card
        .getByRole('searchbox', { name: t('fr', 'user_config:time_zone.search') })
        .fill('new york');
      await card
        .getByRole('combobox', { name: t('fr', 'user_config:time_zone.label') })
        .selectOption(NEW_YORK);
      await card.getByRole('button', { name: label('fr', 'common:save') }).click();
      await page.getByText(t('fr', 'user_config:time_zone.saved')).first().waitFor();
      await card
        .getByText(t('fr', 'user_config:time_zone.current', { zone: 'America/New York' }))
        .waitFor();
      await card.scrollIntoViewIfNeeded();
      await shots(page, 'planner-time-zone-settings-fr');

      // The week of the administrator's next appointment, on New York's clock.
      const list = await page.evaluate(async () => {
        const from = new Date().toISOString();
        const to = new Date(Date.now() + 14 * 86_400_000).toISOString();
        const res = await fetch(`/api/planner/appointments?from=${from}&to=${to}`);
        return (await res.json()) as {
          time_zone: string;
          data: { title: string; start_at: string; end_at: string }[];
        };
      });
      assert.equal(list.time_zone, NEW_YORK);
      const next = list.data[0];
      assert.ok(next, 'the demo gives the administrator appointments in the coming days');
      const clock = (iso: string) =>
        new Intl.DateTimeFormat('fr-FR', {
          timeZone: NEW_YORK,
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: 'h23',
        }).format(new Date(iso));
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: NEW_YORK }).format(
        new Date(next.start_at),
      );
      const times = `${clock(next.start_at)}–${clock(next.end_at)}`;
      await page.goto(`/planner?view=week&date=${day}`);
      await page.getByRole('heading', { level: 1, name: t('fr', 'planner:title') }).waitFor();
      await page.locator('.planner-calendar').getByText(times).first().waitFor();
      await page.locator('.planner-calendar').getByText(times).first().scrollIntoViewIfNeeded();
      await shots(page, 'planner-week-new-york-fr');

      await setLanguage(page, 'en');
      await page.reload();
      await page.getByRole('heading', { level: 1, name: t('en', 'planner:title') }).waitFor();
      await page.locator('.planner-calendar').getByText(times).first().waitFor();
      await page.locator('.planner-calendar').getByText(times).first().scrollIntoViewIfNeeded();
      await shots(page, 'planner-week-new-york-en');
      await page.goto('/user-settings');
      const english = page.getByRole('region', { name: t('en', 'user_config:time_zone.title') });
      await english
        .getByText(t('en', 'user_config:time_zone.current', { zone: 'America/New York' }))
        .waitFor();
      await english.scrollIntoViewIfNeeded();
      await shots(page, 'planner-time-zone-settings-en');
    } finally {
      await page.evaluate(async () => {
        await fetch('/api/user_profile/time_zone', {
          method: 'PUT',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ time_zone: null }),
        });
      });
      await setLanguage(page, 'fr');
      await context.close();
    }
  });
});
