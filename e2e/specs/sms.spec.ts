import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { signIn, useApp } from '../support/app.ts';
import { horizontalOverflow, screenshot } from '../support/browser.ts';
import { label } from '../support/labels.ts';

const app = useApp();
const fr = (key: string) => label('fr', key);

/** Waits for toasts and transitions to settle so screenshots see a quiet page. */
const settle = (page: Page) => page.waitForTimeout(400);

type Target = { applicantId: number; applicationId: number; name: string; offerId: number; projectId: number };

/**
 * A seeded SMS conversation of the signed-in user (an applicant with a valid mobile, on an offer)
 * whose last message is read, with the project of its offer, found through the API.
 */
async function findTarget(page: Page): Promise<Target> {
  // No helper functions inside: the page runs this code as it is.
  const found = await page.evaluate(async () => {
    const active = (await (await fetch('/api/sms/get-active-conversations')).json()) as {
      conversations: { application_id: number; last_message_is_read: boolean; applicant: { id: number; firstname: string; lastname: string }; offer: { id: number } }[];
    };
    const conversation = active.conversations.find((c) => c.last_message_is_read) ?? active.conversations[0];
    if (!conversation) return null;
    const overview = (await (await fetch(`/api/applicants/${conversation.applicant.id}/applications-overview`)).json()) as { offer_id: number | null; project_id: number | null }[];
    const application = overview.find((a) => a.offer_id === conversation.offer.id && a.project_id !== null);
    if (!application) return null;
    return {
      applicantId: conversation.applicant.id,
      applicationId: conversation.application_id,
      name: `${conversation.applicant.firstname} ${conversation.applicant.lastname}`,
      offerId: conversation.offer.id,
      projectId: application.project_id as number,
    };
  });
  assert.ok(found, 'the demo seed has an SMS conversation the recruiter sees, on an offer');
  return found;
}

/** Signs in and waits for the home page with its live stream open. */
async function signInLive(page: Page, email: string) {
  const stream = page.waitForResponse((r) => r.url().includes('/.well-known/mercure'), { timeout: 20_000 });
  await signIn(page, email);
  await page.waitForURL(`${app.url}/`);
  assert.equal((await stream).status(), 200, 'the hub accepts the subscription token');
}

/** The header's SMS bell, whatever its unread count. */
const smsBell = (page: Page) => page.getByRole('button', { name: new RegExp(`^${fr('sms:bell.label')}`) });

/** The unread count the SMS bell announces (0 when it names no count). */
async function unreadCount(page: Page): Promise<number> {
  const name = (await smsBell(page).getAttribute('aria-label')) ?? '';
  return Number(/(\d+)/.exec(name)?.[1] ?? 0);
}

/**
 * Opens the conversation with the target, from the applicant screen's SMS entry or from the
 * header's SMS bell and sheet. Answers the conversation pane.
 */
async function openConversation(page: Page, target: Target, from: 'screen' | 'bell'): Promise<Locator> {
  if (from === 'screen') {
    await page.goto(`/applicants/${target.applicantId}`);
    await page.getByRole('button', { name: fr('sms:conversation.open_label').replace('{{name}}', target.name) }).click();
  } else {
    await smsBell(page).click();
    const sheet = page.getByRole('dialog', { name: fr('sms:sheet.title') });
    await sheet.waitFor();
    await sheet.getByRole('list', { name: fr('sms:sheet.list') }).getByRole('button', { name: new RegExp(target.name) }).first().click();
  }
  const pane = page.getByRole('region', { name: fr('sms:conversation.title').replace('{{name}}', target.name) });
  await pane.getByRole('log', { name: fr('sms:conversation.messages').replace('{{name}}', target.name) }).waitFor();
  return pane;
}

/**
 * The outbox row showing `text`, on the development page. The send job writes the outbox after the
 * API has answered and the page reads it once: it is opened again until the job has run.
 */
async function outboxRow(page: Page, text: string): Promise<Locator> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    await page.goto('/dev/sms-outbox');
    const list = page.getByRole('list', { name: fr('sms:outbox.list') });
    await list.waitFor();
    // A mass send puts the same text in several rows: the newest comes first.
    const row = list.getByRole('listitem').filter({ hasText: text }).first();
    try {
      await row.waitFor({ timeout: 2_000 });
      return row;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
  }
}

