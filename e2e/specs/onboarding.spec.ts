import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { signIn, useApp } from '../support/app.ts';
import { horizontalOverflow, screenshot, seriousViolations } from '../support/browser.ts';

const app = useApp();

type Mail = { to: string; subject: string; text: string };
type Application = { id: number; applicant_id: number; firstname: string; lastname: string; email: string | null; status: { id: number } };

/** Waits for toasts to settle so screenshots and axe see a quiet page. */
const settle = (page: Page) => page.waitForTimeout(400);

const me = async (page: Page) => (await (await page.request.get('/api/me')).json()) as { id: number; firstname: string; lastname: string };

/** The welcome e-mail to `to`, read from the development outbox once the worker's sweep (each minute) sent it. */
async function welcomeMail(page: Page, to: string): Promise<Mail> {
  const deadline = Date.now() + 150_000;
  for (;;) {
    const outbox = (await (await page.request.get('/api/dev/mail-outbox')).json()) as Mail[];
    const mail = outbox.find((m) => m.to.includes(to) && /^Bienvenue/.test(m.subject));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no welcome e-mail to ${to}: ${JSON.stringify(outbox.slice(0, 5).map((m) => [m.to, m.subject]))}`);
    await page.waitForTimeout(2000);
  }
}

describe('onboarding', () => {
  it('recruits an applicant, starts the onboarding, two users tick a task each, and the welcome e-mail reaches the outbox', async () => {
    const admin = await app.newPage('fr-FR', { viewport: { width: 1366, height: 900 } });
    await signIn(admin.page, 'admin@demo.test');
    await admin.page.waitForURL(`${app.url}/`);
    const recruiter = await app.newPage('en-US', { viewport: { width: 390, height: 844 } });
    await signIn(recruiter.page, 'recruiter@demo.test');
    await recruiter.page.waitForURL(`${app.url}/`);
    const recruiterId = (await me(recruiter.page)).id;

    // A process: a task for the manager, one for the recruiter by name, the welcome e-mail on the day.
    const created = await admin.page.request.post('/api/onboarding/processes', {
      data: {
        name: 'Arrivée e2e',
        active: true,
        steps: [
          { title: 'Préparer le poste', kind: 'task', responsible: { type: 'manager' }, due_days: -2 },
          { title: 'Créer le compte informatique', kind: 'task', responsible: { type: 'user', id: recruiterId }, due_days: -1 },
          { title: 'E-mail de bienvenue', kind: 'email', responsible: { type: 'recruiter' }, due_days: 0, mail_model_id: null },
        ],
      },
    });
    assert.equal(created.status(), 201, await created.text());

    // An application with an e-mail, not recruited yet, on an offer of the demo data.
    const target = await admin.page.evaluate(async () => {
      const offers = (await (await fetch('/api/treatment/applications/offers')).json()) as { id: number; project_id: number }[];
      for (const offer of offers) {
        const items = (await (await fetch(`/api/projects/${offer.project_id}/offers/${offer.id}/applications?order=lastname`)).json()) as Application[];
        const found = (Array.isArray(items) ? items : []).find((a) => a.email && a.status.id !== 6);
        if (found) return found;
      }
      return null;
    });
    assert.ok(target, 'the demo data has an application to recruit');
    const name = `${target.firstname} ${target.lastname}`;

    // Recruited from the applicant's screen: the dialog offers to start the onboarding.
    await admin.page.goto(`/applicants/${target.applicant_id}?application=${target.id}`);
    await admin.page.getByRole('heading', { level: 1, name }).waitFor();
    await admin.page.getByRole('button', { name: `Changer le statut de ${name}` }).click();
    await admin.page.getByRole('menuitemradio', { name: 'Recruté' }).click();
    const dialog = admin.page.getByRole('dialog', { name: `Lancer l'onboarding de ${name} ?` });
    await dialog.waitFor();
    await dialog.getByRole('combobox', { name: /^Processus/ }).selectOption({ label: 'Arrivée e2e (3 étapes)' });
    await dialog.getByRole('textbox', { name: 'Contact du premier jour' }).fill('Accueil, bâtiment B');
    await settle(admin.page);
    assert.deepEqual(await seriousViolations(admin.page), []);
    await screenshot(admin.page, 'onboarding-start-fr-1366', { fullPage: false });
    await dialog.getByRole('button', { name: "Lancer l'onboarding" }).click();
    await admin.page.getByText(`Onboarding de ${name} lancé.`).waitFor();

    // /onboarding: the new hire in the list, then on their page; the manager (the admin) ticks their task.
    await admin.page.goto('/onboarding');
    const list = admin.page.getByRole('list', { name: 'Nouvelles recrues' });
    await list.getByRole('link', { name }).waitFor();
    await settle(admin.page);
    await screenshot(admin.page, 'onboarding-list-fr-1366');
    await admin.page.getByRole('tab', { name: 'Tableau' }).click();
    await admin.page.getByRole('region', { name: 'Tableau des onboardings par statut' }).getByRole('link', { name }).waitFor();
    await settle(admin.page);
    await screenshot(admin.page, 'onboarding-board-fr-1366');
    await admin.page.getByRole('region', { name: 'Tableau des onboardings par statut' }).getByRole('link', { name }).click();
    await admin.page.getByRole('heading', { level: 1, name }).waitFor();
    const checklist = admin.page.getByRole('list', { name: 'Liste des tâches' });
    await checklist.getByRole('checkbox', { name: 'Tâche faite : Préparer le poste' }).check();
    await admin.page.getByText('Tâche « Préparer le poste » faite.').waitFor();
    await settle(admin.page);
    assert.deepEqual(await seriousViolations(admin.page), []);
    await screenshot(admin.page, 'onboarding-detail-fr-1366');

    // The recruiter, on a phone in English, ticks theirs from "My onboarding tasks" on the dashboard.
    await recruiter.page.goto('/?lng=en');
    await recruiter.page.getByRole('link', { name: /My onboarding tasks/ }).click();
    await recruiter.page.getByRole('heading', { level: 1, name: 'My onboarding tasks' }).waitFor();
    const mine = recruiter.page.getByRole('list', { name: 'My tasks' });
    const task = mine.getByRole('checkbox', { name: 'Task done: Créer le compte informatique' });
    await task.waitFor();
    await settle(recruiter.page);
    const overflow = await horizontalOverflow(recruiter.page);
    assert.ok(overflow.overflow <= 0, `sideways scroll: ${JSON.stringify(overflow)}`);
    await screenshot(recruiter.page, 'onboarding-my-tasks-en-390');
    await task.check();
    await recruiter.page.getByText('Task “Créer le compte informatique” done.').waitFor();
    // Done, it leaves "To do"; "All" shows it again, ticked, with the new hire's name.
    await recruiter.page.getByRole('combobox', { name: 'Show' }).selectOption({ label: 'All' });
    assert.equal(await mine.getByRole('checkbox', { name: 'Task done: Créer le compte informatique' }).isChecked(), true);
    await mine.getByRole('link', { name }).first().click();
    await recruiter.page.getByRole('heading', { level: 1, name }).waitFor();
    await settle(recruiter.page);
    assert.ok((await horizontalOverflow(recruiter.page)).overflow <= 0);
    await screenshot(recruiter.page, 'onboarding-detail-en-390');

    // Both ticks show on the admin's page (the e-mail step, the third, is done once sent).
    await admin.page.reload();
    await admin.page.getByRole('progressbar', { name: /Tâches faites : [23] sur 3/ }).first().waitFor();

    // The welcome e-mail, sent by the worker on the start day, in the new hire's language.
    const mail = await welcomeMail(admin.page, target.email!);
    assert.match(mail.text, new RegExp(`Bonjour ${target.firstname}`));
    assert.match(mail.text, /Accueil, bâtiment B/);
    assert.doesNotMatch(mail.text, /\{\{/, 'every merge field is filled');

    await admin.context.close();
    await recruiter.context.close();
  });

  it('shows the configuration pages in French at 1366 px and English at 390 px', async () => {
    const { context, page } = await app.newPage('fr-FR', { viewport: { width: 1366, height: 900 } });
    await signIn(page, 'admin@demo.test');
    await page.goto('/config/onboarding/process');
    await page.getByRole('heading', { level: 1, name: 'Processus' }).waitFor({ timeout: 60_000 });
    await page.getByRole('link', { name: 'Nouveau processus' }).click();
    await page.getByRole('heading', { level: 2, name: 'Nouveau processus' }).waitFor();
    await page.getByRole('textbox', { name: /Nom du processus/ }).fill('Cadres');
    await page.getByRole('button', { name: 'Ajouter une étape' }).click();
    await page.getByRole('button', { name: 'Ajouter une étape' }).click();
    await page.getByRole('listitem', { name: 'Étape 1 : Étape 1' }).getByRole('textbox', { name: /Intitulé/ }).fill('Signer le contrat');
    await page.getByRole('listitem', { name: 'Étape 2 : Étape 2' }).getByRole('textbox', { name: /Intitulé/ }).fill('RIB');
    await page.getByRole('listitem', { name: 'Étape 2 : RIB' }).getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Document à fournir' });
    await page.getByRole('listitem', { name: 'Étape 2 : RIB' }).getByRole('textbox', { name: /Document demandé/ }).fill('RIB');
    // Keyboard: the second step's handle picked up with space, moved up, dropped.
    await page.getByRole('button', { name: "Déplacer l'étape RIB, en position 2" }).focus();
    // dnd-kit reads each key after the previous one's frame: a short pause between them.
    await page.keyboard.press('Space');
    await page.waitForTimeout(300);
    await page.keyboard.press('ArrowUp');
    await page.waitForTimeout(300);
    await page.keyboard.press('Space');
    await page.getByRole('listitem', { name: 'Étape 1 : RIB' }).waitFor();
    await settle(page);
    await screenshot(page, 'onboarding-process-editor-fr-1366');
    await page.getByRole('button', { name: 'Enregistrer le processus' }).click();
    await page.getByText('Processus Cadres créé.').waitFor();
    await page.goto('/config/onboarding/statuses');
    await page.getByRole('list', { name: "Statuts d'onboarding" }).waitFor();
    await settle(page);
    await screenshot(page, 'onboarding-statuses-fr-1366');
    await context.close();

    const phone = await app.newPage('en-US', { viewport: { width: 390, height: 844 } });
    await signIn(phone.page, 'admin@demo.test');
    await phone.page.goto('/config/onboarding/process?lng=en');
    await phone.page.getByRole('list', { name: 'Onboarding processes' }).getByRole('link', { name: 'Cadres', exact: true }).click();
    await phone.page.getByRole('heading', { level: 2, name: 'Process Cadres' }).waitFor();
    await settle(phone.page);
    assert.ok((await horizontalOverflow(phone.page)).overflow <= 0);
    await screenshot(phone.page, 'onboarding-process-editor-en-390');
    await phone.page.goto('/onboarding?lng=en');
    await phone.page.getByRole('heading', { level: 1, name: 'Onboarding' }).waitFor();
    await settle(phone.page);
    assert.ok((await horizontalOverflow(phone.page)).overflow <= 0);
    await screenshot(phone.page, 'onboarding-list-en-390');
    await phone.context.close();
  });
});
