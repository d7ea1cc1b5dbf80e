import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { createDatabase } from '../../apps/server/src/platform/db/database.ts';
import { newUserRow } from '../../apps/server/src/platform/db/new-user.ts';
import { signIn, useApp } from '../support/app.ts';
import { screenshot, seriousViolations } from '../support/browser.ts';

const app = useApp();

/**
 * Users straight into the running e2e server's SQLite database: `count` active users of Valmont
 * named `U{n} ${lastname}` (the API would send each an invitation).
 */
async function seedUsers(lastname: string, count: number): Promise<void> {
  const database = createDatabase(`sqlite:${path.join(app.dataDir, 'embauche.sqlite')}`);
  try {
    const admin = await database.db.selectFrom('users').select(['company_id', 'role_id']).where('email', '=', 'admin@demo.test').executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const tag = lastname.toLowerCase().replace(/\W+/g, '-');
    const rows = Array.from({ length: count }, (_, i) =>
      newUserRow(
        { company_id: admin.company_id!, role_id: admin.role_id, subsidiary_id: null, firstname: `U${i}`, lastname, email: `${tag}-${i}@bulk.test`, language: 'fr' },
        now,
      ),
    );
    await database.db.insertInto('users').values(rows).execute();
  } finally {
    await database.destroy();
  }
}

/**
 * "Select all N that match" on the users list (issue 42 part 2): 60 users found by the list's
 * search, all selected, one unticked, deactivated; the result read back. The same bar on a phone,
 * in English, without sideways scroll.
 */
describe('select all users that match', () => {
  it('searches the users, selects all that match but one, deactivates them', async () => {
    await seedUsers('Saisonnier', 60);
    const { context, page } = await app.newPage();
    await signIn(page, 'admin@demo.test');
    await page.goto('/config/users/list?q=saisonnier');
    await page.getByText('60 utilisateurs').waitFor();
    await page.getByRole('checkbox', { name: 'Sélectionner les utilisateurs de la page' }).check();
    const bar = page.getByRole('toolbar', { name: 'Actions sur les utilisateurs sélectionnés' });
    await bar.getByText('20 sélectionnés').waitFor();
    await bar.getByRole('button', { name: 'Sélectionner les 60 utilisateurs qui correspondent' }).click();
    await bar.getByText('60 sélectionnés (tous ceux qui correspondent)').waitFor();
    // One unticked: left out.
    const first = page.getByRole('checkbox', { name: /^Sélectionner U\d+ Saisonnier$/ }).first();
    const unticked = ((await first.getAttribute('aria-label')) ?? '').replace('Sélectionner ', '');
    await first.uncheck();
    await bar.getByText('59 sélectionnés (tous ceux qui correspondent)').waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'select-all-users-fr', { fullPage: false });

    await bar.getByRole('button', { name: 'Désactiver' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Désactiver 59 utilisateurs ?' });
    await dialog.getByText(/tous ceux qui correspondent aux filtres de la liste/).waitFor();
    await screenshot(page, 'select-all-users-confirm-fr', { fullPage: false });
    await dialog.getByRole('button', { name: 'Désactiver' }).click();
    const result = page.getByRole('alertdialog', { name: 'Résultat' });
    await result.getByText('59 utilisateurs désactivés.').waitFor();
    await screenshot(page, 'select-all-users-result-fr', { fullPage: false });
    await result.getByRole('button', { name: 'Fermer' }).click();

    // Exactly those: 59 inactive, the unticked one still active.
    const active = await page.evaluate(async () => {
      const response = await fetch('/api/users?filter[q]=saisonnier&filter[active]=1', { headers: { Accept: 'application/json' } });
      return (await response.json()) as { total: number; data: { firstname: string; lastname: string }[] };
    });
    assert.equal(active.total, 1);
    assert.equal(`${active.data[0]?.firstname} ${active.data[0]?.lastname}`, unticked);
    await context.close();
  });

  it('offers it on a phone (en, 390 px)', async () => {
    await seedUsers('Hivernal', 30);
    const { context, page } = await app.newPage('en-GB', { viewport: { width: 390, height: 844 } });
    await signIn(page, 'admin@demo.test');
    await page.goto('/config/users/list?q=hivernal');
    await page.getByRole('checkbox', { name: 'Select the users of the page' }).check();
    await page.getByRole('button', { name: 'Select all 30 users that match' }).click();
    await page.getByText('30 selected (all that match)').waitFor();
    const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    assert.equal(wide, false, 'no sideways scroll at 390 px');
    await screenshot(page, 'select-all-users-en-390', { fullPage: false });
    await context.close();
  });
});
