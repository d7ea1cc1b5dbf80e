import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { createDatabase } from '../../apps/server/src/platform/db/database.ts';
import { signIn, useApp } from '../support/app.ts';
import { seedBigOfferFor } from '../support/big-offer.ts';
import { screenshot, seriousViolations } from '../support/browser.ts';

const app = useApp();

/**
 * A private recruitment list of `email` holding every applicant of a seeded offer, written straight
 * into the running server's SQLite database (as support/big-offer.ts does): answers its id.
 */
async function seedList(email: string, name: string, applicants: number): Promise<number> {
  const offer = await seedBigOfferFor(app.dataDir, email, applicants, { 1: 1 });
  const database = createDatabase(`sqlite:${path.join(app.dataDir, 'embauche.sqlite')}`);
  try {
    const db = database.db;
    const user = await db.selectFrom('users').select(['id', 'company_id']).where('email', '=', email).executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const ids = (await db.selectFrom('applications').select('applicant_id').where('offer_id', '=', offer.offerId).execute()).map((r) => r.applicant_id!);
    const list = await db
      .insertInto('recruitment_lists')
      .values({ company_id: user.company_id!, creator_id: user.id, name, description: null, private: true, collaborative: false, applicant_amount: ids.length, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('recruitment_list_applicants')
      .values(ids.map((applicant_id) => ({ list_id: list.id, applicant_id, added_by: user.id, added_at: now })))
      .execute();
    return list.id;
  } finally {
    await database.destroy();
  }
}

/**
 * "Select all N that match" on a recruitment list (issue 42 part 2): a list of 120 applicants shows
 * 20 a page; after the page's checkbox every one of the 120 is selected, one unticked, and the 119
 * others are removed on the server by the list's selection, not by the loaded rows.
 */
describe('select all applicants that match', () => {
  it('selects all of a list, unticks one, removes the others', async () => {
    const listId = await seedList('admin@demo.test', 'Saisonniers à relancer', 120);
    const { context, page } = await app.newPage();
    await signIn(page, 'admin@demo.test');
    await page.goto(`/sourcing/lists/${listId}`);
    await page.getByRole('heading', { level: 1, name: 'Saisonniers à relancer' }).waitFor();
    await page.getByRole('checkbox', { name: 'Sélectionner les candidats de la page' }).check();
    const bar = page.getByRole('toolbar', { name: 'Actions sur la sélection' });
    await bar.getByRole('button', { name: 'Sélectionner les 120 candidats qui correspondent' }).click();
    await bar.getByText('120 sélectionnés (tous ceux qui correspondent)').waitFor();
    const first = page.getByRole('checkbox', { name: /^Sélectionner Prénom/ }).first();
    const kept = ((await first.getAttribute('aria-label')) ?? '').replace(/^Sélectionner /, '');
    await first.uncheck();
    await bar.getByText('119 sélectionnés (tous ceux qui correspondent)').waitFor();
    // The transfer e-mail names 100 applicants at most: over it, disabled and said why.
    const transfer = bar.getByRole('button', { name: 'Transférer' });
    assert.equal(await transfer.isDisabled(), true);
    await bar.getByText('Au plus 100 candidats par transfert : affinez la recherche.').waitFor();
    await screenshot(page, 'select-all-list-fr', { fullPage: false });
    assert.deepEqual(await seriousViolations(page), []);

    await bar.getByRole('button', { name: 'Retirer de la liste' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Retirer 119 candidats de la liste ?' });
    await dialog.getByText(/Les 119 candidats sélectionnés \(tous ceux qui correspondent\) sont retirés de la liste/).waitFor();
    await screenshot(page, 'select-all-list-confirm-fr', { fullPage: false });
    await dialog.getByRole('button', { name: 'Retirer' }).click();
    // 119: done during the request, its outcome in the dialog.
    const result = page.getByRole('alertdialog', { name: 'Retrait de la liste' });
    await result.getByText('119 candidats retirés de la liste').waitFor();
    await result.getByRole('button', { name: 'Fermer' }).click();

    // Exactly those: the unticked applicant is the only one left.
    await page.getByRole('link', { name: kept }).waitFor();
    const list = await page.evaluate(async (id) => {
      const response = await fetch(`/api/recruitment-lists/${id}/applicants?per_page=50`, { headers: { Accept: 'application/json' } });
      return (await response.json()) as { total: number; data: { firstname: string; lastname: string }[] };
    }, listId);
    assert.equal(list.total, 1);
    assert.equal(`${list.data[0]?.firstname} ${list.data[0]?.lastname}`, kept);
    await context.close();
  });

  it('adds all that match of a sourcing search, less one unticked, to a list by a job', async () => {
    // Applicants whose last application is "new" (the seeded offer's and the demo's), then an empty
    // list: more than 200, so the addition is a job whose progress and outcome the dialog shows.
    await seedBigOfferFor(app.dataDir, 'admin@demo.test', 250, { 1: 1 });
    const database = createDatabase(`sqlite:${path.join(app.dataDir, 'embauche.sqlite')}`);
    const listId = await (async () => {
      try {
        const user = await database.db.selectFrom('users').select(['id', 'company_id']).where('email', '=', 'admin@demo.test').executeTakeFirstOrThrow();
        const now = new Date().toISOString();
        const row = await database.db
          .insertInto('recruitment_lists')
          .values({ company_id: user.company_id!, creator_id: user.id, name: 'Nouveaux à relancer', description: null, private: true, collaborative: false, applicant_amount: 0, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      } finally {
        await database.destroy();
      }
    })();
    const { context, page } = await app.newPage();
    await signIn(page, 'admin@demo.test');
    await page.goto('/sourcing?last_status=1');
    await page.getByRole('checkbox', { name: 'Tout sélectionner sur cette page' }).check();
    const bar = page.getByRole('toolbar', { name: 'Actions sur la sélection' });
    const selectAll = bar.getByRole('button', { name: /^Sélectionner les \d+ candidats qui correspondent$/ });
    const matching = Number(/\d+/.exec((await selectAll.textContent()) ?? '')?.[0]);
    assert.ok(matching > 250 && matching <= 10_000, `${matching} match`);
    await selectAll.click();
    await bar.getByText(`${matching} sélectionnés (tous ceux qui correspondent)`).waitFor();
    await bar.getByRole('button', { name: 'Ajouter à une offre' }).waitFor();
    await page.getByRole('checkbox', { name: /^Sélectionner / }).first().uncheck();
    await bar.getByText(`${matching - 1} sélectionnés (tous ceux qui correspondent)`).waitFor();
    await screenshot(page, 'select-all-sourcing-fr', { fullPage: false });
    assert.deepEqual(await seriousViolations(page), []);

    await bar.getByRole('button', { name: 'Ajouter à une liste' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter à une liste' });
    await dialog.getByText(`Choisissez la liste où ajouter les ${matching - 1} candidats qui correspondent à la recherche.`).waitFor();
    await dialog.getByRole('radio', { name: /Nouveaux à relancer/ }).check();
    await dialog.getByRole('button', { name: 'Ajouter' }).click();
    const result = page.getByRole('alertdialog', { name: 'Ajout à la liste « Nouveaux à relancer »' });
    await result.getByText(`${matching - 1} candidats ajoutés à la liste`).waitFor({ timeout: 30_000 });
    await screenshot(page, 'select-all-sourcing-added-fr', { fullPage: false });
    assert.deepEqual(await seriousViolations(page), []);
    await result.getByRole('button', { name: 'Fermer' }).click();
    const list = await page.evaluate(async (id) => {
      const response = await fetch(`/api/recruitment-lists/${id}`, { headers: { Accept: 'application/json' } });
      return (await response.json()) as { applicant_amount: number };
    }, listId);
    assert.equal(list.applicant_amount, matching - 1);
    await context.close();
  });

  it('adds all that match of a list to an offer on a phone (en, 390 px)', async () => {
    const listId = await seedList('admin@demo.test', 'To an offer', 45);
    const { context, page } = await app.newPage('en-GB', { viewport: { width: 390, height: 844 } });
    await signIn(page, 'admin@demo.test');
    await page.goto(`/sourcing/lists/${listId}`);
    await page.getByRole('checkbox', { name: 'Select the applicants of the page' }).check();
    const bar = page.getByRole('toolbar', { name: 'Actions on the selection' });
    await bar.getByRole('button', { name: 'Select the 45 applicants who match' }).click();
    await bar.getByText('45 selected (all that match)').waitFor();
    await bar.getByRole('button', { name: 'Add to an offer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to an offer' });
    await dialog.getByText('Choose the offer on which the 45 applicants who match get an application.').waitFor();
    await dialog.getByRole('searchbox').fill('Comptable fournisseurs');
    await dialog.getByRole('radio', { name: /^Comptable fournisseurs H\/F/ }).first().check();
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    const result = page.getByRole('alertdialog', { name: /^Adding to the offer “Comptable fournisseurs H\/F/ });
    await result.getByText('45 applicants added to the offer').waitFor();
    const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    assert.equal(wide, false, 'no sideways scroll at 390 px');
    await screenshot(page, 'select-all-list-to-offer-en-390', { fullPage: false });
    assert.deepEqual(await seriousViolations(page), []);
    await context.close();
  });

  for (const [locale, lang, names] of [
    ['fr-FR', 'fr', { page: 'Sélectionner les candidats de la page', all: 'Sélectionner les 45 candidats qui correspondent', done: '45 sélectionnés (tous ceux qui correspondent)' }],
    ['en-GB', 'en', { page: 'Select the applicants of the page', all: 'Select the 45 applicants who match', done: '45 selected (all that match)' }],
  ] as const) {
    it(`offers it on a phone (${lang}, 390 px)`, async () => {
      const listId = await seedList('admin@demo.test', `Liste ${lang}`, 45);
      const { context, page } = await app.newPage(locale, { viewport: { width: 390, height: 844 } });
      await signIn(page, 'admin@demo.test');
      await page.goto(`/sourcing/lists/${listId}`);
      await page.getByRole('checkbox', { name: names.page }).check();
      await page.getByRole('button', { name: names.all }).click();
      await page.getByText(names.done).waitFor();
      const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      assert.equal(wide, false, 'no sideways scroll at 390 px');
      await screenshot(page, `select-all-list-${lang}-390`, { fullPage: false });
      await context.close();
    });
  }
});
