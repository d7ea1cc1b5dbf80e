import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
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

const MODEL = 'Refus poli (e2e mailing)';

type Mail = { to: string; subject: string; text: string; html: string | null };
type Row = {
  id: number;
  applicant_id: number;
  firstname: string;
  lastname: string;
  email: string | null;
  job_position: string | null;
};
type Target = { projectId: number; offerId: number; rows: Row[] };

/** Waits for toasts and transitions to settle so screenshots and axe see a quiet page. */
const settle = (page: Page) => page.waitForTimeout(400);

/** A French refusal model of the company, made through the API: its subject and text name the applicant. */
async function createModel(page: Page, modelName = MODEL): Promise<number> {
  // No helper functions inside: the page runs this code as it is.
  const created = await page.evaluate(async (name) => {
    const response = await fetch('/api/mail-models', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        kind: 'refusal',
        name,
        contents: {
          fr: {
            subject: 'Votre candidature, {{candidate.firstname}}',
            mjml:
              '<mjml><mj-body><mj-section><mj-column>' +
              '<mj-text>Bonjour {{candidate.firstname}}, merci pour votre candidature au poste {{offer.title}}.</mj-text>' +
              '<mj-text>{{sender.fullname}}</mj-text>' +
              '</mj-column></mj-section></mj-body></mjml>',
          },
        },
      }),
    });
    return { status: response.status, body: (await response.json()) as { id: number } };
  }, modelName);
  assert.equal(created.status, 201, JSON.stringify(created.body));
  return created.body.id;
}

/** An offer of the demo data with at least two applications whose applicants have an address, through the API. */
async function findOffer(page: Page): Promise<Target> {
  const found = await page.evaluate(async () => {
    const list = (await (await fetch('/api/applicants?per_page=30')).json()) as {
      data: { id: number }[];
    };
    for (const item of list.data) {
      const overview = (await (
        await fetch(`/api/applicants/${item.id}/applications-overview`)
      ).json()) as { offer_id: number | null; project_id: number | null }[];
      for (const application of overview) {
        if (application.offer_id === null || application.project_id === null) continue;
        type Item = {
          id: number;
          applicant_id: number;
          firstname: string;
          lastname: string;
          email: string | null;
          job_position: string | null;
        };
        // The list answers a page when asked for one, the whole list otherwise.
        const answer = (await (
          await fetch(
            `/api/projects/${application.project_id}/offers/${application.offer_id}/applications?page=1&per_page=20`,
          )
        ).json()) as Item[] | { data: Item[] };
        const rows = (Array.isArray(answer) ? answer : answer.data).filter((row) => row.email);
        if (rows.length >= 2)
          return { projectId: application.project_id, offerId: application.offer_id, rows };
      }
    }
    return null;
  });
  assert.ok(found, 'the demo data has an offer with two applicants who have an e-mail address');
  return found;
}

/** Selects the first two listed applications whose applicants have an address; answers them. */
async function selectTwo(page: Page, target: Target, language: string): Promise<Row[]> {
  const chosen: Row[] = [];
  const prefix = t(language, 'application:list.select', { name: '' });
  const boxes = page.getByRole('checkbox', { name: new RegExp(`^${prefix}`) });
  await boxes.first().waitFor();
  for (const box of await boxes.all()) {
    const name = ((await box.getAttribute('aria-label')) ?? '').slice(prefix.length);
    const row = target.rows.find((r) => `${r.firstname} ${r.lastname}`.trim() === name.trim());
    if (!row || chosen.some((c) => c.id === row.id)) continue;
    await box.check();
    chosen.push(row);
    if (chosen.length === 2) break;
  }
  assert.equal(chosen.length, 2, 'two listed applications with an address');
  return chosen;
}

async function openDialog(page: Page, language: string): Promise<Locator> {
  const toolbar = page.getByRole('toolbar', { name: t(language, 'application:batch.toolbar') });
  await toolbar
    .getByRole('button', { name: t(language, 'application:batch.email'), exact: true })
    .click();
  const dialog = page.getByRole('dialog', { name: t(language, 'multicast:title') });
  await dialog.waitFor();
  return dialog;
}

