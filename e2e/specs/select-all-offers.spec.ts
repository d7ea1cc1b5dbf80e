import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { createDatabase } from '../../apps/server/src/platform/db/database.ts';
import { insertOffer } from '../../apps/server/test/support/insert-company.ts';
import { signIn, useApp } from '../support/app.ts';
import { screenshot, seriousViolations } from '../support/browser.ts';

const app = useApp();

/**
 * Offers straight into the running e2e server's SQLite database (the rows the server's tests insert,
 * test/support/insert-company.ts): `count` published offers named `${name} n` in the demo project
 * "Renforts saisonniers – été" of Valmont. The API would take minutes for a few hundred.
 */
async function seedOffers(name: string, count: number): Promise<number> {
  const database = createDatabase(`sqlite:${path.join(app.dataDir, 'embauche.sqlite')}`);
  try {
    const user = await database.db.selectFrom('users').select('company_id').where('email', '=', 'admin@demo.test').executeTakeFirstOrThrow();
    const project = await database.db
      .selectFrom('projects')
      .select('id')
      .where('company_id', '=', user.company_id)
      .where('name', '=', 'Renforts saisonniers – été')
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    for (let i = 0; i < count; i++) await insertOffer(database.db, user.company_id!, project.id, `${name} ${i}`, now);
    return project.id;
  } finally {
    await database.destroy();
  }
}

/**
 * "Select all N that match" on an offer list (issue 42 part 2): 250 offers found by the list's
 * search, all selected, one unticked, unpublished by a background job whose result the dialog reads
 * back; the same bar on a phone, in French and in English.
 */
describe('select all offers that match', () => {
  it('searches the offer list, selects all that match but one, unpublishes them in a job', async () => {
    const projectId = await seedOffers('Vendeur plage', 250);
    const { context, page } = await app.newPage();
    await signIn(page, 'admin@demo.test');
    await page.goto(`/projects/all/offers?q=${encodeURIComponent('vendeur plage')}`);
    await page.getByRole('heading', { level: 1, name: 'Toutes les offres' }).waitFor();
    const first = page.getByRole('checkbox', { name: /^Sélectionner l'offre Vendeur plage/ }).first();
    await first.waitFor();

    await page.getByRole('checkbox', { name: 'Sélectionner toutes les offres de la page' }).check();
    const bar = page.getByRole('toolbar', { name: 'Actions sur la sélection' });
    await bar.getByRole('button', { name: 'Sélectionner les 250 offres qui correspondent' }).click();
    await bar.getByText('250 offres sélectionnées (toutes celles qui correspondent)').waitFor();
    // One unticked: left out.
    const unticked = ((await first.getAttribute('aria-label')) ?? '').replace("Sélectionner l'offre ", '');
    await first.uncheck();
    await bar.getByText('249 offres sélectionnées (toutes celles qui correspondent)').waitFor();
    assert.deepEqual(await seriousViolations(page), []);

    await bar.getByRole('button', { name: 'Dépublier' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Dépublier 249 offres ?' });
    await dialog.getByText(/porte sur les 249 offres qui correspondent/).waitFor();
    await screenshot(page, 'select-all-offers-confirm-fr', { fullPage: false });
    await dialog.getByRole('button', { name: 'Dépublier' }).click();
    const result = page.getByRole('alertdialog', { name: "Résultat de l'opération" });
    await result.getByText('249 offres modifiées').waitFor({ timeout: 60_000 });
    await screenshot(page, 'select-all-offers-result-fr', { fullPage: false });
    await result.getByRole('button', { name: 'Fermer' }).click();

    // Exactly those: 249 unpublished, the unticked one still published.
    const offers = await page.evaluate(async (id) => {
      const response = await fetch(`/api/projects/${id}/offers?page=1&filter[q]=${encodeURIComponent('vendeur plage')}&filter[status]=published`, { headers: { Accept: 'application/json' } });
      return (await response.json()) as { total: number; data: { job_position: string }[] };
    }, projectId);
    assert.equal(offers.total, 1);
    assert.equal(offers.data[0]?.job_position, unticked);
    await context.close();
  });

  for (const [locale, lang, names] of [
    ['fr-FR', 'fr', { page: 'Sélectionner toutes les offres de la page', all: 'Sélectionner les 40 offres qui correspondent', done: '40 offres sélectionnées (toutes celles qui correspondent)' }],
    ['en-GB', 'en', { page: 'Select every offer on this page', all: 'Select all 40 offers that match', done: '40 offers selected (all that match)' }],
  ] as const) {
    it(`offers it on a phone (${lang}, 390 px)`, async () => {
      await seedOffers(`Surveillant baignade ${lang}`, 40);
      const { context, page } = await app.newPage(locale, { viewport: { width: 390, height: 844 } });
      await signIn(page, 'admin@demo.test');
      await page.goto(`/projects/all/offers?q=${encodeURIComponent(`surveillant baignade ${lang}`)}`);
      await page.getByRole('checkbox', { name: names.page }).check();
      await page.getByRole('button', { name: names.all }).click();
      await page.getByText(names.done).waitFor();
      const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      assert.equal(wide, false, 'no sideways scroll at 390 px');
      await screenshot(page, `select-all-offers-${lang}-390`, { fullPage: false });
      await context.close();
    });
  }
});