describe('SMS', () => {
  it('sends a text, and the receipt and the reply simulated on the outbox page arrive live', async () => {
    const a = await app.newPage();
    await signInLive(a.page, 'recruiter@demo.test');
    const target = await findTarget(a.page);
    const before = await unreadCount(a.page);
    const pane = await openConversation(a.page, target, 'screen');
    const messages = pane.getByRole('log');

    // Send a text from the pane's composer.
    const text = `Bonjour, êtes-vous disponible jeudi ? ${Date.now()}`;
    await pane.getByRole('textbox', { name: fr('sms:conversation.input') }).fill(text);
    await pane.getByText(`${text.length} / 1071`).waitFor();
    const [sent] = await Promise.all([
      a.page.waitForResponse((r) => r.url().endsWith('/api/sms/send') && r.request().method() === 'POST'),
      pane.getByRole('button', { name: fr('sms:conversation.send'), exact: true }).click(),
    ]);
    assert.equal(sent.status(), 201);
    const mine = messages.getByRole('listitem').filter({ hasText: text });
    await mine.waitFor();

    // Second page: the development outbox, where the text sits; its receipt reaches page A live.
    const b = await app.newPage();
    await signIn(b.page, 'admin@demo.test');
    await b.page.waitForURL(`${app.url}/`);
    const row = await outboxRow(b.page, text);
    await settle(b.page);
    await screenshot(b.page, 'sms-outbox-fr-1366', { fullPage: false });
    await row.getByRole('button', { name: fr('sms:outbox.mark_received') }).click();
    await b.page.getByText(fr('sms:outbox.receipt_done')).first().waitFor();
    await mine.getByRole('img', { name: fr('sms:conversation.tick.received') }).waitFor({ timeout: 15_000 });

    // The applicant's reply: it shows in the open conversation without a reload.
    const reply = `Oui, jeudi me convient. ${Date.now()}`;
    await row.getByRole('textbox', { name: fr('sms:outbox.reply') }).fill(reply);
    await row.getByRole('button', { name: fr('sms:outbox.reply_send') }).click();
    await b.page.getByText(fr('sms:outbox.reply_done')).first().waitFor();
    await messages.getByRole('listitem').filter({ hasText: reply }).waitFor({ timeout: 15_000 });
    await settle(a.page);
    await screenshot(a.page, 'sms-conversation-fr-1366', { fullPage: false });

    // A second reply, with the conversation closed: the header's unread counter rises live.
    await a.page.keyboard.press('Escape');
    await pane.waitFor({ state: 'detached' });
    const second = `Je confirme pour jeudi. ${Date.now()}`;
    await row.getByRole('textbox', { name: fr('sms:outbox.reply') }).fill(second);
    await row.getByRole('button', { name: fr('sms:outbox.reply_send') }).click();
    await a.page.waitForFunction(
      ({ prefix, min }) => {
        const bell = Array.from(document.querySelectorAll('button[aria-label]')).find((el) => el.getAttribute('aria-label')?.startsWith(prefix));
        return Number(/(\d+)/.exec(bell?.getAttribute('aria-label') ?? '')?.[1] ?? 0) >= min;
      },
      { prefix: fr('sms:bell.label'), min: Math.max(1, before + 1) },
      { timeout: 15_000 },
    );
    assert.ok((await unreadCount(a.page)) >= 1, 'the SMS bell shows an unread conversation');
    await b.context.close();
    await a.context.close();
  });

  it('texts applications selected in an offer list, with the counter, at 1366 and 390 px', async () => {
    for (const width of [1366, 390]) {
      const { context, page } = await app.newPage('fr-FR', { viewport: { width, height: width === 390 ? 844 : 900 } });
      await signIn(page, 'recruiter@demo.test');
      await page.waitForURL(`${app.url}/`);
      const target = await findTarget(page);
      if (width === 1366) {
        // The board's columns offer the same dialog for every card of the column (issue 42).
        await page.goto(`/projects/${target.projectId}/offer/${target.offerId}?view=board`);
        await page.getByRole('button', { name: /^Envoyer un SMS (à la|aux \d+) candidatures? de la colonne / }).first().click();
        const fromBoard = page.getByRole('dialog', { name: fr('sms:mass.title') });
        await fromBoard.waitFor();
        await settle(page);
        await screenshot(page, 'sms-mass-board-fr-1366', { fullPage: false });
        await fromBoard.getByRole('button', { name: label('fr', 'common:cancel') }).click();
        await fromBoard.waitFor({ state: 'detached' });
      }
      await page.goto(`/projects/${target.projectId}/offer/${target.offerId}?view=list`);
      const boxes = page.getByRole('checkbox', { name: /^Sélectionner la candidature de / });
      await boxes.first().waitFor();
      assert.ok((await boxes.count()) >= 2, 'the offer has two applications');
      await boxes.nth(0).check();
      await boxes.nth(1).check();
      const toolbar = page.getByRole('toolbar', { name: fr('application:batch.toolbar') });
      await toolbar.getByRole('button', { name: fr('application:batch.sms') }).click();
      const dialog = page.getByRole('dialog', { name: fr('sms:mass.title') });
      await dialog.waitFor();
      const send = dialog.getByRole('button', { name: 'Envoyer aux 2 candidats' });
      assert.equal(await send.isDisabled(), true, 'nothing to send yet');
      const message = dialog.getByRole('textbox', { name: new RegExp(`^${fr('sms:mass.message')}`) });
      // Too long: red counter, send disabled.
      await message.fill('a'.repeat(1072));
      await dialog.getByText('1072 / 1071').waitFor();
      await dialog.getByText('8 SMS').waitFor();
      assert.equal(await send.isDisabled(), true, 'a text over 1071 characters is not sent');
      const text = `Session de recrutement jeudi 10 h, merci de confirmer par retour de SMS. ${width}-${Date.now()}`;
      await message.fill(text);
      await dialog.getByText(`${text.length} / 1071`).waitFor();
      await settle(page);
      await screenshot(page, `sms-mass-dialog-fr-${width}`, { fullPage: false });
      const overflow = await horizontalOverflow(page);
      assert.equal(overflow.overflow, 0, `sideways scroll at ${width}px: ${JSON.stringify(overflow)}`);
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/api/sms/mass-send') && r.request().method() === 'POST'),
        send.click(),
      ]);
      assert.equal(response.status(), 200);
      const result = (await response.json()) as { sent: unknown[]; refused: unknown[] };
      assert.equal(result.sent.length + result.refused.length, 2);
      await page.getByText(/SMS envoyés?\./).first().waitFor();
      await dialog.waitFor({ state: 'detached' });
      await toolbar.waitFor({ state: 'detached' });
      if (result.sent.length) await outboxRow(page, text);
      await context.close();
    }
  });

  it('opens a conversation from the header SMS bell at 390 px without sideways scroll', async () => {
    const { context, page } = await app.newPage('fr-FR', { viewport: { width: 390, height: 844 } });
    await signIn(page, 'recruiter@demo.test');
    await page.waitForURL(`${app.url}/`);
    const target = await findTarget(page);
    const pane = await openConversation(page, target, 'bell');
    await pane.getByRole('log').getByRole('listitem').first().waitFor();
    await settle(page);
    await screenshot(page, 'sms-conversation-fr-390', { fullPage: false });
    const overflow = await horizontalOverflow(page);
    assert.equal(overflow.overflow, 0, `sideways scroll at 390px: ${JSON.stringify(overflow)}`);
    await context.close();
  });

  it('lets the administrator allow a neighbouring country and set a daily cap (issue 33)', async () => {
    const { context, page } = await app.newPage();
    await signIn(page, 'admin@demo.test');
    await page.waitForURL(`${app.url}/`);
    await page.goto('/config/account-infos/sms');
    const countries = page.getByRole('group', { name: new RegExp(fr('sms:settings.countries')) });
    const france = countries.getByRole('checkbox', { name: `France ${fr('sms:settings.company_country')}` });
    await france.waitFor();
    assert.equal(await france.isChecked(), true, "the company's own country is allowed by default");
    await countries.getByRole('searchbox', { name: fr('sms:settings.search') }).fill('belg');
    await countries.getByRole('checkbox', { name: 'Belgique' }).check();
    await page.getByRole('spinbutton', { name: fr('sms:settings.daily_cap') }).fill('500');
    await page.getByRole('button', { name: fr('sms:settings.save') }).click();
    await page.getByText(fr('sms:settings.saved')).waitFor();
    await settle(page);
    await screenshot(page, 'sms-settings-fr', { fullPage: false });
    // Kept on the server: read again after a reload.
    await page.reload();
    await countries.getByRole('checkbox', { name: 'Belgique' }).waitFor();
    assert.equal(await countries.getByRole('checkbox', { name: 'Belgique' }).isChecked(), true);
    assert.equal(await page.getByRole('spinbutton', { name: fr('sms:settings.daily_cap') }).inputValue(), '500');
    await context.close();
  });
});