/** axe, then screenshots of the open dialog at 1366 and 390 px; at 390 nothing scrolls sideways. */
async function dialogShots(page: Page, dialog: Locator, name: string) {
  await settle(page);
  assert.deepEqual(await seriousViolations(page), []);
  await screenshot(page, `${name}-1366`, { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await settle(page);
  const overflow = await horizontalOverflow(page);
  assert.equal(overflow.overflow, 0, JSON.stringify(overflow));
  const box = await dialog.boundingBox();
  assert.ok(
    box && box.x >= 0 && box.x + box.width <= 390,
    `the dialog fits in 390 px: ${JSON.stringify(box)}`,
  );
  assert.deepEqual(await seriousViolations(page), []);
  await screenshot(page, `${name}-390`, { fullPage: false });
  await dialog.evaluate((node) => node.scrollTo(0, node.scrollHeight));
  await screenshot(page, `${name}-390-end`, { fullPage: false });
  await dialog.evaluate((node) => node.scrollTo(0, 0));
  await page.setViewportSize({ width: 1366, height: 900 });
}

describe('e-mail to candidates (mailings)', () => {
  it('sends a refusal model to two applications of an offer, previewed per applicant, and each reads their own first name', async () => {
    const { context, page } = await app.newPage();
    await signIn(page, 'admin@demo.test');
    await page.waitForURL(`${app.url}/`);
    const modelId = await createModel(page);
    const target = await findOffer(page);

    await page.goto(`/projects/${target.projectId}/offer/${target.offerId}?view=list`);
    const chosen = await selectTwo(page, target, 'fr');
    const names = chosen.map((r) => `${r.firstname} ${r.lastname}`);
    const dialog = await openDialog(page, 'fr');
    await dialog
      .getByText(t('fr', 'multicast:description_other', { count: 2, names: names.join(', ') }))
      .waitFor();

    const model = dialog.getByRole('combobox', {
      name: new RegExp(`^${t('fr', 'multicast:model.label')}`),
    });
    await model.selectOption(String(modelId));
    // The preview for the second applicant: their first name in the subject and in the e-mail.
    await dialog.getByRole('button', { name: t('fr', 'multicast:preview.show') }).click();
    await dialog
      .getByRole('combobox', { name: t('fr', 'multicast:preview.recipient') })
      .selectOption({ label: names[1]! });
    const frame = dialog.frameLocator(
      `iframe[title="${t('fr', 'multicast:preview.frame', { name: names[1]! })}"]`,
    );
    await frame.getByText(new RegExp(`Bonjour ${chosen[1]!.firstname}, merci`)).waitFor();
    assert.equal(
      await dialog.locator('iframe').getAttribute('sandbox'),
      '',
      'the preview frame may run nothing',
    );
    await dialog.getByText(`Votre candidature, ${chosen[1]!.firstname}`, { exact: true }).waitFor();
    await dialogShots(page, dialog, 'mailing-dialog-fr');

    const [created] = await Promise.all([
      page.waitForResponse(
        (r) => r.url().endsWith('/api/mailings') && r.request().method() === 'POST',
      ),
      dialog.getByRole('button', { name: t('fr', 'multicast:submit_other', { count: 2 }) }).click(),
    ]);
    assert.equal(created.status(), 202);
    // The job writes them; the dialog follows until done, then tells the counts.
    const status = dialog.getByRole('status');
    await status.getByText(t('fr', 'multicast:progress.done')).waitFor({ timeout: 30_000 });
    await status
      .getByText(t('fr', 'multicast:progress.sent_of_other', { count: 2, total: 2 }))
      .waitFor();
    assert.equal(await dialog.getByRole('progressbar').getAttribute('aria-valuenow'), '2');
    await settle(page);
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'mailing-done-fr', { fullPage: false });

    // Each applicant's e-mail, in the development outbox, with their own first name.
    const outbox = (await (await page.request.get('/api/dev/mail-outbox')).json()) as Mail[];
    for (const row of chosen) {
      const mail = outbox.find(
        (m) => m.to.includes(row.email!) && m.subject === `Votre candidature, ${row.firstname}`,
      );
      assert.ok(
        mail,
        `the e-mail to ${row.email} is in the outbox: ${JSON.stringify(outbox.map((m) => [m.to, m.subject]))}`,
      );
      assert.match(mail.text, new RegExp(`Bonjour ${row.firstname}, merci pour votre candidature`));
      assert.match(mail.html ?? '', new RegExp(`Bonjour ${row.firstname}, merci`));
      assert.doesNotMatch(mail.text, /\{\{/, 'every merge field is filled');
    }

    // Closed: the selection is cleared.
    await dialog
      .getByRole('button', { name: label('fr', 'common:close'), exact: true })
      .first()
      .click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByRole('toolbar', { name: t('fr', 'application:batch.toolbar') })
      .waitFor({ state: 'detached' });

    // From the applicant screen, about the application in focus: the preview fills its offer.
    const first = chosen[0]!;
    await page.goto(`/applicants/${first.applicant_id}?application=${first.id}`);
    await page.getByRole('heading', { level: 1, name: names[0]! }).waitFor();
    await page
      .getByRole('button', { name: t('fr', 'applicant:mailing.open'), exact: true })
      .click();
    const single = page.getByRole('dialog', { name: t('fr', 'multicast:title') });
    await single.getByText(t('fr', 'multicast:description_one', { names: names[0]! })).waitFor();
    await single
      .getByRole('combobox', { name: new RegExp(`^${t('fr', 'multicast:model.label')}`) })
      .selectOption(String(modelId));
    await single.getByRole('button', { name: t('fr', 'multicast:preview.show') }).click();
    const own = single.frameLocator(
      `iframe[title="${t('fr', 'multicast:preview.frame', { name: names[0]! })}"]`,
    );
    await own
      .getByText(
        `Bonjour ${first.firstname}, merci pour votre candidature au poste ${first.job_position}.`,
      )
      .waitFor();
    await single.getByRole('button', { name: label('fr', 'common:cancel'), exact: true }).click();
    await single.waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 390, height: 844 });
    await settle(page);
    await screenshot(page, 'mailing-applicant-button-fr-390', { fullPage: false });
    await context.close();
  });

  it('edits the French refusal model in the editor, refuses two applications with it in bulk, and each e-mail names its applicant', async () => {
    const name = 'Refus en masse (e2e)';
    const { context, page } = await app.newPage();
    await signIn(page, 'admin@demo.test');
    await page.waitForURL(`${app.url}/`);
    const modelId = await createModel(page, name);
    const target = await findOffer(page);

    // The subject gets the applicant's last name from the editor's merge-field menu.
    await page.goto(`/config/emails/model/${modelId}`);
    await page.getByRole('heading', { level: 2, name }).waitFor();
    const subject = page.getByRole('textbox', {
      name: new RegExp(`^${t('fr', 'mail:editor.subject')}`),
    });
    await subject.fill('Réponse pour ');
    await page.getByRole('button', { name: t('fr', 'mail:editor.insert_in_subject') }).click();
    await page
      .getByRole('menuitem', {
        name: new RegExp(`^${t('fr', 'mail:models.merge_fields.candidate.lastname')}`),
      })
      .click();
    assert.equal(await subject.inputValue(), 'Réponse pour {{candidate.lastname}}');
    await page.getByRole('button', { name: t('fr', 'mail:editor.save'), exact: true }).click();
    await page.getByText(t('fr', 'mail:editor.saved', { name })).waitFor();

    // Two applications refused at once, with that model.
    await page.goto(`/projects/${target.projectId}/offer/${target.offerId}?view=list`);
    const chosen = await selectTwo(page, target, 'fr');
    await page
      .getByRole('toolbar', { name: t('fr', 'application:batch.toolbar') })
      .getByRole('button', { name: t('fr', 'application:batch.change_status'), exact: true })
      .click();
    const dialog = page.getByRole('alertdialog', {
      name: t('fr', 'application:batch.status_title_other', { count: 2 }),
    });
    await dialog
      .getByRole('combobox', { name: new RegExp(`^${t('fr', 'application:batch.new_status')}`) })
      .selectOption({ label: label('fr', 'config:status.statuses.refused') });
    await dialog
      .getByRole('combobox', { name: new RegExp(`^${t('fr', 'application:motif.label')}`) })
      .selectOption({ index: 1 });
    await dialog.getByRole('checkbox', { name: t('fr', 'multicast:refusal.send') }).check();
    await dialog
      .getByRole('combobox', { name: t('fr', 'multicast:refusal.model') })
      .selectOption(String(modelId));
    await settle(page);
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'refusal-mail-dialog-fr', { fullPage: false });
    await dialog
      .getByRole('button', { name: t('fr', 'application:batch.status_confirm'), exact: true })
      .click();
    await dialog.getByText(t('fr', 'application:batch.mailed_other', { count: 2 })).waitFor();

    // The job writes both e-mails: each with its applicant's names filled in.
    const mailFor = async (row: Row) => {
      for (let i = 0; i < 60; i += 1) {
        const outbox = (await (await page.request.get('/api/dev/mail-outbox')).json()) as Mail[];
        const mail = outbox.find(
          (m) => m.to.includes(row.email!) && m.subject === `Réponse pour ${row.lastname}`,
        );
        if (mail) return mail;
        await page.waitForTimeout(500);
      }
      throw new Error(`no refusal e-mail to ${row.email}`);
    };
    for (const row of chosen) {
      const mail = await mailFor(row);
      assert.match(mail.text, new RegExp(`Bonjour ${row.firstname}, merci pour votre candidature`));
      assert.doesNotMatch(mail.text, /\{\{/, 'every merge field is filled');
    }
    await context.close();
  });

  it('writes freely in English, previewed at 1366 and 390 px, nothing sent', async () => {
    const { context, page } = await app.newPage('en-GB');
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
    const target = await findOffer(page);
    await page.goto(`/projects/${target.projectId}/offer/${target.offerId}?view=list`);
    const chosen = await selectTwo(page, target, 'en');
    const dialog = await openDialog(page, 'en');
    await dialog.getByRole('radio', { name: t('en', 'multicast:content.free') }).check();
    await dialog
      .getByRole('textbox', { name: new RegExp(`^${t('en', 'multicast:free.subject')}`) })
      .fill('About your application');
    // A field from the picker goes where the caret is.
    await dialog.getByRole('button', { name: t('en', 'multicast:free.body_field') }).click();
    await page
      .getByRole('menuitem', {
        name: new RegExp(`^${label('en', 'mail:models.merge_fields.candidate.firstname')}`),
      })
      .click();
    const body = dialog.getByRole('textbox', {
      name: new RegExp(`^${t('en', 'multicast:free.body')}`),
    });
    assert.equal(await body.inputValue(), '{{candidate.firstname}}');
    await body.press('End');
    await body.pressSequentially(', thank you.\n\nWe will call you <soon> & tell you more.');
    await dialog.getByRole('button', { name: t('en', 'multicast:preview.show') }).click();
    const frame = dialog.frameLocator(
      `iframe[title="${t('en', 'multicast:preview.frame', { name: `${chosen[0]!.firstname} ${chosen[0]!.lastname}` })}"]`,
    );
    await frame.getByText(`${chosen[0]!.firstname}, thank you.`).waitFor();
    // Typed markup reads as text in the e-mail.
    await frame.getByText('We will call you <soon> & tell you more.').waitFor();
    await dialogShots(page, dialog, 'mailing-dialog-en');
    await dialog.getByRole('button', { name: label('en', 'common:cancel'), exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });
});
